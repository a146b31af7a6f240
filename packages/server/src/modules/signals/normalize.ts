/*
 * How the fields of an alert are read: TradingView's placeholder values and the other spellings traders use,
 * turned into one form each. Every function returns null for a value it does not understand; the caller
 * (alert.ts) turns that into a reason the trader can read.
 */

/**
 * Quote currencies worth one US dollar. SignalDeck charts every pair against USD, so a pair quoted in one of
 * these is filed under its base asset (BTCUSDT -> BTC); a pair quoted in anything else keeps its quote (ETHBTC).
 */
const USD_QUOTES = new Set(['USD', 'USDT', 'USDC', 'USDP', 'FDUSD', 'BUSD', 'TUSD']);

/**
 * The USD quotes recognised at the end of a pair written without separator, longest first. BUSD and TUSD are
 * left out: they would split BNBUSD into BN + BUSD and XBTUSD into XB + TUSD.
 */
const GLUED_USD_QUOTES = ['FDUSD', 'USDC', 'USDT', 'USDP', 'USD'];

/** Other names exchanges use for a base asset. */
const BASE_ALIASES: Record<string, string> = { XBT: 'BTC' };

/** Perpetual-contract suffixes: TradingView's `.P` (BTCUSDT.P) and the exchanges' PERP forms. */
const PERPETUAL_SUFFIX = /(?:\.P|[._-]?PERP)$/;

const SYMBOL = /^[A-Z0-9][A-Z0-9.!&]{0,31}$/;

/**
 * `BINANCE:BTCUSDT`, `BTCUSD`, `BTC-USD`, `BTC/USD`, `BTCUSDT.P`, `XBTUSD` and `btc` are all BTC. Anything else
 * keeps its own name in upper case without exchange prefix, perpetual suffix or separators: `NASDAQ:AAPL` is
 * AAPL, `ETH/BTC` is ETHBTC. Returns null when nothing like a symbol is left.
 */
export function normalizeTicker(input: string): string | null {
  let symbol = input.trim().toUpperCase();
  symbol = symbol.slice(symbol.lastIndexOf(':') + 1).replace(PERPETUAL_SUFFIX, '');

  const parts = symbol.split(/[/_\s-]+/).filter(Boolean);
  let base = parts[0] ?? '';
  let quote = parts.slice(1).join('');
  if (parts.length === 1) {
    const usdQuote = GLUED_USD_QUOTES.find(
      (candidate) => base.endsWith(candidate) && base.length - candidate.length >= 2,
    );
    if (usdQuote) {
      quote = usdQuote;
      base = base.slice(0, -usdQuote.length);
    }
  }
  base = BASE_ALIASES[base] ?? base;
  const normalized = quote === '' || USD_QUOTES.has(quote) ? base : base + quote;
  return SYMBOL.test(normalized) ? normalized : null;
}

export const ACTIONS = ['buy', 'sell', 'long', 'short', 'exit_long', 'exit_short', 'exit', 'close'] as const;
export type SignalAction = (typeof ACTIONS)[number];

const ACTION_ALIASES: Record<string, SignalAction> = {
  buy: 'buy',
  sell: 'sell',
  long: 'long',
  enter_long: 'long',
  long_entry: 'long',
  open_long: 'long',
  short: 'short',
  enter_short: 'short',
  short_entry: 'short',
  open_short: 'short',
  exit_long: 'exit_long',
  close_long: 'exit_long',
  long_exit: 'exit_long',
  exit_short: 'exit_short',
  close_short: 'exit_short',
  short_exit: 'exit_short',
  cover: 'exit_short',
  exit: 'exit',
  flat: 'exit',
  flatten: 'exit',
  close: 'close',
  close_all: 'close',
  close_position: 'close',
};

/** `BUY`, `Long`, `close long`, `exit-short`... in any case, with spaces, hyphens or underscores. */
export function normalizeAction(input: string): SignalAction | null {
  const key = input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return Object.hasOwn(ACTION_ALIASES, key) ? ACTION_ALIASES[key]! : null;
}

const MAX_INTERVAL_COUNT = 10_000;

function minutes(count: number): string {
  return count % 60 === 0 ? `${count / 60}h` : `${count}m`;
}

/**
 * TradingView's `{{interval}}` values and the usual short forms:
 * - a bare number is minutes (`1`, `15`, `60`, `240` -> `1m`, `15m`, `1h`, `4h`); `S` is seconds;
 * - `D`, `1D`, `W`, `1W` -> `1d`, `1w`; `h`, `d`, `w` in either case; `60m` -> `1h`;
 * - `m` is minutes but `M` is months, as on TradingView (`1M` stays `1M`).
 */
export function normalizeInterval(input: string): string | null {
  const match = /^(\d*)([SsmMHhDdWw]?)$/.exec(input.trim());
  if (!match) return null;
  const [, digits = '', unit = ''] = match;
  if (digits === '' && unit === '') return null;
  if (digits === '' && unit === 'm') return null;
  const count = digits === '' ? 1 : Number(digits);
  if (count < 1 || count > MAX_INTERVAL_COUNT) return null;
  switch (unit) {
    case '':
    case 'm':
      return minutes(count);
    case 'M':
      return `${count}M`;
    default:
      return `${count}${unit.toLowerCase()}`;
  }
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A finite number from a JSON number or a decimal string (`"65000.5"`, `"-2"`, `"1e-8"`), surrounding spaces
 * allowed. No hex, no `Infinity`/`NaN`, no `1e999` (overflows to infinity), no thousands separators or units.
 */
export function parseStrictNumber(input: unknown): number | null {
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string' && DECIMAL.test(input.trim())) value = Number(input.trim());
  else return null;
  return Number.isFinite(value) ? value : null;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Numbers below this are seconds since 1970 (until the year 5138), above it milliseconds (after March 1973). */
const SECONDS_LIMIT = 1e11;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** A day that is on the calendar: `Date.parse` rolls 2026-02-30 over to 2 March instead of refusing it. */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Milliseconds since 1970 from TradingView's `{{time}}`/`{{timenow}}` (ISO 8601, UTC when no offset is given)
 * or from a number of milliseconds or seconds. Only times between 2000 and 2100 are believed.
 */
export function parseAlertTime(input: unknown): number | null {
  let time: number;
  if (typeof input === 'string' && ISO_DATE_TIME.test(input.trim())) {
    const text = input.trim().replace(' ', 'T');
    if (!isCalendarDay(text)) return null;
    const hasTime = text.includes('T');
    const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && hasTime;
    time = Date.parse(hasTime && !hasZone ? `${text}Z` : text);
  } else {
    const number = parseStrictNumber(input);
    if (number === null || !Number.isInteger(number)) return null;
    time = number < SECONDS_LIMIT ? number * 1000 : number;
  }
  return Number.isFinite(time) && time >= EARLIEST && time < LATEST ? time : null;
}
