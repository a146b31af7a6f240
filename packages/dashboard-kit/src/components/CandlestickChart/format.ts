import { formatCompact, formatFixed, formatScientific, isExtremeMagnitude } from '../../format/decimal';
import { timeZoneLabel, wallClock, type TimeZoneMode } from '../../time/time-zone';
import { DAY, MINUTE } from './aggregate';
import type { Candle } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/*
 * Times are read in UTC fields; a caller showing another zone passes its wall-clock time (see wallClock).
 */

export function monthName(time: number): string {
  return MONTHS[new Date(time).getUTCMonth()] as string;
}

/** `09:05`, or `09:05:30` with seconds. */
export function formatClock(time: number, withSeconds = false): string {
  const date = new Date(time);
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  return withSeconds ? `${clock}:${pad(date.getUTCSeconds())}` : clock;
}

/** `12 Mar`. */
export function formatDayMonth(time: number): string {
  const date = new Date(time);
  return `${date.getUTCDate()} ${monthName(time)}`;
}

/**
 * A candle's opening time as a trader reads it, in the zone asked for and naming it: `12 Mar 2026 09:05 UTC`,
 * `12 Mar 2026 10:05 GMT+1`. Daily candles are UTC days, named by their date: `12 Mar 2026`.
 */
export function formatCandleTime(time: number, intervalMs: number, zone: TimeZoneMode = 'UTC'): string {
  if (intervalMs >= DAY) return `${formatDayMonth(time)} ${new Date(time).getUTCFullYear()}`;
  const shown = wallClock(time, zone);
  const date = `${formatDayMonth(shown)} ${new Date(shown).getUTCFullYear()}`;
  return `${date} ${formatClock(shown, intervalMs < MINUTE)} ${timeZoneLabel(zone, time)}`;
}

/** Decimals for a price of this size: 2 from 1 up (and for 0), 4 from 0.01, 6 below. */
const priceDigits = (value: number) => {
  const size = Math.abs(value);
  return size >= 1 || size === 0 ? 2 : size >= 0.01 ? 4 : 6;
};

/**
 * Prices with grouping and enough decimals for their size: 64,210.50, 0.4521, 0.000123; from 1e15 up or below
 * 1e-8 in scientific notation (a stop at 1e308 is a label, not 309 digits that fit nowhere; 1e-12 is not 0.000000).
 */
export function defaultFormatPrice(value: number): string {
  if (Number.isFinite(value) && isExtremeMagnitude(value)) return formatScientific(value);
  return formatFixed(value, priceDigits(value));
}

/** Volumes in short form: 950, 12.5K, 3.2M. */
export const formatVolume = formatCompact;

export type Direction = 'up' | 'down' | 'flat';

export interface Change {
  direction: Direction;
  /** Signed absolute and relative change: `+760.00 (+1.20%)`. */
  text: string;
  /** Unsigned, for sentences: `760.00 (1.20%)`. */
  magnitude: string;
}

/**
 * The change from one price to another. With the default formatter the amount has the precision of the price it
 * changes (+0.16 on 142.35, not +0.1600); a formatter of the caller's own writes it as it writes prices. A change
 * too small to show at that precision reads as flat and unsigned: 0.00 (0.00%), not −0.00 (−0.00%).
 */
export function describeChange(from: number, to: number, formatPrice: (value: number) => string): Change {
  const delta = to - from;
  const amount =
    formatPrice === defaultFormatPrice ? formatFixed(Math.abs(delta), priceDigits(from)) : formatPrice(Math.abs(delta));
  const percent = (from === 0 ? 0 : (Math.abs(delta) / Math.abs(from)) * 100).toFixed(2);
  const shown = /[1-9]/.test(amount) || /[1-9]/.test(percent);
  const direction: Direction = !shown || delta === 0 ? 'flat' : delta > 0 ? 'up' : 'down';
  const sign = direction === 'down' ? '−' : direction === 'up' ? '+' : '';
  return { direction, magnitude: `${amount} (${percent}%)`, text: `${sign}${amount} (${sign}${percent}%)` };
}

export interface SummaryInput {
  name: string;
  candles: readonly Candle[];
  intervalMs: number;
  formatPrice: (value: number) => string;
  timeZone?: TimeZoneMode;
}

/** The sentence screen readers get for the whole chart: pair, interval, last price and change. */
export function describeChart({ name, candles, intervalMs, formatPrice, timeZone = 'UTC' }: SummaryInput): string {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last) return `${name}: no candles.`;
  const change = describeChange(first.open, last.close, formatPrice);
  const movement = change.direction === 'flat' ? 'unchanged' : `${change.direction} ${change.magnitude}`;
  const count = candles.length === 1 ? '1 candle' : `${candles.length} candles`;
  return `${name}. Last price ${formatPrice(last.close)}, ${movement} since ${formatCandleTime(first.time, intervalMs, timeZone)} (${count}).`;
}

/** One candle in words, for the keyboard crosshair's announcement. */
export function describeCandle(
  candle: Candle,
  intervalMs: number,
  formatPrice: (value: number) => string,
  timeZone: TimeZoneMode = 'UTC',
): string {
  return (
    `${formatCandleTime(candle.time, intervalMs, timeZone)}: open ${formatPrice(candle.open)}, high ${formatPrice(candle.high)}, ` +
    `low ${formatPrice(candle.low)}, close ${formatPrice(candle.close)}, volume ${formatVolume(candle.volume)}.`
  );
}
