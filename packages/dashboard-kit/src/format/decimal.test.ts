import { describe, expect, it } from 'vitest';
import { seededRandom } from '../components/CandlestickChart/fixtures';
import { formatCompact, formatFixed } from './decimal';

const intlFixed = (value: number, places: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places }).format(value);
const intlCompact = (value: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(value);

/** Values where rounding decides: ties in the shortest decimal, carries through nines, unit boundaries. */
const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.005,
  2.675,
  1.015,
  0.125,
  0.375,
  -0.125,
  0.0049,
  0.005,
  0.00499999,
  9.995,
  99.995,
  999.995,
  999.994,
  1000,
  999_999,
  999_995,
  999_994.9,
  1_000_000,
  12_345,
  12_344.99,
  123_456_789.125,
  0.1 + 0.2,
  1 / 3,
  2 / 3,
  1.5e-7,
  1e-7,
  5e-7,
  4.5e-7,
  1.23456789e-10,
  64_210.5,
  64_210.505,
  0.4521,
  0.000123,
  1e20,
  9.99999999e20,
  1e21,
  5e21,
  999_999_999_999_995,
  1e15,
  1e14,
  99_999_995_000_000,
  -12_345.678,
  -0.001,
  -0.005,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  Number.EPSILON,
  NaN,
  Infinity,
  -Infinity,
];

/** Doubles over every magnitude the chart meets, and decimals with three to eight places (ties are common there). */
function samples(count: number): number[] {
  const random = seededRandom(7);
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const magnitude = 10 ** Math.floor(random() * 24 - 9);
    const raw = random() * magnitude * (random() < 0.1 ? -1 : 1);
    const places = 3 + Math.floor(random() * 6);
    values.push(raw, Number(raw.toFixed(Math.min(places, 20))));
  }
  return values;
}

describe('formatFixed', () => {
  it('writes what Intl.NumberFormat("en-US") writes, for 0, 2, 4 and 6 decimals', () => {
    for (const value of [...EDGES, ...samples(4_000)]) {
      for (const places of [0, 2, 4, 6]) {
        expect(`${value} → ${formatFixed(value, places)}`).toBe(`${value} → ${intlFixed(value, places)}`);
      }
    }
  });

  it('rounds the decimal a trader reads, half away from zero', () => {
    expect(formatFixed(1.005, 2)).toBe('1.01');
    expect(formatFixed(-2.675, 2)).toBe('-2.68');
    expect(formatFixed(999_999.995, 2)).toBe('1,000,000.00');
    expect(formatFixed(1.5e-7, 6)).toBe('0.000000');
  });
});

describe('formatCompact', () => {
  it('writes what Intl.NumberFormat("en-US", {notation: "compact"}) writes', () => {
    for (const value of [...EDGES, ...samples(4_000)]) {
      expect(`${value} → ${formatCompact(value)}`).toBe(`${value} → ${intlCompact(value)}`);
    }
  });

  it('moves to the next unit when rounding reaches a thousand', () => {
    expect(formatCompact(999_999)).toBe('1M');
    expect(formatCompact(12_345)).toBe('12.35K');
    expect(formatCompact(7.4)).toBe('7.4');
  });
});
