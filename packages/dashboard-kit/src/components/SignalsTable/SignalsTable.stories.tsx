/**
 * SignalsTable: the webhook signals a user's alerts sent, newest first.
 *
 * Usage: `<SignalsTable signals={data} loading={isLoading} error={error} onRetry={mutate}
 * hasMore={!!nextCursor} loadingMore={isLoadingMore} onEndReached={loadMore} />`.
 * The kit never fetches: pass the rows, the states and the callbacks. Rows are virtualised, so
 * give the table a height (its default is 32rem) and pass every loaded row. `onRowClick` with
 * `selectedId`/`highlightedId` ties rows to chart markers; `onRowExpandedChange`, `rawBodyStatus` and
 * `onLoadRawBody` let the page fetch a raw body that the list left out, saying how that goes.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useEffect, useMemo, useState } from 'react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { generateSignals, makeSignal } from './fixtures';
import { SignalsTable } from './SignalsTable';
import type { RawBodyStatus, SignalRow } from './types';

export default {
  title: 'Data / Signals table',
} satisfies StoryDefault;

const NOW = Date.now();

export const Empty: Story = () => <SignalsTable signals={[]} />;

export const Loading: Story = () => <SignalsTable signals={[]} loading />;

export const LoadError: Story = () => {
  const [attempts, setAttempts] = useState(0);
  return (
    <Stack>
      <SignalsTable
        signals={[]}
        error={new Error('The server did not answer (503). Your signals are safe; try again in a moment.')}
        onRetry={() => setAttempts((count) => count + 1)}
      />
      <Caption>Retry pressed {attempts} times</Caption>
    </Stack>
  );
};

export const RefreshErrorAboveRows: Story = () => (
  <SignalsTable signals={generateSignals(20, { now: NOW })} error="Network unreachable" onRetry={() => {}} />
);

export const TwentyRows: Story = () => <SignalsTable signals={generateSignals(20, { now: NOW })} />;

export const HundredThousandRows: Story = () => {
  const signals = useMemo(() => generateSignals(100_000, { now: NOW }), []);
  return <SignalsTable signals={signals} style={{ height: '36rem' }} />;
};

export const RejectedWithLongReasons: Story = () => (
  <SignalsTable
    signals={[
      makeSignal({
        id: 'r1',
        receivedAt: NOW - 30_000,
        status: 'rejected',
        ticker: null,
        action: null,
        price: null,
        quantity: null,
        interval: null,
        strategy: null,
        reason:
          'The message is not valid JSON: "price" has a value without quotes ({{close}}): quote it: "price": "{{close}}"',
        reasonHelpHref: '/docs/webhooks#a-value-without-quotes',
        raw: '{"ticker": "{{ticker}}", "action": "{{strategy.order.action}}", "price": {{close}}, }',
      }),
      makeSignal({
        id: 'r2',
        receivedAt: NOW - 4 * 60_000,
        status: 'rejected',
        price: null,
        reason: 'Price is "{{close}}": a TradingView placeholder that was not filled in',
        reasonHelpHref: '/docs/webhooks#a-placeholder-that-was-not-filled-in',
      }),
      makeSignal({
        id: 'r3',
        receivedAt: NOW - 9 * 60_000,
        status: 'duplicate',
        reason: 'Repeat of signal 4182 (same alert id "btc-breakout-0915")',
      }),
      makeSignal({ id: 'r4', receivedAt: NOW - 12 * 60_000 }),
    ]}
  />
);

const IGNORED =
  "Ignored: the alert's price 1 is 100.0% from the market price 2861.26; " +
  'fill "signal" takes alert prices within 10% of the market';

/**
 * Outcomes of accepted signals: what each did to the paper account. An ignored one is badged
 * "ignored" beside "accepted", its reason after the badges (not "Ignored: …" again). A long one is
 * cut at two lines in its row and whole in the row's details (opened here, with the whole outcome),
 * with the strategy, which the keyboard reaches too (Enter on the row).
 */
export const OutcomesWithLongReasons: Story = () => (
  <BothThemes>
    <SignalsTable
      selectedId="o2"
      expandSelected
      style={{ height: '26rem' }}
      signals={[
        makeSignal({
          id: 'o1',
          receivedAt: NOW - 20_000,
          action: 'buy',
          strategy: 'Momentum breakout long-only v2 · Default',
          outcome: 'Executed: buy 0.01960784 @ 51,000.00',
        }),
        makeSignal({
          id: 'o2',
          receivedAt: NOW - 60_000,
          ticker: 'ETH',
          action: 'sell',
          price: 1,
          strategy: 'Mean reversion · Default',
          outcome: IGNORED,
          journey: {
            storedAt: NOW - 60_000 + 4,
            outcome: { status: 'ignored', at: NOW - 60_000 + 30, reason: IGNORED.replace(/^Ignored: /, '') },
          },
        }),
        makeSignal({ id: 'o3', receivedAt: NOW - 5 * 60_000, outcome: 'Pending: waits for the next 1m open' }),
      ]}
    />
  </BothThemes>
);

const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';

export const HostileText: Story = () => (
  <SignalsTable
    defaultColumnVisibility={{}}
    signals={[
      makeSignal({
        id: 'h1',
        receivedAt: NOW - 5_000,
        ticker: HOSTILE,
        action: '<b>buy</b>',
        strategy: '\u202Eesrever ni txet — right-to-left override',
        comment: HOSTILE,
        status: 'rejected',
        reason: `Ticker must be a symbol such as BTCUSDT or BINANCE:BTCUSDT (got "${HOSTILE}")`,
        raw: `{"ticker":"${HOSTILE}","note":"${'A'.repeat(400)}"}`,
      }),
      makeSignal({
        id: 'h2',
        receivedAt: NOW - 65_000,
        ticker: 'X'.repeat(120),
        strategy: 'a-very-long-strategy-name-without-any-spaces-that-must-not-widen-the-table-'.repeat(3),
        raw: 'plain text body\n\twith a tab, a newline and emoji 🚀',
      }),
    ]}
  />
);

/** A new signal every second, as the live stream delivers them; each flashes briefly. */
export const Live: Story = () => {
  const [signals, setSignals] = useState<SignalRow[]>(() => generateSignals(30, { now: Date.now() }));
  useEffect(() => {
    let sequence = 0;
    const timer = setInterval(() => {
      sequence += 1;
      const [next] = generateSignals(1, { now: Date.now(), seed: sequence, idPrefix: `live-${sequence}` });
      if (next) setSignals((current) => [next, ...current]);
    }, 1_000);
    return () => clearInterval(timer);
  }, []);
  return <SignalsTable signals={signals} />;
};

/** Older pages load as the end comes into view, as with the API's `nextCursor`. */
export const InfiniteLoading: Story = () => {
  const [signals, setSignals] = useState(() => generateSignals(50, { now: NOW }));
  const [loadingMore, setLoadingMore] = useState(false);
  const hasMore = signals.length < 500;
  const loadMore = () => {
    setLoadingMore(true);
    setTimeout(() => {
      setSignals((current) => {
        const oldest = current.at(-1)?.receivedAt ?? NOW;
        const page = generateSignals(50, {
          now: oldest - 5_000,
          seed: current.length,
          idPrefix: `page-${current.length}`,
        });
        return [...current, ...page];
      });
      setLoadingMore(false);
    }, 800);
  };
  return <SignalsTable signals={signals} hasMore={hasMore} loadingMore={loadingMore} onEndReached={loadMore} />;
};

/** A chart marker selects or points at a row; the table scrolls it into view. */
export const LinkedToChart: Story = () => {
  const signals = useMemo(() => generateSignals(2_000, { now: NOW }), []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  return (
    <Stack>
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" onClick={() => setSelectedId(signals[1_500]?.id ?? null)}>
          Select row 1,501 (as a marker click would)
        </button>
        <button type="button" onClick={() => setHighlightedId(signals[400]?.id ?? null)}>
          Point at row 401 (as a marker hover would)
        </button>
      </div>
      <SignalsTable
        signals={signals}
        selectedId={selectedId}
        highlightedId={highlightedId}
        onRowClick={(signal) => setSelectedId(signal.id)}
      />
    </Stack>
  );
};

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <SignalsTable signals={generateSignals(8, { now: NOW })} style={{ height: '22rem' }} />
  </BothThemes>
);

/**
 * The width a 1280 px screen leaves the table beside an open sidebar (990 px): every column shows without
 * scrolling sideways, and quantities to the satoshi are whole. One far beyond them is cut at its end, whole in
 * its tooltip.
 */
export const SatoshiQuantities: Story = () => (
  <SignalsTable
    style={{ width: '990px', height: '20rem' }}
    signals={[
      makeSignal({ id: 'q1', receivedAt: NOW - 20_000, quantity: 0.01113862 }),
      makeSignal({ id: 'q2', receivedAt: NOW - 40_000, ticker: 'SOL', price: 152.1, quantity: 12_345.12345678 }),
      makeSignal({ id: 'q3', receivedAt: NOW - 60_000, action: 'sell', quantity: 0.00012345 }),
      makeSignal({ id: 'q4', receivedAt: NOW - 80_000, ticker: 'ETH', price: 3_480.25, quantity: 1.5 }),
      makeSignal({ id: 'q5', receivedAt: NOW - 100_000, ticker: 'SOL', price: 152.1, quantity: 1_234_567.12345678 }),
    ]}
  />
);

/**
 * The same 990 px with what a paper account writes: each outcome with its fill price whole beside its badge, a
 * reversal wrapping onto the row's third line with the side now held and its size, and the alert's strategy over
 * the one whose URL received it ("Breakout 4h ·" over "Default"). A strategy longer than two lines is cut at the
 * end of the second, whole in its tooltip and the details.
 */
export const FillsAndStrategiesBesideSidebar: Story = () => (
  <SignalsTable
    style={{ width: '990px', height: '22rem' }}
    signals={[
      makeSignal({
        id: 'f1',
        receivedAt: NOW - 20_000,
        action: 'exit',
        price: null,
        quantity: null,
        interval: '4h',
        strategy: 'Breakout 4h · Default',
        outcome: 'Executed: closed long 0.01 @ 88,012.40',
      }),
      makeSignal({
        id: 'f1r',
        receivedAt: NOW - 40_000,
        action: 'sell',
        price: null,
        quantity: 0.03,
        interval: '4h',
        strategy: 'Breakout 4h · Default',
        outcome: 'Executed at 89,242.12: long 0.01 → short 0.03',
      }),
      makeSignal({
        id: 'f2',
        receivedAt: NOW - 60_000,
        price: 87_829.73,
        quantity: 0.01,
        interval: '4h',
        strategy: 'Breakout 4h · Default',
        outcome: 'Executed: opened long 0.01 @ 87,829.73',
      }),
      makeSignal({
        id: 'f3',
        receivedAt: NOW - 90_000,
        ticker: 'SOL',
        action: 'sell',
        price: 141.22,
        quantity: 3,
        strategy: 'Mean reversion 15m · Default',
        outcome: 'Executed: opened short 3 @ 141.22',
      }),
      makeSignal({
        id: 'f4',
        receivedAt: NOW - 120_000,
        ticker: 'ETH',
        action: 'sell',
        price: 3_120.55,
        quantity: 0.5,
        strategy: 'Breakout 4h · Swing momentum portfolio with a trailing exit',
        outcome: 'Executed: opened short 0.5 @ 3,120.55',
      }),
    ]}
  />
);

/**
 * At phone width each signal is a card: its status first, then ticker, action, interval and price, then the
 * time, the strategy and the quantity. The rows stay one keyboard grid.
 */
export const Phone: Story = () => (
  <PhoneFrame>
    <SignalsTable signals={generateSignals(40, { now: NOW })} style={{ height: '30rem' }} />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

export const PhoneBothThemes: Story = () => (
  <BothThemes>
    <SignalsTable signals={generateSignals(6, { now: NOW })} style={{ height: '26rem' }} />
  </BothThemes>
);
PhoneBothThemes.meta = { width: 'xsmall' };

/**
 * Long reasons and outcomes on phone cards: each wraps to three lines under its badges, and a longer one is
 * cut at the end of the third (whole in the details, opened here on the ignored one).
 */
export const PhoneLongOutcomes: Story = () => (
  <BothThemes>
    <SignalsTable
      selectedId="p2"
      expandSelected
      style={{ height: '34rem' }}
      signals={[
        makeSignal({
          id: 'p1',
          receivedAt: NOW - 20_000,
          outcome: 'Executed: closed long 0.0153, opened short 0.2 @ 65,000.00',
        }),
        makeSignal({
          id: 'p2',
          receivedAt: NOW - 60_000,
          ticker: 'ETH',
          action: 'sell',
          price: 1,
          outcome: IGNORED,
          journey: {
            storedAt: NOW - 60_000 + 4,
            outcome: { status: 'ignored', at: NOW - 60_000 + 30, reason: IGNORED.replace(/^Ignored: /, '') },
          },
        }),
        makeSignal({
          id: 'p3',
          receivedAt: NOW - 5 * 60_000,
          status: 'rejected',
          reason: 'Price must be a positive number; the alert sent "{{close}}" unexpanded, check the alert message',
        }),
      ]}
    />
  </BothThemes>
);
PhoneLongOutcomes.meta = { width: 'xsmall' };

/**
 * Cards 320 px wide, the narrowest phone: an eight-decimal quantity, a flagged price, an alert that sent no
 * quantity or interval, and a long strategy name. Price and quantity stay whole; the strategy gives way first.
 */
export const PhoneNarrowCards: Story = () => (
  <BothThemes>
    <SignalsTable
      style={{ width: '320px', height: '30rem' }}
      priceWarning={(signal) => (signal.id === 'n2' ? 'Priced 12.40% below the market (at 84,000.00)' : null)}
      signals={[
        makeSignal({ id: 'n1', receivedAt: NOW - 20_000, quantity: 0.00012345, interval: '4h' }),
        makeSignal({
          id: 'n2',
          receivedAt: NOW - 60_000,
          action: 'sell',
          price: 73_584.12,
          quantity: 1.5,
          interval: '15m',
          strategy: 'Mean reversion on the hourly close · Default',
        }),
        makeSignal({ id: 'n3', receivedAt: NOW - 5 * 60_000, ticker: 'SOL', quantity: null, interval: null }),
      ]}
    />
  </BothThemes>
);
PhoneNarrowCards.meta = { width: 'phone' };

/** The empty state wraps at phone width instead of being cut off. */
export const PhoneEmpty: Story = () => (
  <PhoneFrame>
    <SignalsTable signals={[]} style={{ height: '24rem' }} />
  </PhoneFrame>
);
PhoneEmpty.meta = { width: 'xsmall' };

/** `timeZone="UTC"`: the time column says so, and every tooltip and detail time is in UTC. */
export const UtcTimeZone: Story = () => (
  <BothThemes>
    <SignalsTable
      signals={generateSignals(8, { now: NOW - 40 * 86_400_000 })}
      timeZone="UTC"
      style={{ height: '22rem' }}
    />
  </BothThemes>
);

/**
 * A link to one signal: `selectedId` with `expandSelected` scrolls to it, marks it and opens it;
 * `getChartHref` adds "Show on chart" to its details. Tab into the table, then use the arrow keys.
 */
export const SelectedWithChartLink: Story = () => {
  const signals = useMemo(() => generateSignals(400, { now: NOW }), []);
  const [followed, setFollowed] = useState<string | null>(null);
  return (
    <Stack>
      <SignalsTable
        signals={signals}
        selectedId={signals[250]!.id}
        expandSelected
        getChartHref={(signal) => `#/trading/${signal.ticker ?? 'BTC'}/1m?signal=${signal.id}`}
        onChartLinkClick={(signal, event) => {
          event.preventDefault();
          setFollowed(signal.id);
        }}
        style={{ height: '26rem' }}
      />
      <Caption>{followed ? `Show on chart followed for ${followed}` : 'Show on chart not followed yet'}</Caption>
    </Stack>
  );
};

/** `priceWarning` flags a price beside it, named for screen readers and in a tooltip. */
export const FarFromMarket: Story = () => (
  <BothThemes>
    <SignalsTable
      signals={[
        makeSignal({ id: 'far', ticker: 'BTC', action: 'buy', price: 1_102, receivedAt: NOW - 60_000 }),
        makeSignal({ id: 'near', ticker: 'BTC', action: 'sell', price: 84_120.5, receivedAt: NOW - 120_000 }),
      ]}
      priceWarning={(signal) => (signal.id === 'far' ? 'Priced 98.69% below the market (at 84,000.00)' : null)}
      style={{ height: '12rem' }}
    />
  </BothThemes>
);

/** Raw bodies left out of the list: open a row; the first fails once (Retry), the second loads on request. */
export const RawBodyStates: Story = () => {
  const [status, setStatus] = useState<Record<string, RawBodyStatus | 'loaded'>>({});
  const signals = [
    makeSignal({ id: 'fails', ticker: 'BTC', action: 'buy', receivedAt: NOW - 60_000, raw: undefined }),
    makeSignal({ id: 'loads', ticker: 'ETH', action: 'sell', receivedAt: NOW - 120_000, raw: undefined }),
  ].map((signal) => (status[signal.id] === 'loaded' ? { ...signal, raw: `{"ticker":"${signal.ticker}"}` } : signal));
  const load = (signal: SignalRow) => {
    setStatus((current) => ({ ...current, [signal.id]: { state: 'loading' } }));
    setTimeout(() => {
      setStatus((current) => ({
        ...current,
        [signal.id]:
          signal.id === 'fails' && !('fails-retried' in current)
            ? { state: 'error', message: 'The server did not answer (503).' }
            : 'loaded',
        ...(signal.id === 'fails' ? { 'fails-retried': 'loaded' } : {}),
      }));
    }, 800);
  };
  return (
    <SignalsTable
      signals={signals}
      rawBodyStatus={(signal) => {
        const current = status[signal.id];
        return current === undefined || current === 'loaded' ? null : current;
      }}
      onLoadRawBody={load}
      style={{ height: '24rem' }}
    />
  );
};
