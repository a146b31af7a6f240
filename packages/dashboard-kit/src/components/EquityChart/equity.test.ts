// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../CandlestickChart/aggregate';
import {
  downsampleEquity,
  maxDrawdownOf,
  nearestIndex,
  readEquity,
  samplesInRange,
  timeAxisTicks,
  type EquitySample,
} from './equity';

const T0 = Date.UTC(2026, 2, 1);

describe('given equity points from the API', () => {
  it('should read ISO and millisecond times, in time order, with drawdowns as magnitudes', () => {
    const samples = readEquity([
      { time: T0 + HOUR, equity: 9_900, drawdown: -100, drawdownPct: -1 },
      { time: '2026-03-01T00:00:00Z', equity: 10_000, drawdown: 0, drawdownPct: 0 },
    ]);
    expect(samples).toEqual([
      { time: T0, equity: 10_000, drawdown: 0, drawdownPct: 0 },
      { time: T0 + HOUR, equity: 9_900, drawdown: 100, drawdownPct: 1 },
    ]);
  });

  it('should leave out points whose time or equity cannot be read', () => {
    const samples = readEquity([
      { time: 'yesterday', equity: 1, drawdown: 0, drawdownPct: 0 },
      { time: T0, equity: Number.NaN, drawdown: 0, drawdownPct: 0 },
      { time: T0, equity: 5, drawdown: 0, drawdownPct: 0 },
    ]);
    expect(samples).toHaveLength(1);
  });
});

const series = (count: number, stepMs = HOUR): EquitySample[] =>
  Array.from({ length: count }, (_, i) => {
    const equity = 10_000 + Math.sin(i / 7) * 500 + i;
    return { time: T0 + i * stepMs, equity, drawdown: 0, drawdownPct: 0 };
  });

describe('given a range preset', () => {
  it('should keep the points within its length of the latest one', () => {
    const samples = series(24 * 10);
    const day = samplesInRange(samples, '1D');
    expect(day[0]?.time).toBe((samples[samples.length - 1] as EquitySample).time - DAY);
    expect(day).toHaveLength(25);
    expect(samplesInRange(samples, 'All')).toBe(samples);
    expect(samplesInRange(samples, '3M')).toBe(samples);
  });
});

describe('given 10,000 points', () => {
  const samples = series(10_000);
  samples[5_000] = { ...(samples[5_000] as EquitySample), equity: 2_000, drawdown: 8_000, drawdownPct: 80 };

  it('should hand at most 400 of them on, all real points, keeping the ends and the extremes', () => {
    const drawn = downsampleEquity(samples);
    expect(drawn.length).toBeLessThanOrEqual(400);
    expect(drawn[0]).toBe(samples[0]);
    expect(drawn[drawn.length - 1]).toBe(samples[samples.length - 1]);
    expect(drawn).toContain(samples[5_000]);
    const highest = samples.reduce((best, sample) => (sample.equity > best.equity ? sample : best));
    expect(drawn).toContain(highest);
    expect(drawn.every((sample, i) => i === 0 || sample.time > (drawn[i - 1] as EquitySample).time)).toBe(true);
  });

  it('should find the deepest drawdown among them', () => {
    expect(maxDrawdownOf(samples)).toBe(samples[5_000]);
  });

  it('should leave a short curve as it is', () => {
    expect(downsampleEquity(series(50))).toEqual(series(50));
  });
});

describe('given a time', () => {
  it('should find the nearest point', () => {
    const samples = series(10);
    expect(nearestIndex(samples, T0 + 2.4 * HOUR)).toBe(2);
    expect(nearestIndex(samples, T0 + 2.6 * HOUR)).toBe(3);
    expect(nearestIndex(samples, T0 - DAY)).toBe(0);
    expect(nearestIndex(samples, T0 + 100 * HOUR)).toBe(9);
  });
});

describe('given a time axis', () => {
  it('should label round times that fit the width: clock times within a day, dates beyond', () => {
    expect(timeAxisTicks(T0, T0 + 6 * HOUR, 480, 'UTC').map((tick) => tick.label)).toEqual([
      '00:00',
      '01:00',
      '02:00',
      '03:00',
      '04:00',
      '05:00',
      '06:00',
    ]);
    // Five labels fit: a two-day step, on whole days.
    expect(timeAxisTicks(T0, T0 + 10 * DAY, 400, 'UTC').map((tick) => tick.label)).toEqual([
      '2 Mar',
      '4 Mar',
      '6 Mar',
      '8 Mar',
      '10 Mar',
    ]);
  });
});
