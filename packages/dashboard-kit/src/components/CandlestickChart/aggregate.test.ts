import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  bucketStart,
  chooseBucketMs,
  DAY,
  formatIntervalMs,
  HOUR,
  inferIntervalMs,
  MAX_VISIBLE_CANDLES,
  mergeCandles,
  MINUTE,
  parseInterval,
  splitFormingBucket,
  WEEK,
} from './aggregate';
import type { Candle } from './types';

const T0 = Date.UTC(2026, 2, 12, 10, 0);
const candle = (minute: number, open: number, high: number, low: number, close: number, volume: number): Candle => ({
  time: T0 + minute * MINUTE,
  open,
  high,
  low,
  close,
  volume,
});

describe('given interval names', () => {
  it('should read minutes, hours, days and weeks as milliseconds', () => {
    expect(parseInterval('1m')).toBe(MINUTE);
    expect(parseInterval('15m')).toBe(15 * MINUTE);
    expect(parseInterval('4h')).toBe(4 * HOUR);
    expect(parseInterval('1d')).toBe(DAY);
    expect(parseInterval('1w')).toBe(WEEK);
    expect(parseInterval(' 5m ')).toBe(5 * MINUTE);
  });

  it('should refuse months, zero and anything else', () => {
    expect(parseInterval('1M')).toBeNull();
    expect(parseInterval('0m')).toBeNull();
    expect(parseInterval('')).toBeNull();
    expect(parseInterval('minute')).toBeNull();
  });

  it('should name sizes back in the shortest unit', () => {
    expect(formatIntervalMs(5 * MINUTE)).toBe('5m');
    expect(formatIntervalMs(2 * HOUR)).toBe('2h');
    expect(formatIntervalMs(DAY)).toBe('1d');
    expect(formatIntervalMs(26 * WEEK)).toBe('26w');
    expect(formatIntervalMs(90 * MINUTE)).toBe('90m');
  });
});

describe('given candles without an interval name', () => {
  it('should infer the interval from the smallest gap, ignoring data gaps', () => {
    const candles = [
      candle(0, 1, 1, 1, 1, 1),
      candle(5, 1, 1, 1, 1, 1),
      candle(10, 1, 1, 1, 1, 1),
      candle(30, 1, 1, 1, 1, 1),
    ];
    expect(inferIntervalMs(candles)).toBe(5 * MINUTE);
  });

  it('should fall back to one minute with a single candle', () => {
    expect(inferIntervalMs([candle(0, 1, 1, 1, 1, 1)])).toBe(MINUTE);
  });
});

describe('given bucket boundaries', () => {
  it('should align minutes and hours to the clock', () => {
    expect(bucketStart(T0 + 7 * MINUTE + 30_000, 5 * MINUTE)).toBe(T0 + 5 * MINUTE);
    expect(bucketStart(T0 + 59 * MINUTE, HOUR)).toBe(T0);
    expect(bucketStart(T0 + 3 * HOUR, 4 * HOUR)).toBe(Date.UTC(2026, 2, 12, 12, 0));
  });

  it('should start weeks on Monday, as exchanges do', () => {
    // 12 March 2026 is a Thursday; its week starts on Monday 9 March.
    expect(bucketStart(T0, WEEK)).toBe(Date.UTC(2026, 2, 9));
    expect(new Date(bucketStart(T0, 2 * WEEK)).getUTCDay()).toBe(1);
  });
});

describe('given a zoom level (choosing the candle size)', () => {
  it('should keep the base candles while they fit', () => {
    expect(chooseBucketMs(MINUTE, 150)).toBe(MINUTE);
    expect(chooseBucketMs(MINUTE, MAX_VISIBLE_CANDLES)).toBe(MINUTE);
  });

  it('should pick the finest coarser size that fits', () => {
    expect(chooseBucketMs(MINUTE, 201)).toBe(2 * MINUTE);
    expect(chooseBucketMs(MINUTE, 1_000)).toBe(5 * MINUTE);
    expect(chooseBucketMs(MINUTE, 1_001)).toBe(10 * MINUTE);
    expect(chooseBucketMs(MINUTE, 20_000)).toBe(2 * HOUR);
  });

  it('should only use sizes that hold whole base candles', () => {
    // 6h is not a multiple of 4h; 12h is, but 1,000 four-hour candles need days.
    expect(chooseBucketMs(4 * HOUR, 1_000)).toBe(DAY);
    expect(chooseBucketMs(DAY, 20_000)).toBe(26 * WEEK);
  });

  it('should never need more than the cap, whatever the span', () => {
    for (const base of [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 4 * HOUR, DAY, 7 * MINUTE]) {
      for (const span of [10, 199, 200, 201, 999, 5_000, 20_000, 100_000, 2_000_000]) {
        const bucket = chooseBucketMs(base, span);
        expect(bucket % base).toBe(0);
        expect(Math.ceil((span * base) / bucket)).toBeLessThanOrEqual(MAX_VISIBLE_CANDLES);
      }
    }
  });

  it('should honour a smaller cap (a narrow plot)', () => {
    expect(Math.ceil(500 / (chooseBucketMs(MINUTE, 500, 60) / MINUTE))).toBeLessThanOrEqual(60);
  });
});

describe('given one-minute candles aggregated to five minutes', () => {
  const candles = [
    candle(3, 100, 105, 99, 104, 1),
    candle(4, 104, 110, 103, 108, 2),
    candle(5, 108, 109, 101, 102, 3),
    candle(6, 102, 104, 100, 103, 4),
    candle(9, 103, 112, 102, 111, 5),
    // 10:10-10:15 has no candles (a gap); 10:15 starts the next bucket.
    candle(15, 111, 111, 90, 95, 6),
  ];
  const result = aggregateCandles(candles, 5 * MINUTE);

  it('should make one candle per clock bucket, skipping empty ones', () => {
    expect(result.map((c) => c.time)).toEqual([T0, T0 + 5 * MINUTE, T0 + 15 * MINUTE]);
  });

  it('should take the first open, highest high, lowest low, last close and summed volume', () => {
    expect(result[0]).toEqual({ time: T0, open: 100, high: 110, low: 99, close: 108, volume: 3 });
    expect(result[1]).toEqual({ time: T0 + 5 * MINUTE, open: 108, high: 112, low: 100, close: 111, volume: 12 });
    expect(result[2]).toEqual({ time: T0 + 15 * MINUTE, open: 111, high: 111, low: 90, close: 95, volume: 6 });
  });

  it('should leave the input untouched', () => {
    expect(candles[0]).toEqual(candle(3, 100, 105, 99, 104, 1));
  });

  it('should give nothing for nothing', () => {
    expect(aggregateCandles([], HOUR)).toEqual([]);
  });
});

describe('given the forming candle and the aggregated settled ones', () => {
  const settled = aggregateCandles(
    [candle(0, 1, 2, 0.5, 1.5, 1), candle(5, 1.5, 3, 1, 2.5, 2), candle(6, 2.5, 4, 2, 3, 3)],
    5 * MINUTE,
  );

  it('should hold back the last bucket when the forming candle belongs to it', () => {
    const { settled: closed, pending } = splitFormingBucket(settled, T0 + 5 * MINUTE);
    expect(closed.map((c) => c.time)).toEqual([T0]);
    expect(pending).toEqual({ time: T0 + 5 * MINUTE, open: 1.5, high: 4, low: 1, close: 3, volume: 5 });
    expect(mergeCandles(pending as Candle, candle(7, 3, 5, 0.8, 4.5, 1))).toEqual({
      time: T0 + 5 * MINUTE,
      open: 1.5,
      high: 5,
      low: 0.8,
      close: 4.5,
      volume: 6,
    });
  });

  it('should keep every bucket (the same array) when the forming candle starts a new one', () => {
    const split = splitFormingBucket(settled, T0 + 10 * MINUTE);
    expect(split.settled).toBe(settled);
    expect(split.pending).toBeUndefined();
  });
});
