import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYMBOLS } from '../market/markets';
import {
  equity,
  openAccount,
  unrealisedPnl,
  type AccountState,
  type ClosedTrade,
  type EquityPoint,
  type Fill,
} from './account';
import {
  applyCandle,
  closePositionAtMarket,
  executeSignal,
  type ManualClose,
  type PaperEvent,
  type SignalOutcome,
} from './engine';
import type { PriceCandle } from './exits';
import { roundMoney } from './money';
import { replay, type ReplayInput } from './replay';
import { FILL_MODES, SIDES, type StrategySettings } from './settings';
import { PAPER_ACTIONS } from './signal';
import { MINUTE, T0, candle, randomWalkCandles, seededRandom, settingsWith, signal } from './test-helpers';

/**
 * A trader's "Close at market" in the live account: after the signal at `afterSignal` (in receipt order) and the
 * candles closing up to a `fraction` of the way to the next signal, they close their `symbol` position, `delayMs`
 * later, at the last price then.
 */
interface CloseRequest {
  afterSignal: number;
  fraction: number;
  delayMs: number;
  symbol: string;
}

/**
 * The live account as the product runs it, written independently of replay(): before each signal, every candle
 * that has closed by its receipt is applied (oldest first, pairs in the listed order); the signal's market price
 * is its pair's latest close; the candles left are applied at the end. Positions are closed by hand as `requests`
 * say, with the live API's engine function; the closes made are returned as stored for replay. `onStep` sees the
 * account after every step.
 */
function liveAccount(
  input: ReplayInput,
  onStep: (state: AccountState) => void = () => {},
  requests: readonly CloseRequest[] = [],
) {
  const order = (symbol: string) => SYMBOLS.indexOf(symbol as (typeof SYMBOLS)[number]);
  const candles = Object.entries(input.candles)
    .flatMap(([symbol, series]) => series.map((bar) => ({ symbol, bar })))
    .sort((a, b) => a.bar.time - b.bar.time || order(a.symbol) - order(b.symbol));
  let state = openAccount({
    strategyId: input.strategyId,
    startingBalance: input.settings.startingBalance,
    openedAt: input.openedAt,
  });
  const outcomes = new Map<number, SignalOutcome>();
  const fills: Fill[] = [];
  const trades: ClosedTrade[] = [];
  const equityPoints: EquityPoint[] = [];
  const latest: Record<string, PriceCandle> = {};
  const record = (events: PaperEvent[]) => {
    for (const event of events) {
      if (event.type === 'fill') fills.push(event.fill);
      if (event.type === 'trade') trades.push(event.trade);
      if (event.type === 'equity') equityPoints.push(event.point);
    }
    onStep(state);
  };
  let next = 0;
  const applyUntil = (time: number) => {
    for (; next < candles.length && candles[next]!.bar.time + MINUTE <= time; next += 1) {
      const { symbol, bar } = candles[next]!;
      const step = applyCandle(state, symbol, bar, input.settings);
      state = step.state;
      latest[symbol] = bar;
      for (const outcome of step.outcomes) outcomes.set(outcome.signalId, outcome);
      record(step.events);
    }
  };
  const inOrder = [...input.signals].sort((a, b) => a.receivedAt - b.receivedAt || a.id - b.id);
  const closes: ManualClose[] = [];
  /** The last price at `time`: the close of the pair's latest candle finished by then. */
  const quoteAt = (symbol: string, time: number) => {
    const finished = (input.candles[symbol] ?? []).filter((bar) => bar.time + MINUTE <= time);
    const last = finished[finished.length - 1];
    return last ? { price: last.close, time: last.time + MINUTE } : null;
  };
  const closeByHand = (index: number) => {
    for (const request of requests.filter(({ afterSignal }) => afterSignal === index)) {
      const from = inOrder[index]!.receivedAt;
      const gap = (inOrder[index + 1]?.receivedAt ?? from + 10 * MINUTE) - from;
      // The next signal is not decided yet (it is received later): the close comes before it.
      if (gap === 0) continue;
      const after = from + Math.floor(request.fraction * gap);
      applyUntil(after);
      if (!state.positions[request.symbol]) continue;
      const time = after + request.delayMs;
      const quote = quoteAt(request.symbol, time);
      const step = closePositionAtMarket(state, request.symbol, input.settings, quote, time);
      if (step.outcome.status !== 'executed') continue;
      state = step.state;
      closes.push({ symbol: request.symbol, time, after, price: quote!.price });
      record(step.events);
    }
  };
  for (const [index, received] of inOrder.entries()) {
    applyUntil(received.receivedAt);
    const last = latest[received.ticker];
    const step = executeSignal(
      state,
      received,
      input.settings,
      last ? { price: last.close, time: last.time + MINUTE } : null,
    );
    state = step.state;
    outcomes.set(received.id, { signalId: received.id, outcome: step.outcome });
    record(step.events);
    closeByHand(index);
  }
  applyUntil(Infinity);
  return {
    state,
    outcomes: inOrder.map((received) => outcomes.get(received.id)!),
    fills,
    trades,
    equityPoints,
    closes,
  };
}

describe('given a day of signals and candles', () => {
  // BTC rises 1 a minute from 100 (open = previous close, high and low 0.5 either side).
  const rising = Array.from({ length: 30 }, (_, index) =>
    candle(T0 + index * MINUTE, 100 + index, 101.5 + index, 99.5 + index, 101 + index),
  );
  const input: ReplayInput = {
    strategyId: 3,
    settings: settingsWith({ sizing: { mode: 'fixed', value: 1 }, feeBps: 0, onOpposite: 'close' }),
    openedAt: T0,
    signals: [
      signal({ id: 101, action: 'buy', receivedAt: T0 + 2 * MINUTE + 10_000 }),
      signal({ id: 102, action: 'sell', receivedAt: T0 + 10 * MINUTE + 5_000 }),
      signal({ id: 103, action: 'buy', ticker: 'ETH', receivedAt: T0 + 11 * MINUTE }),
    ],
    candles: { BTC: rising },
  };

  it("should fill each signal at the close of its pair's latest finished candle", () => {
    const result = replay(input);
    // Received in minute 2: the candle of minute 1 closed at 102. In minute 10: minute 9 closed at 110.
    expect(result.trades).toMatchObject([
      { entrySignalIds: [101], exitSignalId: 102, entryPrice: 102, exitPrice: 110, netPnl: 8 },
    ]);
    expect(result.outcomes.map(({ signalId, outcome }) => [signalId, outcome.status])).toEqual([
      [101, 'executed'],
      [102, 'executed'],
      [103, 'ignored'],
    ]);
    expect(result.outcomes[2]!.outcome).toEqual({ status: 'ignored', reason: 'no market data for ETH' });
  });

  it('should answer "what if my stop had been 2%?" with the stop taken from the candles', () => {
    const falling = rising.map((bar, index) =>
      index < 4 ? bar : candle(bar.time, 103 - index, 104 - index, 102 - index, 103 - index),
    );
    const result = replay({ ...input, candles: { BTC: falling }, settings: { ...input.settings, stopLossPct: 2 } });
    // Entry 102, stop 99.96. Minute 3 (low 102.5) stays above it; minute 4 opens at 99, below it: filled at that open.
    expect(result.trades).toMatchObject([{ exitReason: 'stop_loss', exitPrice: 99, exitSignalId: null }]);
  });

  it('should leave out signals received before the account was opened (reset)', () => {
    const result = replay({ ...input, openedAt: T0 + 5 * MINUTE });
    expect(result.outcomes.map(({ signalId }) => signalId)).toEqual([102, 103]);
    // Without the buy before it, the sell opens a short.
    expect(result.outcomes[0]!.outcome).toMatchObject({ status: 'executed', side: 'sell', price: 110 });
    expect(result.state.positions.BTC).toMatchObject({ side: 'short', entrySignalIds: [102] });
  });

  it('should mark equity at each UTC midnight and at the end', () => {
    const late = Date.UTC(2026, 0, 5, 23, 50);
    const result = replay({
      ...input,
      openedAt: late - MINUTE,
      signals: [signal({ action: 'buy', receivedAt: late })],
      candles: { BTC: randomWalkCandles(seededRandom(1), late - MINUTE, 20, 100) },
    });
    expect(result.equityPoints.map((point) => new Date(point.time).toISOString())).toEqual([
      '2026-01-05T23:50:00.000Z',
      '2026-01-06T00:00:00.000Z',
      // The last candle (started 00:08) closes at 00:09.
      '2026-01-06T00:09:00.000Z',
    ]);
  });

  it('should reproduce the live account exactly', () => {
    const live = liveAccount(input);
    const replayed = replay(input);
    expect(replayed.state).toEqual(live.state);
    expect(replayed.outcomes).toEqual(live.outcomes);
    expect(replayed.trades).toEqual(live.trades);
  });

  describe('and a position closed by hand', () => {
    // Bought at 102 in minute 2. The trader closed it at 09:05:30 (minute 4 had closed at 105), while the
    // account had applied the candles and signals up to 04:20; then bought again in minute 8 (minute 7 closed at 108).
    const closed: ManualClose = {
      symbol: 'BTC',
      time: T0 + 5 * MINUTE + 30_000,
      after: T0 + 4 * MINUTE + 20_000,
      price: 105,
    };
    const again = signal({ id: 104, action: 'buy', receivedAt: T0 + 8 * MINUTE + 5_000 });
    const withClose: ReplayInput = {
      ...input,
      signals: [input.signals[0]!, again],
      manualCloses: [closed],
    };

    it('should close it again at the price the trader got, so that the next buy opens a new position', () => {
      const result = replay(withClose);
      expect(result.trades).toMatchObject([
        {
          entrySignalIds: [101],
          entryPrice: 102,
          exitPrice: 105,
          exitReason: 'manual',
          exitSignalId: null,
          closedAt: closed.time,
          netPnl: 3,
        },
      ]);
      expect(result.outcomes.map(({ signalId, outcome }) => [signalId, outcome.status])).toEqual([
        [101, 'executed'],
        [104, 'executed'],
      ]);
      expect(result.state.positions.BTC).toMatchObject({ side: 'long', entryPrice: 108, entrySignalIds: [104] });
      expect(result.manualCloses).toEqual({ applied: 1, skipped: 0 });

      // Without the close, the second buy finds the account already long.
      expect(replay({ ...withClose, manualCloses: [] }).outcomes[1]!.outcome).toMatchObject({
        status: 'ignored',
        reason: expect.stringMatching(/^already long/),
      });
    });

    it('should close it where the live account did: before a candle that closed between that point and the click', () => {
      // Minute 4 (closing at 09:05, after the account's 04:20 and before the click) falls through the 2% stop at
      // 99.96. Live closed the position by hand before applying it: no stop.
      const dropping = rising.map((bar, index) => (index === 4 ? candle(bar.time, 104, 104.5, 99, 100) : bar));
      const result = replay({
        ...withClose,
        candles: { BTC: dropping },
        settings: { ...withClose.settings, stopLossPct: 2 },
      });
      expect(result.trades).toMatchObject([{ exitReason: 'manual', exitPrice: 105 }]);
      // Placed at the click instead, the close would come after the stop and find nothing to close.
      const atClick = replay({
        ...withClose,
        candles: { BTC: dropping },
        settings: { ...withClose.settings, stopLossPct: 2 },
        manualCloses: [{ ...closed, after: closed.time }],
      });
      expect(atClick.trades).toMatchObject([{ exitReason: 'stop_loss' }]);
      expect(atClick.manualCloses).toEqual({ applied: 0, skipped: 1 });
    });

    it("should apply the new settings' slippage and fee to the trader's price", () => {
      const result = replay({ ...withClose, settings: { ...withClose.settings, slippageBps: 50, feeBps: 10 } });
      // A sell: 105 less 0.5%, and 10 bps of its value as the fee.
      expect(result.trades[0]).toMatchObject({ exitReason: 'manual', exitPrice: 104.475, exitFee: 0.104475 });
    });

    it('should skip it when the new settings hold no position there, and say so', () => {
      const result = replay({ ...withClose, settings: { ...withClose.settings, sides: 'short' } });
      expect(result.trades).toEqual([]);
      expect(result.manualCloses).toEqual({ applied: 0, skipped: 1 });
    });

    it('should leave out a close made before the account was opened (reset)', () => {
      const result = replay({ ...withClose, openedAt: T0 + 6 * MINUTE, signals: [again] });
      expect(result.manualCloses).toEqual({ applied: 0, skipped: 0 });
      expect(result.state.positions.BTC).toMatchObject({ entrySignalIds: [104] });
    });
  });
});

describe('given alerts whose stop or target is on the wrong side of the fill', () => {
  // BTC rises 1 a minute from 100: minute i opens at 100 + i and closes at 101 + i.
  const rising = Array.from({ length: 10 }, (_, index) =>
    candle(T0 + index * MINUTE, 100 + index, 101.5 + index, 99.5 + index, 101 + index),
  );
  const input = (fill: StrategySettings['fill']): ReplayInput => ({
    strategyId: 3,
    settings: settingsWith({ sizing: { mode: 'fixed', value: 1 }, feeBps: 0, fill }),
    openedAt: T0,
    signals: [
      signal({ id: 201, action: 'buy', stopLoss: 103, receivedAt: T0 + 2 * MINUTE + 10_000 }),
      signal({ id: 202, action: 'buy', stopLoss: 95, takeProfit: 130, receivedAt: T0 + 3 * MINUTE + 10_000 }),
      signal({ id: 203, action: 'sell', takeProfit: 110, receivedAt: T0 + 5 * MINUTE + 10_000 }),
    ],
    candles: { BTC: rising },
  });
  const decided = (fill: StrategySettings['fill']) => {
    const live = liveAccount(input(fill));
    const replayed = replay(input(fill));
    expect(replayed.outcomes).toEqual(live.outcomes);
    expect(replayed.state).toEqual(live.state);
    expect(replayed.trades).toEqual(live.trades);
    return replayed;
  };

  it("should refuse the buy and the reversal's short at market as the live account did, for the same reasons", () => {
    // Market prices: 102 (minute 1's close), 103, 105.
    const { outcomes, state } = decided('market');
    expect(
      outcomes.map(({ outcome }) => (outcome.status === 'executed' ? (outcome.note ?? outcome.effect) : outcome)),
    ).toEqual([
      {
        status: 'ignored',
        reason: "stop_loss 103 is above 102, the price this long would fill at: a long's stop must be below its entry",
      },
      'open',
      "short not opened: take_profit 110 is above 105, the price this short would fill at: a short's target must be below its entry",
    ]);
    expect(state.positions).toEqual({});
  });

  it('should decide next_open signals against the open that fills them, alike in replay', () => {
    // Filled at the opens of minutes 3, 4 and 6: 103, 104 and 106.
    const { outcomes } = decided('next_open');
    expect(
      outcomes.map(({ outcome }) => (outcome.status === 'executed' ? (outcome.note ?? outcome.effect) : outcome)),
    ).toEqual([
      {
        status: 'ignored',
        reason: "stop_loss 103 is at 103, the price this long would fill at: a long's stop must be below its entry",
      },
      'open',
      "short not opened: take_profit 110 is above 106, the price this short would fill at: a short's target must be below its entry",
    ]);
  });
});

const MINUTES = 600;

const settingsArbitrary: fc.Arbitrary<StrategySettings> = fc
  .record({
    sizing: fc.oneof(
      fc.record({ mode: fc.constant('signal' as const), value: fc.constantFrom(100, 1_000) }),
      fc.record({ mode: fc.constant('fixed' as const), value: fc.constantFrom(0.01, 0.5, 3) }),
      fc.record({ mode: fc.constant('notional' as const), value: fc.constantFrom(50, 2_500) }),
      fc.record({ mode: fc.constant('percent' as const), value: fc.constantFrom(5, 50, 100) }),
    ),
    sides: fc.constantFrom(...SIDES),
    onOpposite: fc.constantFrom('reverse' as const, 'close' as const),
    pyramiding: fc.boolean(),
    fill: fc.constantFrom(...FILL_MODES),
    slippageBps: fc.constantFrom(0, 7, 50),
    feeBps: fc.constantFrom(0, 10, 26),
    stopLossPct: fc.constantFrom(null, 0.3, 2),
    takeProfitPct: fc.constantFrom(null, 0.4, 5),
    maxSignalAgeS: fc.constantFrom(null, 30),
  })
  .map((overrides) => settingsWith(overrides));

const signalsArbitrary = fc.array(
  fc.record({
    ticker: fc.constantFrom('BTC', 'BTC', 'ETH', 'SOL'),
    action: fc.constantFrom(...PAPER_ACTIONS),
    minute: fc.integer({ min: 0, max: MINUTES }),
    second: fc.integer({ min: 0, max: 59 }),
    price: fc.option(fc.constantFrom(99.5, 101, 2_000)),
    quantity: fc.option(fc.constantFrom(0.1, 1, 2.5)),
    positionSize: fc.option(fc.constantFrom(-2, -0.5, 0, 0.5, 2), { freq: 4 }),
    marketPosition: fc.option(fc.constantFrom('long' as const, 'flat' as const, 'short' as const), { freq: 4 }),
    stopLoss: fc.option(fc.constantFrom(90, 99, 1_900), { freq: 4 }),
    takeProfit: fc.option(fc.constantFrom(95, 105, 2_100), { freq: 4 }),
    ageS: fc.option(fc.integer({ min: 0, max: 60 })),
  }),
  { maxLength: 40 },
);

type DrawnSignals = typeof signalsArbitrary extends fc.Arbitrary<infer Drawn> ? Drawn : never;

const closeRequestsArbitrary = fc.array(
  fc.record({
    afterSignal: fc.integer({ min: 0, max: 39 }),
    fraction: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    delayMs: fc.integer({ min: 0, max: 10 * MINUTE }),
    symbol: fc.constantFrom('BTC', 'ETH'),
  }),
  { maxLength: 8 },
);

function scenario(seed: number, settings: StrategySettings, drawn: DrawnSignals): ReplayInput {
  const random = seededRandom(seed);
  return {
    strategyId: 1,
    settings,
    openedAt: T0,
    // SOL has no candles: its signals meet "no market data" unless the alert's price is used.
    candles: { BTC: randomWalkCandles(random, T0, MINUTES, 100), ETH: randomWalkCandles(random, T0, MINUTES, 2_000) },
    signals: drawn.map((fields, index) => {
      const receivedAt = T0 + fields.minute * MINUTE + fields.second * 1000;
      return signal({
        id: index + 1,
        ticker: fields.ticker,
        action: fields.action,
        price: fields.price,
        quantity: fields.quantity,
        positionSize: fields.positionSize,
        marketPosition: fields.marketPosition,
        stopLoss: fields.stopLoss,
        takeProfit: fields.takeProfit,
        alertTime: fields.ageS === null ? null : receivedAt - fields.ageS * 1000,
        receivedAt,
      });
    }),
  };
}

describe('given any signals, candles and settings', () => {
  it('should keep equity = starting balance + realised + unrealised P&L after every step', () => {
    fc.assert(
      fc.property(fc.integer(), settingsArbitrary, signalsArbitrary, (seed, settings, drawn) => {
        const input = scenario(seed, settings, drawn);
        const { state: final, trades } = liveAccount(input, (state) => {
          expect(equity(state)).toBe(roundMoney(state.startingBalance + state.realisedPnl + unrealisedPnl(state)));
        });
        expect(final.realisedPnl).toBe(roundMoney(trades.reduce((sum, trade) => sum + trade.netPnl, 0)));
      }),
      { numRuns: 60 },
    );
  });

  it('should replay to exactly the live account, every time', () => {
    fc.assert(
      fc.property(fc.integer(), settingsArbitrary, signalsArbitrary, (seed, settings, drawn) => {
        const input = scenario(seed, settings, drawn);
        const live = liveAccount(input);
        const first = replay(input);
        expect(first.state).toEqual(live.state);
        expect(first.outcomes).toEqual(live.outcomes);
        expect(first.fills).toEqual(live.fills);
        expect(first.trades).toEqual(live.trades);
        expect(replay(input)).toEqual(first);
      }),
      { numRuns: 60 },
    );
  });

  it('should replay positions closed by hand to exactly the live account, every time', () => {
    let closed = 0;
    const property = fc.property(
      fc.integer(),
      settingsArbitrary,
      signalsArbitrary,
      closeRequestsArbitrary,
      (seed, settings, drawn, requests) => {
        const input = scenario(seed, settings, drawn);
        const live = liveAccount(input, () => {}, requests);
        closed += live.closes.length;
        const replayed = replay({ ...input, manualCloses: live.closes });
        expect(replayed.state).toEqual(live.state);
        expect(replayed.outcomes).toEqual(live.outcomes);
        expect(replayed.fills).toEqual(live.fills);
        expect(replayed.trades).toEqual(live.trades);
        expect(replayed.manualCloses).toEqual({ applied: live.closes.length, skipped: 0 });
        // The equity after every fill (the day has no midnight; replay adds a point at its end).
        expect(replayed.equityPoints.slice(0, live.equityPoints.length)).toEqual(live.equityPoints);
        expect(replayed.equityPoints.length - live.equityPoints.length).toBeLessThanOrEqual(1);
      },
    );
    // New cases every run, and a fixed set whose runs do close positions by hand: drawn at random, a run's 80 cases
    // once closed none (a fresh-clone CI run), and the check below failed for want of a case, not for a fault.
    fc.assert(property, { numRuns: 80 });
    closed = 0;
    fc.assert(property, { numRuns: 40, seed: 20261130 });
    // The fixed runs did close positions by hand (the property is not vacuous).
    expect(closed).toBeGreaterThan(0);
  });
});
