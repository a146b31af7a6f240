import { timeZoneLabel, zonedParts, type TimeZoneMode } from './time-zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-24 14:02:05 UTC": a time to the second on the zone's clock, with the zone's name. */
export function formatSecondsTime(time: number, mode: TimeZoneMode = 'local'): string {
  const at = zonedParts(time, mode);
  return `${at.year}-${pad(at.month + 1)}-${pad(at.day)} ${pad(at.hours)}:${pad(at.minutes)}:${pad(at.seconds)} ${timeZoneLabel(mode, time)}`;
}
