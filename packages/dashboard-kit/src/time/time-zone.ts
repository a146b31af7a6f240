/**
 * How the kit's components show a moment: in the viewer's local zone (the default) or in UTC. Every
 * component that shows a time takes this one setting, so an app can keep its chart, its tables and its
 * labels in one zone and say which.
 */
export type TimeZoneMode = 'local' | 'UTC';

export interface ZonedParts {
  year: number;
  /** 0 to 11, as Date numbers months. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The calendar and clock fields of `time` (ms since the epoch) in the given zone. */
export function zonedParts(time: number, mode: TimeZoneMode): ZonedParts {
  const date = new Date(time);
  return mode === 'UTC'
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
        seconds: date.getUTCSeconds(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
        seconds: date.getSeconds(),
      };
}

const HOUR = 3_600_000;
const zoneLabels = new Map<string, string>();

/**
 * The zone's name as a trader reads it beside a time: `UTC`, or the local zone's short name at that
 * moment (`GMT+1`, `CET`, `EST`..., whatever the browser's locale gives; it changes with daylight saving).
 */
export function timeZoneLabel(mode: TimeZoneMode, time: number = Date.now()): string {
  if (mode === 'UTC') return 'UTC';
  // A new Intl.DateTimeFormat costs about half a millisecond, and the chart's legend asks on every candle. A
  // zone's name changes only with its offset, so a name is kept per hour and offset.
  const key = `${Math.floor(time / HOUR)} ${new Date(time).getTimezoneOffset()}`;
  let label = zoneLabels.get(key);
  if (label === undefined) {
    const part = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date(time))
      .find((p) => p.type === 'timeZoneName');
    label = part?.value ?? 'local time';
    if (zoneLabels.size >= 256) zoneLabels.clear();
    zoneLabels.set(key, label);
  }
  return label;
}

/**
 * `time` moved by the zone's offset at that moment, so that its UTC fields are the zone's wall clock:
 * calendar arithmetic written for UTC (a new day, a new hour) then works in either zone.
 */
export function wallClock(time: number, mode: TimeZoneMode): number {
  return mode === 'UTC' ? time : time - new Date(time).getTimezoneOffset() * 60_000;
}
