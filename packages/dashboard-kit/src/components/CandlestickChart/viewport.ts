import { MAX_VISIBLE_CANDLES } from './aggregate';
import { candleAt, indexAtOrBefore, seriesLength, type Series } from './series';

type TimeSeries = Series<{ time: number }>;

/**
 * What part of the history is on screen, in terms that survive live updates: how many base
 * candles fit across the plot, and which time sits at the right edge. New candles do not move a
 * viewport that has an `endTime`; `endTime: null` follows the live edge.
 */
export interface Viewport {
  /** Base candles across the plot; null until the user zooms, then the width decides. */
  span: number | null;
  /** Opening time of the right-most candle on screen, or null to follow the live edge. */
  endTime: number | null;
}

export const LIVE_EDGE: Viewport = { span: null, endTime: null };

/** Fewest base candles a zoom-in reaches. */
export const MIN_SPAN = 10;
/** Candle slot width before any zoom. */
export const DEFAULT_SLOT_PX = 8;
/** Narrowest slot drawn: below it, coarser candles are used instead. */
export const MIN_SLOT_PX = 3;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Most candles drawn across `plotWidth`: 200, fewer when the plot is too narrow to show them. */
export function maxVisibleCandles(plotWidth: number): number {
  return clamp(Math.floor(plotWidth / MIN_SLOT_PX), MIN_SPAN, MAX_VISIBLE_CANDLES);
}

export function defaultSpan(plotWidth: number): number {
  return clamp(Math.round(plotWidth / DEFAULT_SLOT_PX), MIN_SPAN, maxVisibleCandles(plotWidth));
}

/** Widest zoom-out: the whole history, or the default view when the history is shorter. */
export function maxSpan(baseCount: number, plotWidth: number): number {
  return Math.max(baseCount, defaultSpan(plotWidth));
}

export function resolveSpan(viewport: Viewport, baseCount: number, plotWidth: number): number {
  return clamp(viewport.span ?? defaultSpan(plotWidth), MIN_SPAN, maxSpan(baseCount, plotWidth));
}

/**
 * The candles on screen: `count` slots ending at index `end`. `start` is `end - count + 1` and is
 * negative when the history is shorter than the slots (the candles then sit at the right).
 */
export interface CandleWindow {
  start: number;
  end: number;
  count: number;
}

/** Lowest right-edge index: panning stops when the oldest candle reaches the left edge. */
function lowestEnd(length: number, count: number): number {
  return Math.min(length - 1, count - 1);
}

/** Where `endTime` puts the right edge in `series` (the live edge when null), with `count` slots. */
export function resolveWindow(series: TimeSeries, endTime: number | null, count: number): CandleWindow {
  const last = seriesLength(series) - 1;
  const end = endTime === null ? last : clamp(indexAtOrBefore(series, endTime), lowestEnd(last + 1, count), last);
  return { start: end - count + 1, end, count };
}

/** First and last candle index actually on screen. */
export function visibleRange(window: CandleWindow): [number, number] {
  return [Math.max(0, window.start), window.end];
}

function viewportEndingAt(series: TimeSeries, span: number | null, end: number): Viewport {
  const last = seriesLength(series) - 1;
  return { span, endTime: end >= last ? null : (candleAt(series, end) as { time: number }).time };
}

/** The viewport moved by `slots` candles: positive moves towards older candles (a drag to the right). */
export function panViewport(viewport: Viewport, series: TimeSeries, window: CandleWindow, slots: number): Viewport {
  const last = seriesLength(series) - 1;
  const end = clamp(window.end - Math.round(slots), lowestEnd(last + 1, window.count), last);
  return viewportEndingAt(series, viewport.span, end);
}

export interface ZoomInput {
  /** The zoom: below 1 zooms in (fewer candles), above 1 zooms out. */
  scale: number;
  /** Where the zoom is anchored, as a fraction of the plot width from the left. */
  anchor: number;
  /** Candle size of the base data, in ms. */
  baseMs: number;
  /** Base candles across the plot now, and the allowed range. */
  span: number;
  baseCount: number;
  plotWidth: number;
}

/**
 * The viewport zoomed by `scale`. A live view stays live (anchored at the right edge, where the
 * trader is watching); otherwise the time under the anchor keeps its place on screen.
 */
export function zoomViewport(viewport: Viewport, series: TimeSeries, window: CandleWindow, input: ZoomInput): Viewport {
  // At least one candle per step, so small zooms on a short span still move.
  const scaled = Math.round(input.span * input.scale);
  const stepped = scaled !== input.span || input.scale === 1 ? scaled : input.span + (input.scale > 1 ? 1 : -1);
  const span = clamp(stepped, MIN_SPAN, maxSpan(input.baseCount, input.plotWidth));
  if (viewport.endTime === null) return { span, endTime: null };
  const anchorIndex = clamp(Math.round(window.start + input.anchor * window.count - 0.5), 0, window.end);
  const anchorTime = (candleAt(series, anchorIndex) as { time: number }).time;
  const endTime = anchorTime + (1 - input.anchor) * span * input.baseMs;
  return { span, endTime: endTime >= series.forming.time ? null : endTime };
}
