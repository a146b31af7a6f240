// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import { autoBinWidth, binReturns, DEFAULT_MAX_BINS, MOST_BINS, niceWidth, type ReturnBin } from './bins';

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

  it('should keep a return on an edge in the same bin when the division is off by an ulp', () => {
    // 0.3 / 0.1 is 2.9999999999999996 and 1.1 / 0.1 is 11.000000000000002.
    const { bins } = binReturns([0.3, 1.1, -1.1], { binWidth: 0.1 });
    const holding = bins.filter((bin) => bin.count > 0);
    expect(holding).toEqual([
      { kind: 'loss', from: -1.1, to: -1, count: 1 },
      { kind: 'win', from: 0.2, to: 0.3, count: 1 },
      { kind: 'win', from: 1, to: 1.1, count: 1 },
    ]);
  });

  describe('after binning a −0.20% trade, one computed as −0.20000000000000004, and seven of −0.10%', () => {
    const binning = binReturns([-0.2, -0.20000000000000004, ...Array<number>(7).fill(-0.1), 0.35], { binWidth: 0.1 });

    it('should put equal returns in one bin, every bin 0.1 wide with edges on tenths', () => {
      expect(binning.bins.filter((bin) => bin.kind === 'loss')).toEqual([
        { kind: 'loss', from: -0.2, to: -0.1, count: 2 },
        { kind: 'loss', from: -0.1, to: 0, count: 7 },
      ]);
    });
  });

  it('should put a best win and a worst loss that lie on edges in the last and the first bin', () => {
    for (const binWidth of [0.05, 0.1, 0.25, 0.5]) {
      const { bins } = binReturns([-0.5, 0.5], { binWidth });
      expect(bins[0], String(binWidth)).toMatchObject({ from: -0.5, count: 1 });
      expect(bins[bins.length - 1], String(binWidth)).toMatchObject({ to: 0.5, count: 1 });
    }
  });

  it('should end with the loss bin up to 0% when the best trade lost', () => {
    expect(binReturns([-0.5, -0.25], { binWidth: 0.25 }).bins).toEqual([
      { kind: 'loss', from: -0.5, to: -0.25, count: 1 },
      { kind: 'loss', from: -0.25, to: 0, count: 1 },
    ]);
  });

  it('should round a given width up to a nice one, so edges stay on round returns', () => {
    const binning = binReturns([0.4, 1.2], { binWidth: 0.3 });
    expect(binning.binWidth).toBe(0.5);
    expect(binning.bins.map((bin) => [bin.from, bin.to])).toEqual([
      [0, 0.5],
      [0.5, 1],
      [1, 1.5],
    ]);
  });

  it('should widen a given width too narrow for the returns rather than draw more than maxBins', () => {
    // At 0.01 points, a 900% win and a 90% loss would need 99,000 bars.
    const binning = binReturns([-90, -0.5, 0.25, 900], { binWidth: 0.01, maxBins: 40 });
    expect(binning.binWidth).toBe(25);
    expect(binning.bins.length).toBeLessThanOrEqual(40);
    // The narrowest nice width that fits: at the next narrower, 20, the same trades need 50 bars.
    expect(binReturns([-90, -0.5, 0.25, 900], { binWidth: 20, maxBins: MOST_BINS }).bins).toHaveLength(50);
    expect(binning.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(4);
    // A given width that fits is kept as it is.
    expect(binReturns([-0.5, 0.25], { binWidth: 0.01, maxBins: 100 }).binWidth).toBe(0.01);
  });

  it('should draw at most maxBins even for a width orders of magnitude too narrow, or subnormal', () => {
    // Each of these counted bins forever: past 2^53 a step of one no longer moves a double.
    for (const [returns, binWidth] of [
      [[12.5, -3.2, 7], 1e-16],
      [[0.3], 1e-17],
      [[1, -1], 1e-300],
      [[1, -1], 5e-324],
      [[-1e308, 1e308], 1e-10],
    ] as const) {
      const binning = binReturns(returns, { binWidth });
      expect(binning.bins.length, String(binWidth)).toBeLessThanOrEqual(DEFAULT_MAX_BINS);
      expect(
        binning.bins.reduce((sum, bin) => sum + bin.count, 0),
        String(binWidth),
      ).toBe(returns.length);
    }
    expect(binReturns([12.5, -3.2, 7], { binWidth: 1e-16 }).binWidth).toBe(0.5);
  });

  it('should hold maxBins to 2 to 1,000 bins, and take the default for one that is not a number', () => {
    // Loss and win bins count against maxBins; the break-even bar comes on top.
    const spread = Array.from({ length: 5_001 }, (_, index) => index - 2_500);
    const barsOf = (maxBins: number) => binReturns(spread, { binWidth: 1, maxBins }).bins.length - 1;
    expect(barsOf(1e9)).toBeLessThanOrEqual(MOST_BINS);
    expect(barsOf(Number.NaN)).toBeLessThanOrEqual(DEFAULT_MAX_BINS);
    expect(barsOf(0)).toBe(2);
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

  it('should give the width as the round decimal itself, not 2 × 10 ** -5 (0.000019999999999999998)', () => {
    expect([0.000015, 0.00002, 2.4e-11, 4e-6, 0.3].map(niceWidth)).toEqual([0.00002, 0.00002, 2.5e-11, 5e-6, 0.5]);
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

/** Which bins hold `value` by the documented rule: [from, to) for a loss, (from, to] for a win, exactly 0 at break-even. */
const holders = (bins: readonly ReturnBin[], value: number) =>
  bins.filter((bin) =>
    bin.kind === 'even'
      ? value === 0
      : bin.kind === 'loss'
        ? bin.from <= value && value < bin.to
        : bin.from < value && value <= bin.to,
  );

describe('given random returns, some on edges and some with float noise', () => {
  it('should count every return in exactly one bin, all bins equally wide with edges on a nice step', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 200; run++) {
      const scale = 10 ** Math.floor(random() * 10 - 6);
      const widthAsked = random() < 0.5 ? undefined : random() * scale;
      const returns = Array.from({ length: 1 + Math.floor(random() * 60) }, () => {
        const pick = random();
        if (pick < 0.1) return 0;
        // A multiple of a nice step, computed in floats: 3 × 0.1 is 0.30000000000000004.
        if (pick < 0.4)
          return Math.round((random() - 0.5) * 20) * [0.05, 0.1, 0.2, 0.25, 0.5][Math.floor(random() * 5)]! * scale;
        return (random() - 0.4) * 10 * scale;
      });
      const context = JSON.stringify({ returns, widthAsked });
      const { bins, binWidth, losses, wins, even } = binReturns(returns, { binWidth: widthAsked });

      const [mantissa, exponent] = binWidth.toExponential().split('e');
      expect([1, 2, 2.5, 5], context).toContain(Number(mantissa));
      expect(binWidth, context).toBe(Number(`${mantissa}e${exponent}`));
      expect(losses + wins + even, context).toBe(returns.length);
      expect(
        bins.reduce((sum, bin) => sum + bin.count, 0),
        context,
      ).toBe(returns.length);
      for (const bin of bins.filter((item) => item.kind !== 'even')) {
        expect(bin.to - bin.from, context).toBeCloseTo(binWidth, 12 - Math.floor(Math.log10(binWidth)));
        // Edges are the round decimals themselves: k × the step, written with no float noise.
        const k = Math.round(bin.from / binWidth);
        expect(bin.from, context).toBe(k === 0 ? 0 : Number(`${k * Number(mantissa)}e${exponent}`));
      }
      for (let i = 1; i < bins.length; i++) {
        const [previous, current] = [bins[i - 1]!, bins[i]!];
        expect(current.from, context).toBe(previous.kind === 'even' ? 0 : previous.to);
      }
      // Each return, read as the round number it stands for (0.30000000000000004 as 0.3), lies in exactly one bin.
      for (const value of returns) {
        expect(holders(bins, Number(value.toPrecision(12))), `${value} in ${context}`).toHaveLength(1);
      }
      // And each bin holds as many of them as it counts.
      for (const bin of bins) {
        const inside = returns.filter((value) => holders([bin], Number(value.toPrecision(12))).length === 1);
        expect(inside, context).toHaveLength(bin.count);
      }
    }
  });
});
