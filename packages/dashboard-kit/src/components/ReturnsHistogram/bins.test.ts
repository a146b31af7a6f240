// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { autoBinWidth, binReturns, niceWidth } from './bins';

describe('given trade returns in percent', () => {
  describe('after binning them with a width of 1', () => {
    const binning = binReturns([-2.5, -1, -0.2, 0, 0, 0.4, 1, 1.5, 3], { binWidth: 1 });

    it('should put losses and wins in separate bins whose edges are multiples of the width', () => {
      expect(binning.bins).toEqual([
        { kind: 'loss', from: -3, to: -2, count: 1 },
        { kind: 'loss', from: -2, to: -1, count: 0 },
        { kind: 'loss', from: -1, to: 0, count: 2 },
        { kind: 'even', from: 0, to: 0, count: 2 },
        { kind: 'win', from: 0, to: 1, count: 2 },
        { kind: 'win', from: 1, to: 2, count: 1 },
        { kind: 'win', from: 2, to: 3, count: 1 },
      ]);
    });

    it('should count losses, wins and break-even trades', () => {
      expect(binning).toMatchObject({ losses: 3, wins: 4, even: 2, ignored: 0, binWidth: 1 });
    });
  });

  it('should give a return exactly on an edge to the bin nearer zero', () => {
    const { bins } = binReturns([-1, 1], { binWidth: 1 });
    expect(bins).toEqual([
      { kind: 'loss', from: -1, to: 0, count: 1 },
      { kind: 'win', from: 0, to: 1, count: 1 },
    ]);
  });

  it('should leave out returns that are not finite and say how many', () => {
    const binning = binReturns([Number.NaN, Infinity, 0.5], { binWidth: 1 });
    expect(binning.ignored).toBe(2);
    expect(binning.bins).toEqual([{ kind: 'win', from: 0, to: 1, count: 1 }]);
  });

  it('should have no bins without returns', () => {
    expect(binReturns([]).bins).toEqual([]);
  });

  it('should have only loss bins when every trade lost', () => {
    expect(binReturns([-0.3, -0.7], { binWidth: 0.5 }).bins).toEqual([
      { kind: 'loss', from: -1, to: -0.5, count: 1 },
      { kind: 'loss', from: -0.5, to: 0, count: 1 },
    ]);
  });

  it('should keep edges free of float noise', () => {
    const { bins } = binReturns([0.25, 0.35], { binWidth: 0.1 });
    expect(bins.map((bin) => bin.to)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });
});

describe('given no bin width', () => {
  it('should round the width up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0.7, 1, 1.3, 2.2, 3, 7, 0.012].map(niceWidth)).toEqual([1, 1, 2, 2.5, 5, 10, 0.02]);
  });

  it('should follow the spread of the returns (Freedman–Diaconis)', () => {
    // 1,000 returns spread evenly over -5..5: IQR 5, 2 × 5 / 10 = 1.
    const returns = Array.from({ length: 1_000 }, (_, i) => -5 + (10 * i) / 999);
    expect(autoBinWidth(returns)).toBe(1);
  });

  it('should widen the bins rather than draw more than maxBins', () => {
    // A tight bulk with one 500% outlier would need hundreds of narrow bins.
    const returns = [...Array.from({ length: 200 }, (_, i) => -1 + i / 100), 500];
    const binning = binReturns(returns, { maxBins: 20 });
    expect(binning.bins.length).toBeLessThanOrEqual(20);
    expect(binning.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(201);
  });

  it('should still choose a width when every trade has the same return', () => {
    // The range 0..2 over √3 bins is 1.15, rounded up to 2.
    expect(binReturns([2, 2, 2]).bins).toEqual([{ kind: 'win', from: 0, to: 2, count: 3 }]);
  });
});
