import type { Range } from './scales';
import type { CandleWindow } from './viewport';

/** Where the panes sit inside the chart's SVG, in pixels. The price axis runs down the right. */
export interface PlotFrame {
  width: number;
  height: number;
  /** Right edge of the candles, where the price axis starts. */
  plotRight: number;
  priceTop: number;
  priceBottom: number;
  volumeTop: number;
  /** Bottom of the volume pane, where the time axis starts. */
  volumeBottom: number;
}

export const TIME_AXIS_PX = 24;
const PRICE_TOP_PX = 8;
const PANE_GAP_PX = 6;
/** The volume pane's share of the plot's height by default, and the range a trader can resize it in. */
export const VOLUME_SHARE = 0.2;
export const MIN_VOLUME_SHARE = 0.08;
export const MAX_VOLUME_SHARE = 0.5;
/** Approximate advance of one character of the axis font (monospace, 12px). */
export const AXIS_CHAR_PX = 7.5;
const AXIS_PADDING_PX = 14;
const MIN_AXIS_PX = 48;

/** The price axis width that fits the longest of `labels`. */
export function priceAxisWidth(labels: readonly string[]): number {
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 0);
  return Math.max(MIN_AXIS_PX, Math.ceil(longest * AXIS_CHAR_PX + AXIS_PADDING_PX));
}

/**
 * The price axis width kept between renders: it grows at once for a longer price, but only shrinks
 * when labels get much shorter, so a price wobbling across 99.99 / 100.00 does not re-lay the chart.
 */
export function stableAxisWidth(previous: number | null, needed: number): number {
  if (previous !== null && previous >= needed && previous - needed <= 2 * AXIS_CHAR_PX) return previous;
  return needed;
}

export function computeFrame(
  width: number,
  height: number,
  axisWidth: number,
  volumeShare: number = VOLUME_SHARE,
): PlotFrame {
  const share = Math.min(MAX_VOLUME_SHARE, Math.max(MIN_VOLUME_SHARE, volumeShare));
  const volumeBottom = Math.max(PRICE_TOP_PX + 2, height - TIME_AXIS_PX);
  const volumeTop = Math.round(volumeBottom - (volumeBottom - PRICE_TOP_PX) * share);
  return {
    width,
    height,
    plotRight: Math.max(1, width - axisWidth),
    priceTop: PRICE_TOP_PX,
    priceBottom: Math.max(PRICE_TOP_PX + 1, volumeTop - PANE_GAP_PX),
    volumeTop,
    volumeBottom,
  };
}

/**
 * Victory padding that puts the candles between `top` and `bottom` (pixels from the SVG's top),
 * left of the price axis: Victory's x scale then matches `xOfValue`, which the rest of the plot uses.
 */
export function paneBetween(frame: PlotFrame, top: number, bottom: number) {
  return { top, bottom: frame.height - bottom, left: 0, right: frame.width - frame.plotRight };
}

/** Width of one candle slot. */
export function slotWidth(frame: PlotFrame, window: CandleWindow): number {
  return frame.plotRight / window.count;
}

/** Body width of a candle: most of its slot, whole pixels, at least one. */
export function bodyWidth(slot: number): number {
  return Math.max(1, Math.round(slot * 0.7));
}

/** The x domain Victory draws: half a slot either side of the first and last slot's centre. */
export function xDomainOf(window: CandleWindow): Range {
  return [window.start - 0.5, window.end + 0.5];
}

/**
 * x of `value` (a candle index) on the x domain the layers share: the scale Victory draws the
 * candles with, so volume bars and time ticks line up with them.
 */
export function xOfValue(value: number, xDomain: Range, frame: PlotFrame): number {
  return ((value - xDomain[0]) / (xDomain[1] - xDomain[0])) * frame.plotRight;
}

/** Centre of candle `index`. */
export function xOfIndex(index: number, window: CandleWindow, frame: PlotFrame): number {
  return (index - window.start + 0.5) * slotWidth(frame, window);
}

/** The candle slot under `x` (not clamped to the history). */
export function indexAtX(x: number, window: CandleWindow, frame: PlotFrame): number {
  return window.start + Math.floor(x / slotWidth(frame, window));
}

export function yOfPrice(price: number, range: Range, frame: PlotFrame): number {
  const [low, high] = range;
  const share = range.log
    ? (Math.log(Math.max(price, low * 1e-6)) - Math.log(low)) / (Math.log(high) - Math.log(low))
    : (price - low) / (high - low);
  return frame.priceBottom - share * (frame.priceBottom - frame.priceTop);
}

/** Top of a volume bar: bars stand on the volume pane's bottom, and `volumeMax` reaches its top. */
export function yOfVolume(volume: number, volumeMax: number, frame: PlotFrame): number {
  return frame.volumeBottom - (volume / volumeMax) * (frame.volumeBottom - frame.volumeTop);
}

export function priceAtY(y: number, range: Range, frame: PlotFrame): number {
  const [low, high] = range;
  const share = (frame.priceBottom - y) / (frame.priceBottom - frame.priceTop);
  return range.log ? Math.exp(Math.log(low) + share * (Math.log(high) - Math.log(low))) : low + share * (high - low);
}
