import { useState } from 'react';
import type { TimeZoneMode } from '../../time/time-zone';
import { aggregateCandles, bucketStart, chooseBucketMs, mergeCandles, splitFormingBucket } from './aggregate';
import {
  bodyWidth,
  computeFrame,
  priceAxisWidth,
  slotWidth,
  stableAxisWidth,
  xDomainOf,
  type PlotFrame,
  VOLUME_SHARE,
} from './geometry';
import type { Pane } from './layers';
import {
  logRange,
  maxVolume,
  priceExtent,
  stablePriceRange,
  stableVolumeMax,
  stretchRange,
  type PriceScaleMode,
  type Range,
} from './scales';
import { settledKey, type CandleSeries, type Series } from './series';
import {
  computeStudies,
  NO_INDICATORS,
  studyStart,
  valueExtent,
  type ChartIndicators,
  type StudyValues,
} from './studies';
import { priceTicks, sameTicks, timeTicks, type AxisTicks } from './ticks';
import type { Candle } from './types';
import {
  maxVisibleCandles,
  resolveSpan,
  resolveWindow,
  visibleRange,
  type CandleWindow,
  type Viewport,
} from './viewport';

const PRICE_LABEL_SPACING_PX = 36;

/** What the chart model is computed from: the props that shape the picture, the view and the plot's size. */
export interface ChartModelInput {
  /** The whole loaded history, oldest first; the last candle is the forming one. */
  candles: readonly Candle[];
  /** Size of one base candle in ms. */
  baseMs: number;
  viewport: Viewport;
  width: number;
  height: number;
  formatPrice: (value: number) => string;
  /** The zone the time axis is labelled in; UTC when not given. */
  timeZone?: TimeZoneMode;
  /** The volume pane's share of the plot's height (0.2 when not given). */
  volumeShare?: number;
  /** The trader's stretch of the price scale (dragging the price axis): 1, the default, fits the candles. */
  priceStretch?: number;
  /** Linear (the default), log or percent price axis. */
  priceScale?: PriceScaleMode;
  /** The indicators drawn: their values are computed here, and the overlays' lines count in the price range. */
  indicators?: ChartIndicators;
}

/**
 * Everything the chart draws, derived from its input: the candles (aggregated when zoomed out), the
 * window of them on screen, its price and volume range, and the axes. Values that did not change keep
 * their identity from one computation to the next, so the memoised layers can skip a live tick.
 */
export interface ChartModel {
  /** Base candles in the history. */
  baseCount: number;
  /** Base candles across the plot. */
  span: number;
  /** Size of the candles drawn: the base size, or coarser when zoomed out. */
  bucketMs: number;
  series: CandleSeries;
  /** The series' times only: the forming candle's time changes when a candle opens, not on a tick. */
  timeSeries: Series<{ time: number }>;
  window: CandleWindow;
  /** First and last index on screen. */
  first: number;
  last: number;
  settledVisible: readonly Candle[];
  formingVisible: boolean;
  frame: PlotFrame;
  axisWidth: number;
  /** The price range the scale shows: the fitted one, stretched by the trader. */
  priceRange: Range;
  /** The range that fits the prices on screen, kept between ticks while they fit. */
  fittedRange: Range;
  volumeMax: number;
  xDomain: Range;
  pane: Pane;
  timeTicks: AxisTicks;
  priceTicks: number[];
  /** The price axis' labels: prices, or in percent mode the change from the first candle on screen. */
  axisLabel: (price: number) => string;
  /** The indicators' values over the candles drawn (coarser ones when zoomed out), aligned by index. */
  studies: StudyValues;
}

interface Cell {
  deps: readonly unknown[];
  value: unknown;
}

/**
 * The memory of the model between computations: one cell per derived value, kept while its inputs
 * are the same (compared with Object.is), and the previous model for the values that are kept while
 * they still fit (axis width, price range, volume scale).
 */
export class ChartModelCache {
  readonly #cells = new Map<string, Cell>();
  previous: ChartModel | null = null;

  memo<T>(name: string, deps: readonly unknown[], compute: () => T): T {
    const cell = this.#cells.get(name);
    if (cell && cell.deps.length === deps.length && cell.deps.every((dep, i) => Object.is(dep, deps[i]))) {
      return cell.value as T;
    }
    const value = compute();
    this.#cells.set(name, { deps, value });
    return value;
  }
}

/**
 * The chart's data pipeline, pure: aggregate (coarser candles when zoomed out past ~200 on screen),
 * window (the candles the viewport shows) and extent (price and volume ranges, kept while the prices
 * still fit), then the frame, the shared scales and the axis ticks. Pass the same cache each time.
 */
export function computeChartModel(input: ChartModelInput, cache: ChartModelCache): ChartModel {
  const {
    candles,
    baseMs,
    viewport,
    width,
    height,
    formatPrice,
    timeZone = 'UTC',
    volumeShare = VOLUME_SHARE,
    priceStretch = 1,
    priceScale = 'linear',
    indicators = NO_INDICATORS,
  } = input;
  const previous = cache.previous;

  // Settled candles keep their identity across live ticks (see settledKey), the forming one does not.
  const key = settledKey(candles);
  const settledBase = cache.memo('settledBase', [key], () => candles.slice(0, -1));
  const formingBase = candles[candles.length - 1] as Candle;

  const axisWidth = stableAxisWidth(previous?.axisWidth ?? null, priceAxisWidth([formatPrice(formingBase.close)]));
  const plotWidth = Math.max(1, width - axisWidth);
  const span = resolveSpan(viewport, candles.length, plotWidth);
  const maxCount = maxVisibleCandles(plotWidth);
  const bucketMs = chooseBucketMs(baseMs, span, maxCount);

  // Zoomed out beyond 200 candles: coarser candles, aggregated once per settled change.
  const aggregated = cache.memo('aggregated', [settledBase, bucketMs, baseMs], () =>
    bucketMs === baseMs ? settledBase : aggregateCandles(settledBase, bucketMs),
  );
  const formingTime = bucketMs === baseMs ? formingBase.time : bucketStart(formingBase.time, bucketMs);
  const split = cache.memo('split', [aggregated, formingTime], () => splitFormingBucket(aggregated, formingTime));
  const settled = split.settled;
  const forming = cache.memo('forming', [split.pending, formingBase, formingTime], () => {
    if (split.pending) return mergeCandles(split.pending, formingBase);
    return formingBase.time === formingTime ? formingBase : { ...formingBase, time: formingTime };
  });
  const series = cache.memo<CandleSeries>('series', [settled, forming], () => ({ settled, forming }));
  const timeSeries = cache.memo('timeSeries', [settled, formingTime], () => ({
    settled,
    forming: { time: formingTime },
  }));

  const count = Math.min(maxCount, Math.ceil((span * baseMs) / bucketMs));
  const { start, end } = resolveWindow(timeSeries, viewport.endTime, count);
  const window = cache.memo<CandleWindow>('window', [start, end, count], () => ({ start, end, count }));
  const [first, last] = visibleRange(window);
  const settledVisible = cache.memo('settledVisible', [settled, first, last], () =>
    settled.slice(first, Math.min(last + 1, settled.length)),
  );
  const formingVisible = last === settled.length;

  // Indicators over the candles drawn, from enough history before the first one on screen to be exact.
  const studyFrom = studyStart(first, settled.length + 1, Math.max(indicators.sma ?? 0, indicators.ema ?? 0, 26));
  const studies = cache.memo('studies', [series, indicators, studyFrom], () =>
    indicators === NO_INDICATORS
      ? computeStudies([], indicators)
      : computeStudies([...settled.slice(studyFrom), forming], indicators, studyFrom),
  );
  // The overlays drawn over the candles count in the fit, as the candles do: a band or a VWAP away from the
  // prices stays on screen.
  const overlayExtent = cache.memo('overlayExtent', [studies, first, last], () =>
    valueExtent(
      studies.overlays.map((overlay) => overlay.values),
      first - studies.offset,
      last - studies.offset,
    ),
  );

  const settledExtent = cache.memo('settledExtent', [settledVisible], () => priceExtent(settledVisible));
  const settledVolume = cache.memo('settledVolume', [settledVisible], () => maxVolume(settledVisible));
  const low = Math.min(
    settledExtent?.[0] ?? Infinity,
    formingVisible ? forming.low : Infinity,
    overlayExtent?.[0] ?? Infinity,
  );
  const high = Math.max(
    settledExtent?.[1] ?? -Infinity,
    formingVisible ? forming.high : -Infinity,
    overlayExtent?.[1] ?? -Infinity,
  );
  const fittedRange = stablePriceRange(previous?.fittedRange ?? null, low, high);
  const priceRange = cache.memo('priceRange', [fittedRange, priceStretch, priceScale], () =>
    stretchRange(priceScale === 'log' ? logRange(fittedRange) : fittedRange, priceStretch),
  );
  const volumeMax = stableVolumeMax(
    previous?.volumeMax ?? null,
    Math.max(settledVolume, formingVisible ? forming.volume : 0),
  );

  const frame = cache.memo('frame', [width, height, axisWidth, volumeShare], () =>
    computeFrame(width, height, axisWidth, volumeShare),
  );
  const xDomain = cache.memo('xDomain', [window], () => xDomainOf(window));
  const candleWidth = bodyWidth(slotWidth(frame, window));
  const pane = cache.memo<Pane>('pane', [frame, xDomain, priceRange, volumeMax, candleWidth], () => ({
    frame,
    xDomain,
    priceRange,
    volumeMax,
    candleWidth,
  }));
  // A closed candle steps the window on, but mostly leaves the same labels on screen: then they keep their
  // identity, and the time axis only moves sideways with the view.
  const timeLabels = cache.memo('timeTicks', [timeSeries, window, bucketMs, frame.plotRight, timeZone], () => {
    const ticks = timeTicks(timeSeries, window, bucketMs, frame.plotRight, timeZone);
    return previous && sameTicks(previous.timeTicks, ticks) ? previous.timeTicks : ticks;
  });
  // Percent: labelled as the change from the first candle on screen, at round percentages.
  const percentBase =
    priceScale === 'percent' ? ((settledVisible[0] ?? (formingVisible ? forming : null))?.close ?? null) : null;
  const priceLevels = cache.memo('priceTicks', [priceRange, frame, percentBase], () => {
    const count = Math.max(2, Math.floor((frame.priceBottom - frame.priceTop) / PRICE_LABEL_SPACING_PX));
    if (percentBase === null || !(percentBase > 0)) return priceTicks(priceRange[0], priceRange[1], count);
    const toPercent = (price: number) => (price / percentBase - 1) * 100;
    return priceTicks(toPercent(priceRange[0]), toPercent(priceRange[1]), count).map(
      (percent) => percentBase * (1 + percent / 100),
    );
  });
  const axisLabel = cache.memo('axisLabel', [formatPrice, percentBase], () =>
    percentBase === null || !(percentBase > 0) ? formatPrice : percentLabel(percentBase),
  );

  const model: ChartModel = {
    baseCount: candles.length,
    span,
    bucketMs,
    series,
    timeSeries,
    window,
    first,
    last,
    settledVisible,
    formingVisible,
    frame,
    axisWidth,
    priceRange,
    fittedRange,
    volumeMax,
    xDomain,
    pane,
    timeTicks: timeLabels,
    priceTicks: priceLevels,
    axisLabel,
    studies,
  };
  cache.previous = model;
  return model;
}

/**
 * The chart model of the current render: `computeChartModel` with a cache that lives as long as the
 * component, so values keep their identity across renders.
 */
export function useChartModel(input: ChartModelInput): ChartModel {
  const [cache] = useState(() => new ChartModelCache());
  return computeChartModel(input, cache);
}

/** `+1.25%`: the change of `price` from `base`, for the percent price axis. */
export function percentLabel(base: number): (price: number) => string {
  return (price) => {
    const percent = Math.round((price / base - 1) * 10_000) / 100;
    return `${percent > 0 ? '+' : percent < 0 ? '\u2212' : ''}${Math.abs(percent).toFixed(2)}%`;
  };
}
