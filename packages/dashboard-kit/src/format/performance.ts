/**
 * Pure formatting for paper-trading numbers: money in USD, percentages, ratios and durations. One
 * fixed locale, as the signals table uses, so every figure reads alike beside the English labels.
 * A minus sign is the typographic "−" (U+2212), which screen readers read as "minus".
 */

import { formatFixed } from './decimal';

const NUMBER_LOCALE = 'en-US';
const MINUS = '\u2212';
/** Two decimals with grouping, as Intl writes them in NUMBER_LOCALE (see decimal.ts). */
const twoDecimals = (value: number) => formatFixed(value, 2);
let countFormat: Intl.NumberFormat | undefined;
/** Made on first use: a page that imports these (the chart does) pays for Intl only when it shows a count. */
const count = () => (countFormat ??= new Intl.NumberFormat(NUMBER_LOCALE));

/** A ratio the API can send: a number, `"Infinity"` (JSON has no infinity) or `null` (nothing to compute from). */
export type RatioValue = number | 'Infinity' | null;

/** Whether a ratio is infinite, sent as the number or as the API's string `"Infinity"`. */
export function isInfinite(value: number | string | null | undefined): boolean {
  return value === Infinity || value === 'Infinity';
}

export interface SignedOptions {
  /** Show a "+" before positive values (P&L, changes); negatives always carry "−". */
  signed?: boolean;
}

function withSign(magnitude: string, value: number, signed: boolean): string {
  if (value < 0) return `${MINUS}${magnitude}`;
  if (signed && value > 0) return `+${magnitude}`;
  return magnitude;
}

/** `$1,234.50`, `−$12.00`, or `+$3.10` when signed. Rounded to cents; −0.004 reads as `$0.00`. */
export function formatMoney(value: number, { signed = false }: SignedOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value * 100) / 100;
  return withSign(`$${twoDecimals(Math.abs(rounded))}`, rounded === 0 ? 0 : rounded, signed);
}

/**
 * A value already in percent (the API's `pnlPct: 9.79` is 9.79 %): `9.79%`, `−1.20%`, `+0.50%`
 * when signed. For a fraction (a win rate of 0.4) pass `value * 100`.
 */
export function formatPercent(value: number, { signed = false }: SignedOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value * 100) / 100;
  return withSign(`${twoDecimals(Math.abs(rounded))}%`, rounded === 0 ? 0 : rounded, signed);
}

/** A ratio (profit factor, Sharpe) to two decimals; infinite reads as `∞`, missing as `—`. */
export function formatRatio(value: number | string | null | undefined): string {
  if (isInfinite(value)) return '∞';
  if (value === -Infinity || value === '-Infinity') return `${MINUS}∞`;
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return '—';
  return withSign(twoDecimals(Math.abs(number)), Math.round(number * 100) === 0 ? 0 : number, false);
}

/** A whole count with grouping: `10,000`. */
export function formatCount(value: number): string {
  return count().format(value);
}

/** A count and its noun, singular for exactly one: `1 loss`, `0 losses`, `2,400 trades`. */
export function formatCountOf(value: number, one: string, many: string): string {
  return `${count().format(value)} ${value === 1 ? one : many}`;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a trade was open, in its two largest units: `45 s`, `12 min`, `3 h 05 min`, `2 d 4 h`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  }
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  return `${days} d ${hours} h`;
}

/** Positive, negative or neither: the tone a P&L or change is shown in (with its sign, never colour alone). */
export type ValueTone = 'positive' | 'negative' | 'neutral';

/** The tone of a signed value, judged on what is shown (cents): a P&L of 0.001 is neutral. */
export function toneOf(value: number | null | undefined, decimals = 2): ValueTone {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'neutral';
  const scaled = Math.round(value * 10 ** decimals);
  return scaled > 0 ? 'positive' : scaled < 0 ? 'negative' : 'neutral';
}
