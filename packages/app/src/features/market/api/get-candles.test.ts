import { describe, expect, it } from 'vitest';
import { candlesKey, mergeCandle } from './get-candles';

const candle = (time: number, close: number) => ({ time, open: close, high: close, low: close, close, volume: 1 });

describe('given mergeCandle', () => {
  it('should replace the forming candle of the same bucket', () => {
    expect(mergeCandle([candle(0, 1), candle(60, 2)], candle(60, 3))).toEqual([candle(0, 1), candle(60, 3)]);
  });

  it('should append a newer candle', () => {
    expect(mergeCandle([candle(0, 1)], candle(60, 2))).toEqual([candle(0, 1), candle(60, 2)]);
  });

  it('should ignore an older candle', () => {
    const series = [candle(0, 1), candle(60, 2)];
    expect(mergeCandle(series, candle(0, 9))).toBe(series);
  });
});

describe('given candlesKey', () => {
  it('should build the candles path with interval and limit', () => {
    expect(candlesKey('ETH', '15m', 300)).toBe('/api/markets/ETH/candles?interval=15m&limit=300');
  });
});
