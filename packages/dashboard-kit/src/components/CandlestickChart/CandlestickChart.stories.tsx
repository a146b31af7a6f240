/**
 * CandlestickChart: a live OHLCV chart for one pair, with volume, signal markers and a crosshair.
 *
 * Usage: `<CandlestickChart symbol="BTC/USD" interval="1m" candles={candles} markers={signals}
 * onMarkerClick={openSignal} loading={isLoading} error={error?.message ?? null} onRetry={reload} />`.
 * Pass the whole history, oldest first; on each live tick pass a new array whose last candle is the
 * updated forming one (the settled candles can stay the same objects). Width follows the container,
 * `height` sets the whole chart's height. Give `formatPrice` a stable function.
 *
 * Try it: drag or wheel to pan and zoom, pinch on touch, or focus the chart and use the arrow keys,
 * Home, End, + and −. Zoomed out past 200 candles it draws coarser candles (the badge says which).
 * Switch the theme with Ladle's theme button.
 */
import { action, type Story, type StoryDefault } from '@ladle/react';
import { useEffect, useState } from 'react';
import { BothThemes, Caption, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { MINUTE } from './aggregate';
import { CandlestickChart, type CandlestickChartProps } from './CandlestickChart';
import { defaultFormatPrice } from './format';
import { openNextCandle, sampleCandles, sampleMarkers, seededRandom, tickCandle } from './fixtures';
import { DEFAULT_PANE_SIZES, type ChartPaneSizes } from './panes';
import type { PriceScaleMode } from './scales';
import { NO_INDICATORS, type ChartIndicators } from './studies';
import type { Candle, ChartMarker, PriceLine, TradeMarker } from './types';

export default {
  title: 'Data / Candlestick chart',
} satisfies StoryDefault;

const HISTORY_300 = sampleCandles({ count: 300 });
const HISTORY_20K = sampleCandles({ count: 20_000 });

/** The chart most stories show: BTC/USD, one-minute candles, 300 of them; a story's props add to or replace these. */
function BtcChart(props: Partial<CandlestickChartProps>) {
  return <CandlestickChart symbol="BTC/USD" interval="1m" candles={HISTORY_300} {...props} />;
}

export const History300: Story = () => <BtcChart />;
History300.storyName = '300 candles';

export const History20000: Story = () => (
  <Stack>
    <Caption>20,000 one-minute candles: zoom out and the chart switches to coarser candles.</Caption>
    <BtcChart candles={HISTORY_20K} />
  </Stack>
);
History20000.storyName = 'Twenty thousand candles';

export const DailyCandles: Story = () => (
  <CandlestickChart
    symbol="ETH/USD"
    interval="1d"
    candles={sampleCandles({ count: 400, intervalMs: 24 * 60 * MINUTE, startPrice: 3_100, seed: 3 })}
  />
);

/** Ticks every second; a new candle opens every minute of ticks. */
function useLiveCandles(initial: Candle[]): Candle[] {
  const [candles, setCandles] = useState(initial);
  useEffect(() => {
    const random = seededRandom(11);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      setCandles((current) => {
        const last = current[current.length - 1] as Candle;
        return ticks % 60 === 0
          ? [...current, openNextCandle(last, MINUTE)]
          : [...current.slice(0, -1), tickCandle(last, random)];
      });
    }, 1_000);
    return () => clearInterval(timer);
  }, []);
  return candles;
}

export const LiveUpdating: Story = () => {
  const candles = useLiveCandles(HISTORY_300);
  return (
    <Stack>
      <Caption>A tick every second. Scroll back: the view stays put and “Go to latest” appears.</Caption>
      <BtcChart candles={candles} />
    </Stack>
  );
};

export const WithMarkers: Story = () => {
  const [clicked, setClicked] = useState<ChartMarker | null>(null);
  return (
    <Stack>
      <BtcChart markers={sampleMarkers(HISTORY_300, 9)} onMarkerClick={setClicked} />
      <Caption>{clicked ? `Clicked: ${clicked.side} “${clicked.label}” (${clicked.id})` : 'Click a marker.'}</Caption>
    </Stack>
  );
};

/** Entries long and short, exits, a burst folded into a count, a flagged signal, and the selected one. */
function signalKinds(candles: readonly Candle[]): ChartMarker[] {
  const at = (back: number) => candles[candles.length - 1 - back] as Candle;
  const markers: ChartMarker[] = [
    { id: 'long', time: at(40).time, side: 'buy', label: 'LONG · Breakout', price: at(40).low },
    { id: 'short', time: at(32).time, side: 'sell', label: 'SHORT · Fade the high', price: at(32).high },
    {
      id: 'exit',
      time: at(24).time,
      side: 'sell',
      kind: 'exit',
      label: 'EXIT_LONG · Take profit',
      price: at(24).close,
    },
    {
      id: 'far',
      time: at(16).time,
      side: 'buy',
      label: 'BUY · Fat finger',
      price: 1_102,
      warning: 'Priced 98.28% below the market',
    },
  ];
  for (let i = 0; i < 12; i++) {
    markers.push({
      id: `burst-${i}`,
      time: at(8).time + i * 1_000,
      side: 'buy',
      label: `BUY · Scalper #${i + 1}`,
      price: at(8).close,
    });
  }
  return markers;
}

const KIND_MARKERS = signalKinds(HISTORY_300);

export const MarkerKinds: Story = () => (
  <BothThemes>
    <BtcChart
      markers={KIND_MARKERS}
      selectedMarkerId="short"
      timeZone="UTC"
      height={360}
      onMarkerClick={action('marker')}
    />
  </BothThemes>
);

/** 118 signals on one candle, both sides, prices spread: one short stack a side, its "+N" a button. */
function busyCandle(candles: readonly Candle[]): ChartMarker[] {
  const candle = candles[candles.length - 6] as Candle;
  return Array.from({ length: 118 }, (_, i) => ({
    id: `busy-${i}`,
    time: candle.time + i * 400,
    side: i % 2 ? 'sell' : 'buy',
    label: `${i % 2 ? 'SELL' : 'BUY'} · Scale in #${i + 1}`,
    price: candle.low + ((candle.high - candle.low) * (i % 9)) / 8,
  }));
}

const BUSY_MARKERS = busyCandle(HISTORY_300);

export const BusyCandle: Story = () => (
  <Stack>
    <BtcChart markers={BUSY_MARKERS} height={360} onMarkerClick={action('marker')} />
    <Caption>
      Tab to the markers, then the arrow keys reach each stack&apos;s +N; its tooltip names what it holds.
    </Caption>
  </Stack>
);

export const OpenedAtASignal: Story = () => (
  <Stack>
    <Caption>focusTime centres the view on a signal’s time; selectedMarkerId rings its marker.</Caption>
    <BtcChart markers={KIND_MARKERS} focusTime={(HISTORY_300[120] as Candle).time} selectedMarkerId="long" />
  </Stack>
);

export const TimeZones: Story = () => (
  <Stack>
    <Caption>The viewer’s local zone (the default), then UTC: axis, legend and crosshair, the zone named.</Caption>
    <BtcChart timeZone="local" height={300} />
    <BtcChart timeZone="UTC" height={300} />
  </Stack>
);

export const Loading: Story = () => <BtcChart candles={[]} loading />;

export const Empty: Story = () => <CandlestickChart symbol="SOL/USD" interval="4h" candles={[]} />;

export const ErrorState: Story = () => (
  <BtcChart
    candles={[]}
    error="The market data service did not answer. Check your connection."
    onRetry={action('retry')}
  />
);

export const ReloadingAndFailedUpdate: Story = () => (
  <Stack>
    <BtcChart loading height={300} />
    <BtcChart error="Live updates stopped." onRetry={action('retry')} height={300} />
  </Stack>
);

export const LowPricedPair: Story = () => (
  <CandlestickChart
    symbol="DOGE/USD"
    interval="15m"
    candles={sampleCandles({ count: 300, intervalMs: 15 * MINUTE, startPrice: 0.1234, seed: 5 })}
  />
);

export const Phone: Story = () => {
  const candles = useLiveCandles(HISTORY_300);
  return (
    <PhoneFrame>
      <BtcChart candles={candles} markers={sampleMarkers(HISTORY_300, 9)} height={320} />
    </PhoneFrame>
  );
};
Phone.meta = { width: 'xsmall' };

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <BtcChart markers={sampleMarkers(HISTORY_300, 9)} height={320} />
  </BothThemes>
);

/** An open long with its stop and target, a closed short before it, and a custom level off the scale. */
function positionOverlays(candles: readonly Candle[]): { lines: PriceLine[]; trades: TradeMarker[] } {
  const at = (back: number) => candles[candles.length - 1 - back] as Candle;
  const entry = at(30).close;
  return {
    lines: [
      { id: 'entry', price: entry, label: 'Entry', kind: 'entry' },
      { id: 'stop', price: entry * 0.997, label: 'Stop', kind: 'stop' },
      { id: 'target', price: entry * 1.004, label: 'Target', kind: 'target' },
      { id: 'alert', price: entry * 1.05, label: 'Alert level', kind: 'custom' },
    ],
    trades: [
      {
        id: 'short-in',
        time: at(90).time + 5_000,
        price: at(90).close,
        side: 'short',
        kind: 'entry',
        label: 'Short 0.2 @ ' + defaultFormatPrice(at(90).close),
        source: 'Mean Reversion',
      },
      {
        id: 'short-out',
        time: at(60).time + 5_000,
        price: at(60).close,
        side: 'short',
        kind: 'exit',
        label: 'Exit −41.20',
        source: 'Mean Reversion',
      },
      {
        // A reversal: the short's exit and the long's entry, one price in one candle, share a pin and its tooltip.
        id: 'reverse-in',
        time: at(60).time + 5_000,
        price: at(60).close,
        side: 'long',
        kind: 'entry',
        label: 'Long 0.2 @ ' + defaultFormatPrice(at(60).close),
        source: 'Mean Reversion',
      },
      {
        id: 'long-in',
        time: at(30).time + 5_000,
        price: entry,
        side: 'long',
        kind: 'entry',
        label: 'Long 0.1 @ ' + defaultFormatPrice(entry),
        source: 'Breakout 4h',
      },
    ],
  };
}

const POSITION = positionOverlays(HISTORY_300);
const POSITION_PROPS = { priceLines: POSITION.lines, trades: POSITION.trades };

export const PositionAndTrades: Story = () => {
  const candles = useLiveCandles(HISTORY_300);
  const [clicked, setClicked] = useState<TradeMarker | null>(null);
  return (
    <Stack>
      <Caption>
        An open long (entry, stop, target; an alert level above the scale has an arrow) and the trades before it, beside
        the signals; a reversal's exit and entry share a pin, whose tooltip tells both. Live ticks redraw only the
        forming candle.
      </Caption>
      <BtcChart
        {...POSITION_PROPS}
        candles={candles}
        markers={sampleMarkers(HISTORY_300, 9)}
        onTradeClick={setClicked}
        timeZone="UTC"
      />
      <Caption>{clicked ? `Clicked trade: ${clicked.label ?? clicked.id}` : 'Click a trade flag.'}</Caption>
    </Stack>
  );
};

export const PositionAndTradesBothThemes: Story = () => (
  <BothThemes>
    <BtcChart {...POSITION_PROPS} timeZone="UTC" height={360} onTradeClick={action('trade')} />
  </BothThemes>
);

export const PositionAndTradesPhone: Story = () => (
  <PhoneFrame>
    <BtcChart {...POSITION_PROPS} height={320} />
  </PhoneFrame>
);
PositionAndTradesPhone.meta = { width: 'xsmall' };

/**
 * A long bought and sold on the candle before last, the sell also opening a short: three fills on its entry line,
 * and the sell signal that reversed it pointing at that price.
 */
function reversal(candles: readonly Candle[]): {
  priceLines: PriceLine[];
  trades: TradeMarker[];
  markers: ChartMarker[];
} {
  const candle = candles[candles.length - 2] as Candle;
  const price = candle.close;
  const fill = (id: string, seconds: number, side: TradeMarker['side'], kind: TradeMarker['kind'], label: string) => ({
    id,
    time: candle.time + seconds * 1_000,
    price,
    side,
    kind,
    label,
  });
  return {
    priceLines: [
      { id: 'entry', price, label: 'Short entry', kind: 'entry' },
      { id: 'stop', price: price * 1.0005, label: 'Stop', kind: 'stop' },
    ],
    trades: [
      fill('long-in', 5, 'long', 'entry', `Long 0.0116967 @ ${defaultFormatPrice(price)}`),
      fill('long-out', 7, 'long', 'exit', 'Exit −2.00'),
      fill('short-in', 7, 'short', 'entry', `Short 0.0116967 @ ${defaultFormatPrice(price)}`),
    ],
    markers: [{ id: 'reverse', time: candle.time + 7_000, side: 'sell', label: 'Reverse to short', price }],
  };
}

const REVERSAL = reversal(HISTORY_300);

export const ReversalOnTheEntryLine: Story = () => (
  <Stack>
    <Caption>
      Three flags on the new short’s entry line, by the price axis, with a stop just above and the signal that reversed
      the position: no label covers another or the signal.
    </Caption>
    <BothThemes>
      <BtcChart {...REVERSAL} timeZone="UTC" height={360} />
    </BothThemes>
    <PhoneFrame>
      <BtcChart {...REVERSAL} height={320} />
    </PhoneFrame>
  </Stack>
);

/** A long opened a hair under the last price: its entry line's price tag and the last price's would meet on the axis. */
const LAST_CLOSE = (HISTORY_300[HISTORY_300.length - 1] as Candle).close;
const ENTRY_AT_THE_LAST_PRICE: PriceLine[] = [
  { id: 'entry', price: LAST_CLOSE * 0.99995, label: 'Long entry', kind: 'entry' },
];

export const EntryAtTheLastPrice: Story = () => (
  <Stack>
    <Caption>
      An open long whose entry is a few dollars under the last price: the entry’s price tag steps aside, below the last
      price’s, so both prices are read whole.
    </Caption>
    <BothThemes>
      <BtcChart priceLines={ENTRY_AT_THE_LAST_PRICE} timeZone="UTC" height={360} />
    </BothThemes>
    <PhoneFrame>
      <BtcChart priceLines={ENTRY_AT_THE_LAST_PRICE} height={320} />
    </PhoneFrame>
  </Stack>
);

/**
 * An open long three candles old, the market a few dollars above its entry and its stop a few dollars below:
 * three tags that would meet on the axis, and the four buys on its candle (markers and a "+N" count) right
 * beside its flag.
 */
function crowdedPosition(candles: readonly Candle[]): Partial<CandlestickChartProps> {
  const opened = candles[candles.length - 4] as Candle;
  const entry = opened.close;
  const forming = candles[candles.length - 1] as Candle;
  const close = entry * 1.0001;
  return {
    candles: [
      ...candles.slice(0, -1),
      { ...forming, close, high: Math.max(forming.high, close), low: Math.min(forming.low, close) },
    ],
    priceLines: [
      { id: 'entry', price: entry, label: 'Long entry', kind: 'entry' },
      { id: 'stop', price: entry * 0.9997, label: 'Stop', kind: 'stop' },
      { id: 'target', price: entry * 1.004, label: 'Target', kind: 'target' },
    ],
    trades: [
      {
        id: 'long-in',
        time: opened.time + 5_000,
        price: entry,
        side: 'long',
        kind: 'entry',
        label: `Long 0.01113862 @ ${defaultFormatPrice(entry)}`,
      },
    ],
    markers: Array.from({ length: 4 }, (_, k) => ({
      id: `buy-${k}`,
      time: opened.time + 1_000 + k,
      side: 'buy' as const,
      label: 'Breakout long',
      price: entry,
    })),
  };
}

const CROWDED_POSITION = crowdedPosition(HISTORY_300);

export const StopEntryAndLastPriceCrowded: Story = () => (
  <Stack>
    <Caption>
      The last price, the entry and the stop a few dollars apart. The last price’s tag is a filled block, the entry’s
      filled too, the stop’s and the target’s outlined and dashed like their lines; a tag stepped aside is joined to its
      line by a bend before the axis. Each label stays on its own line, and the flag’s label keeps off the “+N”.
    </Caption>
    <BothThemes>
      <BtcChart {...CROWDED_POSITION} timeZone="UTC" height={360} />
    </BothThemes>
    <PhoneFrame>
      <BtcChart {...CROWDED_POSITION} height={320} />
    </PhoneFrame>
  </Stack>
);
StopEntryAndLastPriceCrowded.storyName = 'Stop, entry and last price crowded';

/** A chart whose Indicators menu works, starting from `initial`. */
function IndicatorChart({ initial, ...props }: Partial<CandlestickChartProps> & { initial: ChartIndicators }) {
  const [indicators, setIndicators] = useState(initial);
  return <BtcChart indicators={indicators} onIndicatorsChange={setIndicators} timeZone="UTC" {...props} />;
}

const ONE_EACH: [string, ChartIndicators][] = [
  ['SMA 20', { ...NO_INDICATORS, sma: 20 }],
  ['EMA 50', { ...NO_INDICATORS, ema: 50 }],
  ['Bollinger Bands (20, 2)', { ...NO_INDICATORS, bollinger: true }],
  ['VWAP (resets at UTC midnight)', { ...NO_INDICATORS, vwap: true }],
  ['RSI (14) in a pane below', { ...NO_INDICATORS, rsi: true }],
  ['MACD (12, 26, 9) in a pane below', { ...NO_INDICATORS, macd: true }],
];

/** Each indicator alone, in both themes. */
export const IndicatorsEach: Story = () => (
  <Stack>
    {ONE_EACH.map(([caption, indicators]) => (
      <Stack key={caption}>
        <Caption>{caption}</Caption>
        <BothThemes>
          <BtcChart indicators={indicators} timeZone="UTC" height={indicators.rsi || indicators.macd ? 420 : 320} />
        </BothThemes>
      </Stack>
    ))}
  </Stack>
);
IndicatorsEach.storyName = 'Indicators, one by one';

const ALL_INDICATORS: ChartIndicators = { sma: 20, ema: 50, bollinger: true, vwap: true, rsi: true, macd: true };

export const IndicatorsMenuLive: Story = () => {
  const candles = useLiveCandles(HISTORY_300);
  return (
    <Stack>
      <Caption>
        Two overlays and one pane, live: open “Indicators” (Enter, arrow keys, Space) to add, re-period or remove them.
      </Caption>
      <IndicatorChart
        candles={candles}
        initial={{ ...NO_INDICATORS, sma: 20, bollinger: true, rsi: true }}
        height={520}
      />
    </Stack>
  );
};
IndicatorsMenuLive.storyName = 'Indicators menu (live)';

export const IndicatorsAllBothThemes: Story = () => (
  <BothThemes>
    <IndicatorChart initial={ALL_INDICATORS} height={560} />
  </BothThemes>
);
IndicatorsAllBothThemes.storyName = 'Every indicator, both themes';

export const IndicatorsPhone: Story = () => (
  <PhoneFrame>
    <IndicatorChart initial={{ ...NO_INDICATORS, ema: 20, vwap: true, macd: true }} height={480} />
  </PhoneFrame>
);
IndicatorsPhone.meta = { width: 'xsmall' };

/** Volume, RSI and MACD panes whose separators can be dragged (or moved with the arrow keys). */
function PaneChart(props: Partial<CandlestickChartProps>) {
  const [sizes, setSizes] = useState<ChartPaneSizes>(DEFAULT_PANE_SIZES);
  return (
    <IndicatorChart
      initial={{ ...NO_INDICATORS, rsi: true, macd: true }}
      paneSizes={sizes}
      onPaneSizesChange={setSizes}
      height={560}
      {...props}
    />
  );
}

export const PanesResizable: Story = () => (
  <Stack>
    <Caption>
      The volume, RSI and MACD panes: drag a separator, or focus it (Tab) and use the arrow keys. Sizes are kept by the
      caller (the app stores them per pair).
    </Caption>
    <BothThemes>
      <PaneChart />
    </BothThemes>
  </Stack>
);
PanesResizable.storyName = 'Panes, resizable';

export const PanesOnAShortChart: Story = () => (
  <Stack>
    <Caption>
      Every indicator on a chart 300 px high (a phone on its side): the panes give way down to 36 px each and are drawn
      at the height they get, the candles keep at least a third of the chart.
    </Caption>
    <BothThemes>
      <IndicatorChart initial={ALL_INDICATORS} height={300} />
    </BothThemes>
  </Stack>
);
PanesOnAShortChart.storyName = 'Panes on a short chart';

export const IndicatorsAllPhone: Story = () => (
  <PhoneFrame>
    <IndicatorChart initial={ALL_INDICATORS} height={560} />
  </PhoneFrame>
);
IndicatorsAllPhone.storyName = 'Every indicator on a phone';
IndicatorsAllPhone.meta = { width: 'xsmall' };

/** The scale switch and the price axis as a control (drag it, double-click it), both themes. */
function ScaleChart({ initial }: { initial: PriceScaleMode }) {
  const [scale, setScale] = useState(initial);
  return (
    <BtcChart candles={HISTORY_20K} priceScale={scale} onPriceScaleChange={setScale} height={360} timeZone="UTC" />
  );
}

export const PriceScales: Story = () => (
  <Stack>
    <Caption>
      Linear, log and percent price axes over 20,000 candles (zoom out to see log at work). Drag the price axis to
      rescale, double-click it to fit again.
    </Caption>
    {(['linear', 'log', 'percent'] as const).map((scale) => (
      <BothThemes key={scale}>
        <ScaleChart initial={scale} />
      </BothThemes>
    ))}
  </Stack>
);
PriceScales.storyName = 'Price scales';

export const PriceScalesPhone: Story = () => (
  <PhoneFrame>
    <ScaleChart initial="percent" />
  </PhoneFrame>
);
PriceScalesPhone.meta = { width: 'xsmall' };
