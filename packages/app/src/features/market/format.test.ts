import { describe, expect, it } from 'vitest';
import { formatChange, formatPrice, priceChange } from './format';

const candle = (open: number, close: number) => ({ time: 0, open, high: close, low: open, close, volume: 1 });

describe('given the price formatting', () => {
  it('should use 2 decimals above $1 and 6 below', () => {
    expect(formatPrice(64123.456)).toBe('64,123.46');
    expect(formatPrice(0.1234567)).toBe('0.123457');
  });

  it('should compute the change from the first open to the last close', () => {
    const change = priceChange([candle(100, 101), candle(101, 110)]);
    expect(change).toEqual({ last: 110, change: 10, percent: 10 });
    expect(formatChange(change!)).toBe('+10.00 (+10.00%)');
    expect(formatChange(priceChange([candle(100, 95)])!)).toBe('−5.00 (−5.00%)');
  });

  it("should write a change under $1 in the price's own precision", () => {
    expect(formatChange(priceChange([candle(2809.16, 2808.55)])!)).toBe('−0.61 (−0.02%)');
    expect(formatChange(priceChange([candle(0.5, 0.51)])!)).toBe('+0.010000 (+2.00%)');
  });

  it('should have no change without candles', () => {
    expect(priceChange([])).toBeNull();
  });
});
