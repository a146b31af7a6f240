import { xOfIndex, yOfPrice, type PlotFrame } from './geometry';
import { boxesOverlap, MARKER_PX, type Box } from './markers';
import type { Range } from './scales';
import { candleAt, indexAtOrBefore, type Series } from './series';
import type { TradeMarker } from './types';
import { visibleRange, type CandleWindow } from './viewport';

/** The flag's pin (the dot at the fill's price) and the height of its label. */
export const TRADE_PIN_PX = 10;
export const TRADE_LABEL_PX = 18;
/**
 * Advance of one character of the flag's font (12px), on the generous side (a digit of a common sans is
 * 7.6px): a label is cut with an ellipsis at the width given here, so too small an estimate cuts "@ 85,912.09"
 * short. And the label's padding and border.
 */
const LABEL_CHAR_PX = 7.6;
const LABEL_PADDING_PX = 12;
export const MAX_TRADE_LABEL_PX = 200;
const GAP_PX = 2;
/** Room between a pin and its label: clear of a signal marker centred on the pin's candle, as its own signal's is. */
const PIN_GAP_PX = MARKER_PX / 2 - TRADE_PIN_PX / 2 + 1;
/** Where a label may go, in label heights from the pin: beside it, then a step up or down, then two. */
const STEPS = [0, -1, 1, -2, 2];

export interface TradePin {
  trade: TradeMarker;
  /** The flag's text: the trade's label, or its side and kind. */
  text: string;
  /** The pin's centre, in plot pixels: the fill's candle and price (at the plot's edge when off the scale). */
  x: number;
  y: number;
  /** Whether the price lies off the price scale, and which way. */
  offScale: 'above' | 'below' | null;
}

export interface TradeLayout extends TradePin {
  /** The label beside the pin; null when there was no free room (its name and tooltip still say it all). */
  label: (Box & { side: 'right' | 'left' }) | null;
}

export interface TradePinInput {
  trades: readonly TradeMarker[];
  /** The candles' times only: the pins stay put while no candle closes. */
  series: Series<{ time: number }>;
  window: CandleWindow;
  bucketMs: number;
  frame: PlotFrame;
  priceRange: Range;
}

const SIDE_NAMES = { long: 'Long', short: 'Short' } as const;

/** `Long entry`, `Short exit`: what a flag says when the trade has no label of its own. */
export function defaultTradeText(trade: TradeMarker): string {
  return `${SIDE_NAMES[trade.side]} ${trade.kind}`;
}

/** The room a pin takes. */
export function pinBox({ x, y }: TradePin): Box {
  return { left: x - TRADE_PIN_PX / 2, top: y - TRADE_PIN_PX / 2, width: TRADE_PIN_PX, height: TRADE_PIN_PX };
}

/**
 * Pins the trades on the visible candles: at the fill's price on the candle holding its time (at the
 * plot's edge when the price lies off the scale). Trades off screen, before the history or in a gap in
 * the data are left out. In time order; at one time (a reversal's two legs are one order), an exit before an entry.
 */
export function placeTradePins({ trades, series, window, bucketMs, frame, priceRange }: TradePinInput): TradePin[] {
  const [first, last] = visibleRange(window);
  const visible: { trade: TradeMarker; index: number }[] = [];
  for (const trade of trades) {
    const index = indexAtOrBefore(series, trade.time);
    if (index < first || index > last) continue;
    if (trade.time >= (candleAt(series, index) as { time: number }).time + bucketMs) continue;
    visible.push({ trade, index });
  }
  const exitFirst = (trade: TradeMarker) => (trade.kind === 'exit' ? 0 : 1);
  visible.sort((a, b) => a.trade.time - b.trade.time || a.index - b.index || exitFirst(a.trade) - exitFirst(b.trade));

  const half = TRADE_PIN_PX / 2;
  return visible.map(({ trade, index }) => ({
    trade,
    text: trade.label ?? defaultTradeText(trade),
    x: xOfIndex(index, window, frame),
    y: Math.min(frame.priceBottom - half, Math.max(frame.priceTop + half, yOfPrice(trade.price, priceRange, frame))),
    offScale: trade.price > priceRange[1] ? 'above' : trade.price < priceRange[0] ? 'below' : null,
  }));
}

/**
 * Gives each pin its label, newest first (where trades crowd, the latest is the one a trader looks for): beside
 * the pin (to the right, or to the left near the price axis), moved up or down a step, then to the pin's other
 * side, wherever it overlaps no pin, no label placed before and nothing `reserved` (the price lines' labels, the
 * signal markers and their counts). With no room the pin is drawn alone. Returned in the pins' (time) order.
 */
export function labelTradePins(
  pins: readonly TradePin[],
  frame: PlotFrame,
  reserved: readonly Box[] = [],
): TradeLayout[] {
  const placed: Box[] = [...reserved, ...pins.map(pinBox)];
  const half = TRADE_PIN_PX / 2;
  const labelled = [...pins].reverse().map((pin) => {
    const { x, y, text } = pin;
    const width = Math.min(MAX_TRADE_LABEL_PX, Math.ceil(text.length * LABEL_CHAR_PX + LABEL_PADDING_PX));
    const sides = [
      { side: 'right' as const, left: x + half + PIN_GAP_PX },
      { side: 'left' as const, left: x - half - PIN_GAP_PX - width },
    ];
    const candidates = sides
      .filter(({ left }) => left >= 0 && left + width <= frame.plotRight)
      .flatMap(({ side, left }) =>
        STEPS.map((step) => ({
          side,
          left,
          top: y - TRADE_LABEL_PX / 2 + step * (TRADE_LABEL_PX + GAP_PX),
          width,
          height: TRADE_LABEL_PX,
        })),
      );
    const label =
      candidates.find(
        (box) =>
          box.top >= 0 &&
          box.top + box.height <= frame.priceBottom &&
          !placed.some((other) => boxesOverlap(box, other)),
      ) ?? null;
    if (label) placed.push(label);
    return { ...pin, label };
  });
  return labelled.reverse();
}
