// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMetric } from './MetricNumber';
import {
  formatCountOf,
  formatDuration,
  formatMoney,
  formatPercent,
  formatRatio,
  isInfinite,
  toneOf,
} from './performance';

describe('given money', () => {
  it('should write dollars with cents and grouping, and a typographic minus for losses', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-12)).toBe('\u2212$12.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('should put a plus before gains only when signed, and never sign an amount that rounds to zero', () => {
    expect(formatMoney(3.1, { signed: true })).toBe('+$3.10');
    expect(formatMoney(-0.004, { signed: true })).toBe('$0.00');
    expect(formatMoney(0.004, { signed: true })).toBe('$0.00');
  });
});

describe('given percentages in percent units', () => {
  it('should write two decimals with the sign asked for', () => {
    expect(formatPercent(9.79)).toBe('9.79%');
    expect(formatPercent(-1.2, { signed: true })).toBe('\u22121.20%');
    expect(formatPercent(0.5, { signed: true })).toBe('+0.50%');
  });
});

describe('given ratios', () => {
  it('should write infinity as the API sends it (string or number) as ∞', () => {
    expect(formatRatio('Infinity')).toBe('∞');
    expect(formatRatio(Infinity)).toBe('∞');
    expect(isInfinite('Infinity')).toBe(true);
    expect(isInfinite(3)).toBe(false);
  });

  it('should write a number to two decimals and a missing one as a dash', () => {
    expect(formatRatio(1.857142)).toBe('1.86');
    expect(formatRatio(-0.5)).toBe('\u22120.50');
    expect(formatRatio(null)).toBe('—');
  });
});

describe('given durations', () => {
  it('should use the two largest units', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 05 min');
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000)).toBe('2 d 4 h');
  });
});

describe('given a metric format', () => {
  it('should format by kind, infinity and missing values included', () => {
    expect(formatMetric(0.4 * 100, 'percent')).toBe('40.00%');
    expect(formatMetric(10_000, 'count')).toBe('10,000');
    expect(formatMetric('Infinity', 'ratio')).toBe('∞');
    expect(formatMetric(null, 'money')).toBe('—');
    expect(formatMetric(-250, 'signedMoney')).toBe('\u2212$250.00');
  });
});

describe('given the tone of a value', () => {
  it('should judge by what is shown: a gain under a cent is neutral', () => {
    expect(toneOf(12)).toBe('positive');
    expect(toneOf(-0.5)).toBe('negative');
    expect(toneOf(0.001)).toBe('neutral');
    expect(toneOf(null)).toBe('neutral');
  });
});

describe('formatCountOf', () => {
  it('should use the singular for exactly one and group large counts', () => {
    expect(formatCountOf(1, 'loss', 'losses')).toBe('1 loss');
    expect(formatCountOf(0, 'loss', 'losses')).toBe('0 losses');
    expect(formatCountOf(2_400, 'trade', 'trades')).toBe('2,400 trades');
  });
});
