/**
 * Technical indicators, pure: each takes candles (or closes) oldest first and returns one value per
 * input, `null` where the indicator has too little history yet. The chart draws them; nothing here
 * knows about the screen.
 */
import type { Candle } from './types';

export type IndicatorValue = number | null;

/** Simple moving average: the mean of the last `period` values. */
export function sma(values: readonly number[], period: number): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= period) sum -= values[i - period] as number;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average with multiplier 2 / (period + 1), seeded with the simple average of
 * the first `period` values (the convention of StockCharts and most charting platforms).
 */
export function ema(values: readonly IndicatorValue[], period: number): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array(values.length).fill(null);
  const k = 2 / (period + 1);
  let seedSum = 0;
  let seeded = 0;
  let previous: number | null = null;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    if (previous === null) {
      seedSum += value;
      seeded += 1;
      if (seeded === period) {
        previous = seedSum / period;
        out[i] = previous;
      }
      continue;
    }
    previous = (value - previous) * k + previous;
    out[i] = previous;
  }
  return out;
}

export interface BollingerBands {
  middle: IndicatorValue[];
  upper: IndicatorValue[];
  lower: IndicatorValue[];
}

/**
 * Bollinger Bands: the `period` simple average, and bands `multiplier` standard deviations (the
 * population deviation over the same `period` values, as John Bollinger defines it) above and below.
 */
export function bollinger(values: readonly number[], period = 20, multiplier = 2): BollingerBands {
  const middle = sma(values, period);
  const upper: IndicatorValue[] = new Array(values.length).fill(null);
  const lower: IndicatorValue[] = new Array(values.length).fill(null);
  for (let i = period - 1; i < values.length; i++) {
    const mean = middle[i] as number;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += ((values[j] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + multiplier * deviation;
    lower[i] = mean - multiplier * deviation;
  }
  return { middle, upper, lower };
}

const DAY_MS = 86_400_000;

/**
 * Volume-weighted average price of each session: the running sum of typical price ((high + low +
 * close) / 3) times volume over the running volume, starting again at every UTC midnight. Crypto
 * trades around the clock, so the UTC day is the session; with daily (or coarser) candles each candle
 * is its own session and the VWAP is its typical price. A session with no volume yet has no VWAP.
 */
export function vwap(candles: readonly Candle[]): IndicatorValue[] {
  const out: IndicatorValue[] = new Array(candles.length).fill(null);
  let session = Number.NaN;
  let priceVolume = 0;
  let volume = 0;
  for (let i = 0; i < candles.length; i++) {
    const candle = candles[i] as Candle;
    const day = Math.floor(candle.time / DAY_MS);
    if (day !== session) {
      session = day;
      priceVolume = 0;
      volume = 0;
    }
    priceVolume += ((candle.high + candle.low + candle.close) / 3) * candle.volume;
    volume += candle.volume;
    out[i] = volume > 0 ? priceVolume / volume : null;
  }
  return out;
}

/**
 * Relative Strength Index with Wilder's smoothing: the first average gain and loss are the simple
 * averages of the first `period` changes, then each is (previous × (period − 1) + current) / period.
 * The first value is at index `period` (it needs `period` changes).
 */
export function rsi(values: readonly number[], period = 14): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array(values.length).fill(null);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    const up = change > 0 ? change : 0;
    const down = change < 0 ? -change : 0;
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) continue;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

export interface Macd {
  macd: IndicatorValue[];
  signal: IndicatorValue[];
  histogram: IndicatorValue[];
}

/** MACD: the `fast` EMA minus the `slow` EMA, its `signal` EMA, and the histogram (MACD − signal). */
export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line: IndicatorValue[] = values.map((_, i) => {
    const a = fastLine[i];
    const b = slowLine[i];
    return a === null || a === undefined || b === null || b === undefined ? null : a - b;
  });
  const signal = ema(line, signalPeriod);
  const histogram = line.map((value, i) => {
    const s = signal[i];
    return value === null || s === null || s === undefined ? null : value - s;
  });
  return { macd: line, signal, histogram };
}

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1)
    throw new RangeError(`An indicator period must be a whole number ≥ 1, not ${period}`);
}
