import { xOfIndex, yOfPrice, type PlotFrame } from './geometry';
import type { Box } from './markers';
import type { Range } from './scales';
import { candleAt, indexAtOrBefore, type Series } from './series';
import type { TradeMarker } from './types';
import { visibleRange, type CandleWindow } from './viewport';

/** The flag's pin (the dot at the fill's price) and the height of its label. */
export const TRADE_PIN_PX = 10;
export const TRADE_LABEL_PX = 18;
/** Approximate advance of one character of the flag's font (12px), and the label's padding. */
const LABEL_CHAR_PX = 6.6;
const LABEL_PADDING_PX = 12;
export const MAX_TRADE_LABEL_PX = 160;
const GAP_PX = 2;

export interface TradeLayout {
  trade: TradeMarker;
  /** The flag's text: the trade's label, or its side and kind. */
  text: string;
  /** The pin's centre, in plot pixels: the fill's candle and price (at the plot's edge when off the scale). */
  x: number;
  y: number;
  /** Whether the price lies off the price scale, and which way. */
  offScale: 'above' | 'below' | null;
  /** The label beside the pin; null when there was no free room (its name and tooltip still say it all). */
  label: (Box & { side: 'right' | 'left' }) | null;
}

export interface TradeLayoutInput {
  trades: readonly TradeMarker[];
  /** The candles' times only: the layout is the same while no candle closes. */
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

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/**
 * Places trade flags on the visible candles: a pin at the fill's price on the candle holding its time,
 * and a label beside it (to the right, or to the left near the price axis) moved up or down a step when
 * it would overlap a label placed before; with no room the pin is drawn alone. Trades off screen,
 * before the history or in a gap in the data are left out. In time order.
 */
export function layoutTrades({ trades, series, window, bucketMs, frame, priceRange }: TradeLayoutInput): TradeLayout[] {
  const [first, last] = visibleRange(window);
  const visible: { trade: TradeMarker; index: number }[] = [];
  for (const trade of trades) {
    const index = indexAtOrBefore(series, trade.time);
    if (index < first || index > last) continue;
    if (trade.time >= (candleAt(series, index) as { time: number }).time + bucketMs) continue;
    visible.push({ trade, index });
  }
  visible.sort((a, b) => a.trade.time - b.trade.time || a.index - b.index);

  const placed: Box[] = [];
  const half = TRADE_PIN_PX / 2;
  return visible.map(({ trade, index }) => {
    const x = xOfIndex(index, window, frame);
    const offScale = trade.price > priceRange[1] ? 'above' : trade.price < priceRange[0] ? 'below' : null;
    const y = Math.min(
      frame.priceBottom - half,
      Math.max(frame.priceTop + half, yOfPrice(trade.price, priceRange, frame)),
    );
    const text = trade.label ?? defaultTradeText(trade);
    const width = Math.min(MAX_TRADE_LABEL_PX, Math.ceil(text.length * LABEL_CHAR_PX + LABEL_PADDING_PX));
    const pin: Box = { left: x - half, top: y - half, width: TRADE_PIN_PX, height: TRADE_PIN_PX };
    const right = x + half + GAP_PX;
    const side: 'right' | 'left' = right + width <= frame.plotRight ? 'right' : 'left';
    const left = side === 'right' ? right : x - half - GAP_PX - width;
    let label: TradeLayout['label'] = null;
    for (const step of [0, -1, 1, -2, 2]) {
      const top = y - TRADE_LABEL_PX / 2 + step * (TRADE_LABEL_PX + GAP_PX);
      const box = { left, top, width, height: TRADE_LABEL_PX };
      const fits = top >= 0 && top + TRADE_LABEL_PX <= frame.priceBottom && left >= 0;
      if (fits && !placed.some((other) => overlaps(box, other))) {
        label = { ...box, side };
        break;
      }
    }
    placed.push(pin);
    if (label) placed.push(label);
    return { trade, text, x, y, offScale, label };
  });
}
