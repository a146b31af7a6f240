import { afterEach, describe, expect, it } from 'vitest';
import { timeZoneLabel, zonedParts } from './time-zone';

describe('given a moment in time', () => {
  const time = Date.UTC(2026, 2, 12, 23, 30, 15);

  it('should give its UTC fields in UTC mode', () => {
    expect(zonedParts(time, 'UTC')).toEqual({ year: 2026, month: 2, day: 12, hours: 23, minutes: 30, seconds: 15 });
  });

  it("should give the runtime's local fields in local mode", () => {
    const date = new Date(time);
    expect(zonedParts(time, 'local')).toEqual({
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hours: date.getHours(),
      minutes: date.getMinutes(),
      seconds: date.getSeconds(),
    });
  });

  it('should name UTC as UTC, and the local zone by a non-empty short name', () => {
    expect(timeZoneLabel('UTC', time)).toBe('UTC');
    expect(timeZoneLabel('local', time)).toMatch(/\S/);
  });
});

describe('given the local zone changes', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('should name the zone in force at each moment: daylight saving, and a move to another zone', () => {
    process.env.TZ = 'America/New_York';
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(timeZoneLabel('local', winter)).toBe('EST');
    expect(timeZoneLabel('local', summer)).toBe('EDT');
    expect(timeZoneLabel('local', winter + 60_000)).toBe('EST');
    process.env.TZ = 'America/Los_Angeles';
    expect(timeZoneLabel('local', winter)).toBe('PST');
  });
});
