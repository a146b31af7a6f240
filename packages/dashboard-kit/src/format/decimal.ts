/**
 * Number formatting for the chart's hot paths, written as `Intl.NumberFormat('en-US')` writes it but without
 * its first use: a page's first Intl number format loads ICU's number data, about 15 ms of the chart's first
 * paint on a page that formats nothing else. Like ICU, these round the shortest decimal that reads back as
 * the double (so 1.005 rounds to 1.01), half away from zero. `decimal.test.ts` holds them to Intl's output.
 */

/** The digits of a non-negative finite number in plain notation: `1.5e-7` becomes `0.00000015`. */
function plainDigits(size: number): { whole: string; fraction: string } {
  const text = String(size);
  const exponentAt = text.indexOf('e');
  const mantissa = exponentAt === -1 ? text : text.slice(0, exponentAt);
  const exponent = exponentAt === -1 ? 0 : Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const digits = point === -1 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  const pointAt = (point === -1 ? mantissa.length : point) + exponent;
  if (pointAt <= 0) return { whole: '0', fraction: '0'.repeat(-pointAt) + digits };
  if (pointAt >= digits.length) return { whole: digits + '0'.repeat(pointAt - digits.length), fraction: '' };
  return { whole: digits.slice(0, pointAt), fraction: digits.slice(pointAt) };
}

/** Adds one to a string of decimal digits: `"0999"` becomes `"1000"`, `"99"` becomes `"100"`. */
function increment(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index--;
  if (index < 0) return '1' + '0'.repeat(digits.length);
  return digits.slice(0, index) + String(Number(digits[index]) + 1) + '0'.repeat(digits.length - index - 1);
}

/** `whole.fraction` rounded half away from zero to `places` fraction digits. */
function roundDigits(whole: string, fraction: string, places: number): { whole: string; fraction: string } {
  const padded = fraction.padEnd(places, '0');
  const kept = whole + padded.slice(0, places);
  const rounded = (padded[places] ?? '0') >= '5' ? increment(kept) : kept;
  const wholeLength = rounded.length - places;
  return { whole: rounded.slice(0, wholeLength).replace(/^0+(?=\d)/, ''), fraction: rounded.slice(wholeLength) };
}

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What Intl does with a number these don't write in plain digits: not finite, or 10^21 and above. */
const unusual = (value: number) => !Number.isFinite(value) || Math.abs(value) >= 1e21;

/** `value` with thousands separators and exactly `places` decimals: 64,210.50, -0.0012. */
export function formatFixed(value: number, places: number): string {
  if (unusual(value)) {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places }).format(
      value,
    );
  }
  const { whole, fraction } = plainDigits(Math.abs(value));
  const rounded = roundDigits(whole, fraction, places);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${group(rounded.whole)}${places > 0 ? `.${rounded.fraction}` : ''}`;
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'];

/** `value` in short form with at most two decimals: 950, 7.4, 12.35K, 3.2M (Intl's `notation: 'compact'`). */
export function formatCompact(value: number): string {
  if (unusual(value) || Math.abs(value) >= 1e15) {
    return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(value);
  }
  const { whole, fraction } = plainDigits(Math.abs(value));
  // The unit of the unrounded value; one unit up when rounding reaches 1,000 of it (999,999 is 1M, not 1000K).
  let unit = Math.min(COMPACT_UNITS.length - 1, Math.max(0, Math.floor((whole.replace(/^0+/, '').length - 1) / 3)));
  let rounded: { whole: string; fraction: string };
  for (;;) {
    const shift = unit * 3;
    const digits = whole.padStart(shift + 1, '0');
    rounded = roundDigits(digits.slice(0, digits.length - shift), digits.slice(digits.length - shift) + fraction, 2);
    if (rounded.whole.length <= 3 || unit >= COMPACT_UNITS.length - 1) break;
    unit++;
  }
  const trimmed = rounded.fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${rounded.whole}${trimmed ? `.${trimmed}` : ''}${COMPACT_UNITS[unit]}`;
}

/** Whether a number is written in scientific notation: from 1e15 up, or below 1e-8 (but not 0). */
export function isExtremeMagnitude(value: number): boolean {
  const size = Math.abs(value);
  return size >= 1e15 || (size > 0 && size < 1e-8);
}

const scientificFormats = new Map<number, Intl.NumberFormat>();

/**
 * Scientific notation to `significantDigits` (6 unless asked), for the extremes: 1.79769E308 rather than 309
 * digits, 1E-12 rather than 0.000000. Its Intl formats are made on first use (see the note above), which an
 * ordinary price never needs.
 */
export function formatScientific(value: number, significantDigits = 6): string {
  let format = scientificFormats.get(significantDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { notation: 'scientific', maximumSignificantDigits: significantDigits });
    scientificFormats.set(significantDigits, format);
  }
  return format.format(value);
}
