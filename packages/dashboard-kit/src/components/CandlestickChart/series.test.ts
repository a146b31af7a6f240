import { describe, expect, it } from 'vitest';
import { candleAt, indexAtOrBefore, seriesLength, settledKey, type CandleSeries } from './series';
import type { Candle } from './types';

const at = (time: number, close = 10): Candle => ({ time, open: 10, high: 12, low: 9, close, volume: 1 });
const series: CandleSeries = { settled: [at(100), at(200), at(300)], forming: at(400) };

describe('given a series of settled candles and a forming one', () => {
  it('should count and index the forming candle last', () => {
    expect(seriesLength(series)).toBe(4);
    expect(candleAt(series, 3)).toBe(series.forming);
    expect(candleAt(series, 0)?.time).toBe(100);
    expect(candleAt(series, -1)).toBeUndefined();
  });

  it('should find the candle at or before a time', () => {
    expect(indexAtOrBefore(series, 50)).toBe(-1);
    expect(indexAtOrBefore(series, 100)).toBe(0);
    expect(indexAtOrBefore(series, 299)).toBe(1);
    expect(indexAtOrBefore(series, 300)).toBe(2);
    expect(indexAtOrBefore(series, 400)).toBe(3);
    expect(indexAtOrBefore(series, 10_000)).toBe(3);
  });
});

describe('given the settled key of a live history', () => {
  const history = [at(100), at(200), at(300), at(400)];

  it('should not change when a tick edits the forming candle in a new array', () => {
    expect(settledKey([...history.slice(0, -1), at(400, 11)])).toBe(settledKey(history));
  });

  it('should change when a candle closes', () => {
    expect(settledKey([...history, at(500)])).not.toBe(settledKey(history));
  });

  it('should change when the last settled candle is corrected or history is prepended', () => {
    expect(settledKey([at(100), at(200), at(300, 9), at(400)])).not.toBe(settledKey(history));
    expect(settledKey([at(0), at(200), at(300), at(400)])).not.toBe(settledKey(history));
  });

  it('should be the same for any history without settled candles', () => {
    expect(settledKey([at(100)])).toBe(settledKey([]));
  });
});
