/**
 * Pure formatting for the signals table: relative and exact times, prices, quantities, action
 * tones and interval ordering. Numbers use one fixed locale so every column reads alike next to
 * the English labels around it.
 */
import { formatScientific, isExtremeMagnitude } from '../../format/decimal';
import { timeZoneLabel, zonedParts, type TimeZoneMode } from '../../time/time-zone';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Older than this, a relative time stops being useful and the date is shown instead. */
const RELATIVE_LIMIT = 30 * DAY;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD` in the given zone (the viewer's by default). */
export function formatLocalDate(time: number, mode: TimeZoneMode = 'local'): string {
  const { year, month, day } = zonedParts(time, mode);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

/**
 * `YYYY-MM-DD HH:mm:ss.SSS` in the given zone (the viewer's by default): the exact time behind a
 * relative one. Milliseconds are the same in every zone.
 */
export function formatExactTime(time: number, mode: TimeZoneMode = 'local'): string {
  const { hours, minutes, seconds } = zonedParts(time, mode);
  const millis = ((time % 1000) + 1000) % 1000;
  return `${formatLocalDate(time, mode)} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(millis, 3)}`;
}

const HOUR_MS = 3_600_000;
const zoneLabels = new Map<string, string>();

/**
 * The zone's label at `time`, remembered per hour: naming the local zone builds an
 * `Intl.DateTimeFormat`, far too slow to do for every row that scrolls into view, and the name can
 * only change (daylight saving) on an hour boundary.
 */
function cachedZoneLabel(mode: TimeZoneMode, time: number): string {
  if (mode === 'UTC') return 'UTC';
  const key = Math.floor(time / HOUR_MS);
  let label = zoneLabels.get(String(key));
  if (label === undefined) {
    if (zoneLabels.size > 10_000) zoneLabels.clear();
    label = timeZoneLabel(mode, time);
    zoneLabels.set(String(key), label);
  }
  return label;
}

/** The exact time followed by its zone (`2026-05-02 14:03:07.120 UTC`), for tooltips and details. */
export function formatZonedTime(time: number, mode: TimeZoneMode = 'local'): string {
  return `${formatExactTime(time, mode)} ${cachedZoneLabel(mode, time)}`;
}

/**
 * The time a signals list cell shows, on the zone's clock (the zone its column header names): the time to
 * the second on the day of `now`, the day and minute earlier in the year, the date before that.
 */
export function formatCellTime(time: number, now: number, mode: TimeZoneMode = 'local'): string {
  const at = zonedParts(time, mode);
  const today = zonedParts(now, mode);
  if (at.year === today.year && at.month === today.month && at.day === today.day) {
    return `${pad(at.hours)}:${pad(at.minutes)}:${pad(at.seconds)}`;
  }
  if (at.year === today.year) return `${pad(at.month + 1)}-${pad(at.day)} ${pad(at.hours)}:${pad(at.minutes)}`;
  return formatLocalDate(time, mode);
}

/**
 * "just now", "42 s ago", "2 min ago", "3 h ago", "5 d ago", then the date. Times slightly in the
 * future (the sender's clock ahead of ours) read as "just now" rather than as a negative age.
 */
export function formatRelativeTime(time: number, now: number, mode: TimeZoneMode = 'local'): string {
  const age = now - time;
  if (age < 5 * SECOND) return 'just now';
  if (age < MINUTE) return `${Math.floor(age / SECOND)} s ago`;
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < RELATIVE_LIMIT) return `${Math.floor(age / DAY)} d ago`;
  return formatLocalDate(time, mode);
}

const NUMBER_LOCALE = 'en-US';
const wholePrice = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const fractionalPrice = new Intl.NumberFormat(NUMBER_LOCALE, { maximumSignificantDigits: 6 });
const quantityFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 8 });
/**
 * Prices keep at least two decimals (67,234.50) and show sub-unit prices by significant digits
 * (0.00001234), so neither a BTC nor a meme-coin price collapses to "0.00"; beyond 1e15 or below 1e-8 they are
 * written in scientific notation, so no price runs to hundreds of digits.
 */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (isExtremeMagnitude(magnitude)) return formatScientific(value);
  return magnitude === 0 || magnitude >= 1 ? wholePrice.format(value) : fractionalPrice.format(value);
}

/** Up to 8 decimals (a satoshi); a quantity smaller than that, or absurdly large, in scientific notation. */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return isExtremeMagnitude(value) ? formatScientific(value) : quantityFormat.format(value);
}

export type ActionTone = 'positive' | 'negative' | 'neutral';

const POSITIVE_ACTIONS = new Set(['buy', 'long']);
const NEGATIVE_ACTIONS = new Set(['sell', 'short']);

/** Buy/long read as green, sell/short as red; exits, closes and anything unknown stay neutral. */
export function actionTone(action: string | null): ActionTone {
  const normalised = action?.trim().toLowerCase() ?? '';
  if (POSITIVE_ACTIONS.has(normalised)) return 'positive';
  if (NEGATIVE_ACTIONS.has(normalised)) return 'negative';
  return 'neutral';
}

const INTERVAL_UNIT_MINUTES: Record<string, number> = { s: 1 / 60, m: 1, h: 60, d: 1440, w: 10080, M: 43200 };

/**
 * The length of a normalised interval (`15m`, `4h`, `1d`) in minutes, so the interval column sorts
 * 1m < 15m < 1h < 1d instead of alphabetically. Unknown shapes give `undefined`.
 */
export function intervalToMinutes(interval: string): number | undefined {
  const match = /^(\d+)([smhdwM])$/.exec(interval.trim());
  if (!match) return undefined;
  const unit = INTERVAL_UNIT_MINUTES[match[2] as string];
  return unit === undefined ? undefined : Number(match[1]) * unit;
}
