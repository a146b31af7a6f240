import type { Candle } from './types';

/**
 * The candles the chart draws: the settled ones, which only change when a candle closes, and the
 * forming (last) one, which live ticks edit. Keeping them apart lets the settled layer stay memoised.
 */
export interface Series<T extends { time: number }> {
  settled: readonly T[];
  forming: T;
}

export type CandleSeries = Series<Candle>;

export function seriesLength(series: Series<{ time: number }>): number {
  return series.settled.length + 1;
}

export function candleAt<T extends { time: number }>(series: Series<T>, index: number): T | undefined {
  if (index === series.settled.length) return series.forming;
  return index >= 0 ? series.settled[index] : undefined;
}

/** Index of the last candle whose time is at or before `time`, or -1 when every candle is later. */
export function indexAtOrBefore(series: Series<{ time: number }>, time: number): number {
  if (series.forming.time <= time) return series.settled.length;
  let low = 0;
  let high = series.settled.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((series.settled[mid] as { time: number }).time <= time) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/**
 * A value key for the settled part of `candles` (all but the last). Live ticks hand over a new
 * array each time; when this key is unchanged the settled candles are the same and their layer can
 * be kept. It covers the count, the first candle and the last settled candle by value, which is
 * what changes when a candle closes, when history is prepended, or when the data is replaced.
 */
export function settledKey(candles: readonly Candle[]): string {
  const count = candles.length - 1;
  if (count <= 0) return '0';
  const first = candles[0] as Candle;
  const last = candles[count - 1] as Candle;
  return `${count}|${first.time}|${last.time}|${last.open}|${last.high}|${last.low}|${last.close}|${last.volume}`;
}
