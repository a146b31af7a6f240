import { describe, expect, it } from 'vitest';
import {
  actionTone,
  formatExactTime,
  formatPrice,
  formatQuantity,
  formatRelativeTime,
  intervalToMinutes,
} from './format';

const NOW = new Date(2025, 4, 3, 14, 2, 7, 45).getTime();
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [4 * SECOND, 'just now'],
    [-30 * SECOND, 'just now'],
    [5 * SECOND, '5 s ago'],
    [59 * SECOND, '59 s ago'],
    [2 * MINUTE + 30 * SECOND, '2 min ago'],
    [59 * MINUTE, '59 min ago'],
    [3 * 60 * MINUTE, '3 h ago'],
    [5 * 24 * 60 * MINUTE, '5 d ago'],
  ])('should describe an age of %i ms as "%s"', (age, expected) => {
    expect(formatRelativeTime(NOW - age, NOW)).toBe(expected);
  });

  it('should fall back to the date after a month', () => {
    expect(formatRelativeTime(new Date(2025, 0, 9, 8).getTime(), NOW)).toBe('2025-01-09');
  });
});

describe('formatExactTime', () => {
  it('should give the local date and time to the millisecond', () => {
    expect(formatExactTime(NOW)).toBe('2025-05-03 14:02:07.045');
  });
});

describe('formatPrice', () => {
  it.each([
    [67_234.5, '67,234.50'],
    [142.3725, '142.3725'],
    [1, '1.00'],
    [0, '0.00'],
    [0.5, '0.5'],
    [0.00001234, '0.00001234'],
    [-12.5, '-12.50'],
    [999_999_999_999_999, '999,999,999,999,999.00'],
    [1e17, '1E17'],
    [Number.MAX_VALUE, '1.79769E308'],
    [5e-324, '5E-324'],
    [0.000000012345, '0.000000012345'],
  ])('should format %f as %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it('should not pretend a non-finite number is a price', () => {
    expect(formatPrice(Number.NaN)).toBe('NaN');
  });
});

describe('formatQuantity', () => {
  it.each([
    [1_500_000, '1,500,000'],
    [0.25, '0.25'],
    [0.123456789, '0.12345679'],
    [0.00000001, '0.00000001'],
    [0.000000001, '1E-9'],
    [-0.000000001, '-1E-9'],
    [0, '0'],
    [2e21, '2E21'],
  ])('should format %f as %s', (value, expected) => {
    expect(formatQuantity(value)).toBe(expected);
  });
});

describe('actionTone', () => {
  it.each([
    ['buy', 'positive'],
    ['LONG', 'positive'],
    [' sell ', 'negative'],
    ['short', 'negative'],
    ['exit', 'neutral'],
    ['close', 'neutral'],
    ['hodl', 'neutral'],
    [null, 'neutral'],
  ] as const)('should give %s a %s tone', (action, tone) => {
    expect(actionTone(action)).toBe(tone);
  });
});

describe('intervalToMinutes', () => {
  it.each([
    ['1m', 1],
    ['15m', 15],
    ['1h', 60],
    ['4h', 240],
    ['1d', 1_440],
    ['1w', 10_080],
  ])('should read %s as %i minutes', (interval, minutes) => {
    expect(intervalToMinutes(interval)).toBe(minutes);
  });

  it('should not guess at unknown shapes', () => {
    expect(intervalToMinutes('D')).toBeUndefined();
    expect(intervalToMinutes('fifteen')).toBeUndefined();
  });
});
