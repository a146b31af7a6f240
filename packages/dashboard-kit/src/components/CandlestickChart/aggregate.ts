import type { Candle } from './types';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; weeks start on Monday 1970-01-05, as exchanges' weekly candles do. */
const MONDAY_OFFSET = 4 * DAY;

/** The most candles handed to Victory at once, whatever the history; zoomed-out views aggregate. */
export const MAX_VISIBLE_CANDLES = 200;

const UNIT_MS: Record<string, number> = { s: SECOND, m: MINUTE, h: HOUR, d: DAY, w: WEEK };

/** `'1m'`, `'15m'`, `'4h'`, `'1d'`, `'1w'` to milliseconds; null for anything else (months included). */
export function parseInterval(interval: string): number | null {
  const match = /^(\d+)\s*([smhdw])$/.exec(interval.trim());
  if (!match) return null;
  const count = Number(match[1]);
  const unit = UNIT_MS[match[2] as string] as number;
  return count > 0 ? count * unit : null;
}

/** The candle interval of unlabelled data: the smallest gap between neighbours among the first ones. */
export function inferIntervalMs(candles: readonly Candle[]): number {
  let smallest = Infinity;
  const limit = Math.min(candles.length, 100);
  for (let i = 1; i < limit; i++) {
    const gap = (candles[i] as Candle).time - (candles[i - 1] as Candle).time;
    if (gap > 0 && gap < smallest) smallest = gap;
  }
  return Number.isFinite(smallest) ? smallest : MINUTE;
}

/** Start of the bucket holding `time`: multiples of the bucket since the epoch, weeks from Monday. */
export function bucketStart(time: number, bucketMs: number): number {
  const offset = bucketMs % WEEK === 0 ? MONDAY_OFFSET : 0;
  return Math.floor((time - offset) / bucketMs) * bucketMs + offset;
}

/** Coarser candles a trader knows, finest first. Each is used only where it is a multiple of the base. */
const BUCKET_LADDER = [
  MINUTE,
  2 * MINUTE,
  3 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  WEEK,
  2 * WEEK,
  4 * WEEK,
  13 * WEEK,
  26 * WEEK,
  52 * WEEK,
];

/**
 * The candle size to draw `span` base candles with at most `maxCount` candles: the base itself
 * when it fits, else the finest coarser size from the ladder that fits and holds whole base
 * candles, else a plain multiple of the base.
 */
export function chooseBucketMs(baseMs: number, span: number, maxCount = MAX_VISIBLE_CANDLES): number {
  const fits = (bucketMs: number) => Math.ceil((span * baseMs) / bucketMs) <= maxCount;
  if (fits(baseMs)) return baseMs;
  for (const bucketMs of BUCKET_LADDER) {
    if (bucketMs > baseMs && bucketMs % baseMs === 0 && fits(bucketMs)) return bucketMs;
  }
  return Math.ceil(span / maxCount) * baseMs;
}

/** `bucket` extended by `candle`: first open, highest high, lowest low, last close, summed volume. */
export function mergeCandles(bucket: Candle, candle: Candle): Candle {
  return {
    time: bucket.time,
    open: bucket.open,
    high: Math.max(bucket.high, candle.high),
    low: Math.min(bucket.low, candle.low),
    close: candle.close,
    volume: bucket.volume + candle.volume,
  };
}

/** Candles (sorted by time) gathered into buckets of `bucketMs`, each stamped with its bucket start. */
export function aggregateCandles(candles: readonly Candle[], bucketMs: number): Candle[] {
  const result: Candle[] = [];
  let current: Candle | undefined;
  for (const candle of candles) {
    const time = bucketStart(candle.time, bucketMs);
    if (current && current.time === time) {
      current.high = Math.max(current.high, candle.high);
      current.low = Math.min(current.low, candle.low);
      current.close = candle.close;
      current.volume += candle.volume;
    } else {
      current = { ...candle, time };
      result.push(current);
    }
  }
  return result;
}

/**
 * Splits aggregated settled candles around the forming candle's bucket. When the last aggregated
 * bucket is the one the forming candle belongs to, it is still open: it is returned as `pending`
 * (to be merged with the forming candle) and left out of `settled`.
 */
export function splitFormingBucket(
  aggregated: readonly Candle[],
  formingBucketTime: number,
): { settled: readonly Candle[]; pending: Candle | undefined } {
  const last = aggregated[aggregated.length - 1];
  if (last && last.time === formingBucketTime) return { settled: aggregated.slice(0, -1), pending: last };
  return { settled: aggregated, pending: undefined };
}

/** `5m`, `2h`, `1d`, `2w`: the short name of a candle size. */
export function formatIntervalMs(ms: number): string {
  const units: [number, string][] = [
    [WEEK, 'w'],
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'm'],
    [SECOND, 's'],
  ];
  for (const [size, unit] of units) {
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
