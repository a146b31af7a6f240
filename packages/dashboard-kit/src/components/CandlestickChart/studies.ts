/**
 * Which indicators the chart shows (its settings, as a plain object an app can store), and the
 * values it draws for them over the chart's candles: pure, tested without a DOM.
 */
import { bollinger, ema, macd, rsi, sma, vwap, type IndicatorValue } from './indicators';
import type { Candle } from './types';

/** The indicators shown on a chart. Moving averages carry their period (`null`: off). */
export interface ChartIndicators {
  /** Simple moving average of the closes, drawn on the price pane. */
  sma: number | null;
  /** Exponential moving average of the closes, drawn on the price pane. */
  ema: number | null;
  /** Bollinger Bands (20, 2) on the price pane. */
  bollinger: boolean;
  /** Volume-weighted average price, reset at each UTC midnight, on the price pane. */
  vwap: boolean;
  /** RSI (14, Wilder) in a pane under the chart. */
  rsi: boolean;
  /** MACD (12, 26, 9) in a pane under the chart. */
  macd: boolean;
}

export const NO_INDICATORS: ChartIndicators = Object.freeze({
  sma: null,
  ema: null,
  bollinger: false,
  vwap: false,
  rsi: false,
  macd: false,
});

/** The periods the Indicators menu offers for the moving averages. */
export const MOVING_AVERAGE_PERIODS: readonly number[] = [9, 20, 50, 100, 200];
export const DEFAULT_SMA_PERIOD = 20;
export const DEFAULT_EMA_PERIOD = 50;
const MAX_PERIOD = 500;

/**
 * Settings read back from storage or a URL, made safe: unknown keys dropped, periods whole numbers
 * from 1 to 500, flags booleans. Anything unreadable is off.
 */
export function parseIndicators(value: unknown): ChartIndicators {
  if (typeof value !== 'object' || value === null) return NO_INDICATORS;
  const record = value as Record<string, unknown>;
  const period = (raw: unknown) =>
    typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_PERIOD ? raw : null;
  return {
    sma: period(record.sma),
    ema: period(record.ema),
    bollinger: record.bollinger === true,
    vwap: record.vwap === true,
    rsi: record.rsi === true,
    macd: record.macd === true,
  };
}

/** The indicators' names as the menu, the legend and screen readers give them. */
export function indicatorNames(indicators: ChartIndicators): string[] {
  const names: string[] = [];
  if (indicators.sma !== null) names.push(`SMA ${indicators.sma}`);
  if (indicators.ema !== null) names.push(`EMA ${indicators.ema}`);
  if (indicators.bollinger) names.push('BB 20 2');
  if (indicators.vwap) names.push('VWAP');
  if (indicators.rsi) names.push('RSI 14');
  if (indicators.macd) names.push('MACD 12 26 9');
  return names;
}

export type OverlayKind = 'sma' | 'ema' | 'bb-middle' | 'bb-upper' | 'bb-lower' | 'vwap';

/**
 * The overlays that are on, as the chart's key to its lines names them: each with the kind of line it is drawn as
 * (Bollinger Bands as their outer band).
 */
export function overlayKey(indicators: ChartIndicators): { kind: OverlayKind; name: string }[] {
  const key: { kind: OverlayKind; name: string }[] = [];
  if (indicators.sma !== null) key.push({ kind: 'sma', name: `SMA ${indicators.sma}` });
  if (indicators.ema !== null) key.push({ kind: 'ema', name: `EMA ${indicators.ema}` });
  if (indicators.bollinger) key.push({ kind: 'bb-upper', name: 'BB 20 2' });
  if (indicators.vwap) key.push({ kind: 'vwap', name: 'VWAP' });
  return key;
}

/** A line on the price pane: one value per candle of the series. */
export interface OverlayLine {
  kind: OverlayKind;
  name: string;
  values: readonly IndicatorValue[];
}

export interface StudyValues {
  /** Index in the chart's series of the values' first element (they may start at a later candle than the series). */
  offset: number;
  overlays: readonly OverlayLine[];
  rsi: readonly IndicatorValue[] | null;
  macd: {
    macd: readonly IndicatorValue[];
    signal: readonly IndicatorValue[];
    histogram: readonly IndicatorValue[];
  } | null;
}

const NO_STUDIES: StudyValues = Object.freeze({ offset: 0, overlays: [], rsi: null, macd: null });

/**
 * Every indicator that is on, over `candles` (the series the chart draws: its settled candles and the
 * forming one, so the values follow live ticks and line up with the candles by index).
 */
export function computeStudies(candles: readonly Candle[], indicators: ChartIndicators, offset = 0): StudyValues {
  if (indicatorNames(indicators).length === 0) return NO_STUDIES;
  const closes = candles.map((candle) => candle.close);
  const overlays: OverlayLine[] = [];
  if (indicators.sma !== null) {
    overlays.push({ kind: 'sma', name: `SMA ${indicators.sma}`, values: sma(closes, indicators.sma) });
  }
  if (indicators.ema !== null) {
    overlays.push({ kind: 'ema', name: `EMA ${indicators.ema}`, values: ema(closes, indicators.ema) });
  }
  if (indicators.bollinger) {
    const bands = bollinger(closes, 20, 2);
    overlays.push({ kind: 'bb-upper', name: 'BB 20 2 upper', values: bands.upper });
    overlays.push({ kind: 'bb-middle', name: 'BB 20 2 middle', values: bands.middle });
    overlays.push({ kind: 'bb-lower', name: 'BB 20 2 lower', values: bands.lower });
  }
  if (indicators.vwap) overlays.push({ kind: 'vwap', name: 'VWAP', values: vwap(candles) });
  return {
    offset,
    overlays,
    rsi: indicators.rsi ? rsi(closes, 14) : null,
    macd: indicators.macd ? macd(closes, 12, 26, 9) : null,
  };
}

/**
 * An SVG path through the values from index `first` to `last`, broken where a value is missing;
 * `x` and `y` place an index and a value in pixels.
 */
export function linePath(
  values: readonly IndicatorValue[],
  first: number,
  last: number,
  x: (index: number) => number,
  y: (value: number) => number,
): string {
  let d = '';
  let pen = false;
  for (let i = Math.max(0, first); i <= Math.min(last, values.length - 1); i++) {
    const value = values[i];
    if (value === null || value === undefined || !Number.isFinite(value)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${round1(x(i))},${round1(y(value))}`;
    pen = true;
  }
  return d;
}

/** Lowest and highest of the values from `first` to `last` (null when none). */
export function valueExtent(
  lines: readonly (readonly IndicatorValue[])[],
  first: number,
  last: number,
): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  for (const values of lines) {
    for (let i = Math.max(0, first); i <= Math.min(last, values.length - 1); i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  return low <= high ? [low, high] : null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Candles of history computed before the first one on screen: exact for SMA, Bollinger and VWAP (a day of
 * minutes), and EMA-based values (EMA, RSI, MACD) within about 1e-8 of a computation from the first candle. */
export const STUDY_WARMUP = 2_000;
const TAIL_STEP = 1_000;

/**
 * Where the indicators' computation starts in a series of `count` candles whose first candle on screen is
 * `first`: far enough back to warm them up, on a step of 1,000 so it stays put while the view moves a little.
 * A live tick then costs the candles from there, not the whole history.
 */
export function studyStart(first: number, count: number, maxPeriod: number): number {
  const warmup = Math.max(STUDY_WARMUP, 10 * maxPeriod);
  const from = Math.min(first, count - 1) - warmup;
  return from <= 0 ? 0 : Math.floor(from / TAIL_STEP) * TAIL_STEP;
}
