import { timeZoneLabel, zonedParts, type TimeZoneMode } from './time-zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-24 14:02:05 UTC": a time to the second on the zone's clock, with the zone's name. */
export function formatSecondsTime(time: number, mode: TimeZoneMode = 'local'): string {
  const at = zonedParts(time, mode);
  return `${at.year}-${pad(at.month + 1)}-${pad(at.day)} ${pad(at.hours)}:${pad(at.minutes)}:${pad(at.seconds)} ${timeZoneLabel(mode, time)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "24 Nov 14:02:05": a time to the second on the zone's clock, without the year or the zone (say it nearby). */
export function formatShortSecondsTime(time: number, mode: TimeZoneMode = 'local'): string {
  const at = zonedParts(time, mode);
  return `${at.day} ${MONTHS[at.month]} ${pad(at.hours)}:${pad(at.minutes)}:${pad(at.seconds)}`;
}

/** "14:03 UTC": the hour and minute on the zone's clock, with the zone's name. */
export function formatClockTime(time: number, mode: TimeZoneMode = 'local'): string {
  const at = zonedParts(time, mode);
  return `${pad(at.hours)}:${pad(at.minutes)} ${timeZoneLabel(mode, time)}`;
}
