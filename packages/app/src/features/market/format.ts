import type { Candle } from '@signaldeck/server/api-types';

const priceFormats = new Map<number, Intl.NumberFormat>();

/** Prices with as many decimals as the price level needs (2 above $1, more below); `precisionOf` sets that level. */
export function formatPrice(value: number, precisionOf = value): string {
  const digits = Math.abs(precisionOf) >= 1 ? 2 : 6;
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

export function formatChange({ last, change, percent }: PriceChange): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  // In the price's own precision: a 0.61 move of a 2,800 pair is "0.61", not "0.610000".
  return `${sign}${formatPrice(Math.abs(change), last)} (${sign}${Math.abs(percent).toFixed(2)}%)`;
}
