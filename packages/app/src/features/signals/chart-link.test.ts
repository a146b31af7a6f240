import { describe, expect, it } from 'vitest';
import { signalChartHref } from './chart-link';
import type { SignalRow as Signal } from 'dashboard-kit';

const signal = (overrides: Partial<Signal>): Signal => ({
  id: '42',
  ticker: 'BTC',
  action: 'buy',
  price: 1,
  quantity: null,
  interval: '15m',
  strategy: null,
  comment: null,
  status: 'accepted',
  reason: null,
  alertTime: 1_700_000_000_000,
  receivedAt: 1_700_000_000_500,
  ...overrides,
});

describe('given signalChartHref', () => {
  it("should open the signal's pair at its interval and time, with its id", () => {
    expect(signalChartHref(signal({}))).toBe('/trading/BTC/15m?at=1700000000000&signal=42');
  });

  it('should fall back to 1m for an interval the chart does not offer, and to the receipt time', () => {
    expect(signalChartHref(signal({ interval: '3m', alertTime: null }))).toBe(
      '/trading/BTC/1m?at=1700000000500&signal=42',
    );
    expect(signalChartHref(signal({ interval: null }))).toBe('/trading/BTC/1m?at=1700000000000&signal=42');
  });

  it('should offer no link for a pair the chart does not have', () => {
    expect(signalChartHref(signal({ ticker: 'DOGE' }))).toBeNull();
    expect(signalChartHref(signal({ ticker: null }))).toBeNull();
  });
});
