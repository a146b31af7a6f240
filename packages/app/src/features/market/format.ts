import type { Candle } from '@signaldeck/server/api-types';

const priceFormats = new Map<number, Intl.NumberFormat>();

/** Prices with as many decimals as the price level needs (2 above $1, more below). */
export function formatPrice(value: number): string {
  const digits = Math.abs(value) >= 1 ? 2 : 6;
  let format = priceFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    priceFormats.set(digits, format);
  }
  return format.format(value);
}

export interface PriceChange {
  last: number;
  change: number;
  percent: number;
}

/** Last price and its change since the first candle given (the caller picks the window). */
export function priceChange(candles: readonly Candle[]): PriceChange | null {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last || first.open === 0) return null;
  const change = last.close - first.open;
  return { last: last.close, change, percent: (change / first.open) * 100 };
}

export function formatChange({ change, percent }: PriceChange): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatPrice(Math.abs(change))} (${sign}${Math.abs(percent).toFixed(2)}%)`;
}
