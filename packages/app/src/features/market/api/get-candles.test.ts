import { describe, expect, it } from 'vitest';
import { candlesKey, mergeCandle, mergeLive } from './get-candles';

const candle = (time: number, close: number) => ({ time, open: close, high: close, low: close, close, volume: 1 });

describe('given mergeCandle', () => {
  it('should replace the forming candle of the same bucket', () => {
    expect(mergeCandle([candle(0, 1), candle(60, 2)], candle(60, 3))).toEqual([candle(0, 1), candle(60, 3)]);
  });

  it('should append a newer candle', () => {
    expect(mergeCandle([candle(0, 1)], candle(60, 2))).toEqual([candle(0, 1), candle(60, 2)]);
  });

  it('should replace a closed candle with its final values', () => {
    expect(mergeCandle([candle(0, 1), candle(60, 2), candle(120, 3)], candle(60, 9))).toEqual([
      candle(0, 1),
      candle(60, 9),
      candle(120, 3),
    ]);
  });

  it('should ignore a candle older than the series', () => {
    const series = [candle(60, 1), candle(120, 2)];
    expect(mergeCandle(series, candle(0, 9))).toBe(series);
  });
});

describe('given mergeLive', () => {
  it('should show nothing until the history has loaded, whatever ticks arrived', () => {
    expect(mergeLive(undefined, [candle(60, 2)])).toBeUndefined();
  });

  it('should put the live candles over the loaded history', () => {
    expect(mergeLive([candle(0, 1), candle(60, 2)], [candle(60, 3), candle(120, 4)])).toEqual([
      candle(0, 1),
      candle(60, 3),
      candle(120, 4),
    ]);
  });
});

describe('given candlesKey', () => {
  it('should build the candles path with interval and limit', () => {
    expect(candlesKey('ETH', '15m', 300)).toBe('/api/markets/ETH/candles?interval=15m&limit=300');
    expect(candlesKey('ETH', '1m', 500, 1_000)).toBe('/api/markets/ETH/candles?interval=1m&limit=500&before=1000');
  });
});
