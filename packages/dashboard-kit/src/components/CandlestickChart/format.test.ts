import { describe, expect, it } from 'vitest';
import { DAY, MINUTE } from './aggregate';
import {
  defaultFormatPrice,
  describeCandle,
  describeChange,
  describeChart,
  formatCandleTime,
  formatVolume,
} from './format';
import type { Candle } from './types';

const T = Date.UTC(2026, 2, 12, 9, 5);

describe('given prices, volumes and times', () => {
  it('should format prices with grouping and decimals for their size', () => {
    expect(defaultFormatPrice(64_210.5)).toBe('64,210.50');
    expect(defaultFormatPrice(1.5)).toBe('1.50');
    expect(defaultFormatPrice(0.4521)).toBe('0.4521');
    expect(defaultFormatPrice(0.000123)).toBe('0.000123');
    expect(defaultFormatPrice(0)).toBe('0.00');
  });

  it('should write prices beyond 1e15 or below 1e-8 in scientific notation, not as hundreds of digits or zero', () => {
    expect(defaultFormatPrice(1e308)).toBe('1E308');
    expect(defaultFormatPrice(-1.7976931348623157e308)).toBe('-1.79769E308');
    expect(defaultFormatPrice(1e-12)).toBe('1E-12');
    expect(defaultFormatPrice(999_999_999_999_999)).toBe('999,999,999,999,999.00');
  });

  it('should shorten volumes', () => {
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(12_500)).toBe('12.5K');
    expect(formatVolume(3_210_000)).toBe('3.21M');
  });

  it('should give candle times in UTC, without the clock for daily candles', () => {
    expect(formatCandleTime(T, MINUTE)).toBe('12 Mar 2026 09:05 UTC');
    expect(formatCandleTime(T + 30_000, 1000)).toBe('12 Mar 2026 09:05:30 UTC');
    expect(formatCandleTime(Date.UTC(2026, 2, 12), DAY)).toBe('12 Mar 2026');
  });
});

describe('given a price change', () => {
  it('should sign rises, falls and no change', () => {
    expect(describeChange(100, 105, defaultFormatPrice)).toEqual({
      direction: 'up',
      text: '+5.00 (+5.00%)',
      magnitude: '5.00 (5.00%)',
    });
    expect(describeChange(200, 150, defaultFormatPrice).text).toBe('−50.00 (−25.00%)');
    expect(describeChange(10, 10, defaultFormatPrice).direction).toBe('flat');
    // The amount in its price's precision, and a change too small to show reads as flat.
    expect(describeChange(142.35, 142.51, defaultFormatPrice).text).toBe('+0.16 (+0.11%)');
    expect(describeChange(142.35, 142.36, defaultFormatPrice).text).toBe('+0.01 (+0.01%)');
    expect(describeChange(88_000, 87_999.32, defaultFormatPrice).text).toBe('−0.68 (−0.00%)');
    expect(describeChange(88_000, 87_999.999, defaultFormatPrice)).toEqual({
      direction: 'flat',
      text: '0.00 (0.00%)',
      magnitude: '0.00 (0.00%)',
    });
    expect(describeChange(0.4521, 0.4533, defaultFormatPrice).text).toBe('+0.0012 (+0.27%)');
    // A formatter of the caller's own writes the amount as it writes prices.
    expect(describeChange(100, 100.5, (value) => `$${value.toFixed(3)}`).text).toBe('+$0.500 (+0.50%)');
  });
});

describe('given the summary for screen readers', () => {
  const candles: Candle[] = [
    { time: T, open: 100, high: 101, low: 99, close: 100.5, volume: 3 },
    { time: T + MINUTE, open: 100.5, high: 106, low: 100, close: 105, volume: 4 },
  ];

  it('should say the pair, interval, last price and change since the first candle', () => {
    expect(describeChart({ name: 'BTC/USD 1m', candles, intervalMs: MINUTE, formatPrice: defaultFormatPrice })).toBe(
      'BTC/USD 1m. Last price 105.00, up 5.00 (5.00%) since 12 Mar 2026 09:05 UTC (2 candles).',
    );
  });

  it('should say when nothing changed, and when there is nothing', () => {
    const flat = [{ ...(candles[0] as Candle), close: 100 }];
    expect(describeChart({ name: 'X 1d', candles: flat, intervalMs: DAY, formatPrice: defaultFormatPrice })).toBe(
      'X 1d. Last price 100.00, unchanged since 12 Mar 2026 (1 candle).',
    );
    expect(describeChart({ name: 'X 1d', candles: [], intervalMs: DAY, formatPrice: defaultFormatPrice })).toBe(
      'X 1d: no candles.',
    );
  });

  it('should read one candle out in full', () => {
    expect(describeCandle(candles[1] as Candle, MINUTE, defaultFormatPrice)).toBe(
      '12 Mar 2026 09:06 UTC: open 100.50, high 106.00, low 100.00, close 105.00, volume 4.',
    );
  });
});
