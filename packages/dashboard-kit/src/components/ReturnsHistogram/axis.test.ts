// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AXIS_CHAR_PX } from '../CandlestickChart/geometry';
import { decimalsOf, formatReturn, returnAxisLabels, type ReturnLabel } from './axis';
import { binReturns } from './bins';

/** Scalping returns, within ±0.5%, in bins of 0.025 percentage points (40 of them). */
const SCALPING = binReturns([-0.49, -0.2, -0.01, 0.02, 0.1, 0.3, 0.49], { binWidth: 0.025 });
const axis = (width: number, binning = SCALPING) =>
  returnAxisLabels({ bins: binning.bins, binWidth: binning.binWidth, left: 40, right: width - 24, width });
const texts = (labels: readonly ReturnLabel[]) => labels.map((item) => item.label);
/** Where a label's text runs, in px, as the axis font's estimated width places it on its tick. */
const spanOf = ({ x, label, anchor }: ReturnLabel): [number, number] => {
  const length = label.length * AXIS_CHAR_PX;
  return anchor === 'start' ? [x, x + length] : anchor === 'end' ? [x - length, x] : [x - length / 2, x + length / 2];
};
const expectApart = (labels: readonly ReturnLabel[]) => {
  for (let i = 1; i < labels.length; i++) {
    const [, previousEnd] = spanOf(labels[i - 1] as ReturnLabel);
    const [currentStart] = spanOf(labels[i] as ReturnLabel);
    expect(currentStart - previousEnd).toBeGreaterThanOrEqual(4);
  }
};
const expectInside = (labels: readonly ReturnLabel[], width: number) => {
  for (const label of labels) {
    const [start, end] = spanOf(label);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeLessThanOrEqual(width);
  }
};

describe('given narrow bins of small returns', () => {
  describe('on a phone-wide plot', () => {
    it('should label fewer, round returns, each as short as its step allows, and none overlapping', () => {
      const labels = axis(300);
      expect(texts(labels)).toEqual(['−0.4%', '−0.2%', '0%', '+0.2%', '+0.4%']);
      expectApart(labels);
    });
  });

  describe('on a desktop-wide plot', () => {
    it('should label every tenth of a percent', () => {
      const labels = axis(1000);
      expect(texts(labels)).toEqual([
        '−0.5%',
        '−0.4%',
        '−0.3%',
        '−0.2%',
        '−0.1%',
        '0%',
        '+0.1%',
        '+0.2%',
        '+0.3%',
        '+0.4%',
        '+0.5%',
      ]);
      expectApart(labels);
    });
  });

  it('should put each label on its edge: −0.2% eight bins left of zero, the last one at the plot’s end', () => {
    const labels = axis(1000);
    const slot = (1000 - 24 - 40) / SCALPING.bins.length;
    const at = (label: string) => labels.find((item) => item.label === label)?.x;
    expect(at('0%')).toBeCloseTo(40 + 20 * slot);
    expect(at('−0.2%')).toBeCloseTo(40 + 12 * slot);
    expect(at('+0.5%')).toBeCloseTo(1000 - 24);
  });
});

describe('given a break-even bar', () => {
  it('should label zero under its middle, and the edges beside it clear of that label', () => {
    const binning = binReturns([-3, -1.5, 0, 0, 1, 2.5], { binWidth: 0.5 });
    const labels = axis(260, binning);
    const slot = (260 - 64) / binning.bins.length;
    const evenIndex = binning.bins.findIndex((bin) => bin.kind === 'even');
    expect(labels.find((item) => item.label === '0%')?.x).toBeCloseTo(40 + (evenIndex + 0.5) * slot);
    expect(texts(labels)).toContain('+2%');
    expectApart(labels);
  });

  it('should tick 0% at both sides of it, so the bars beside it span a whole bin between ticks', () => {
    const binning = binReturns([-1.4, 0, 0.3, 0.8, 2.2], { binWidth: 1 });
    const labels = axis(1000, binning);
    const slot = (1000 - 64) / binning.bins.length;
    const ticks = Object.fromEntries(labels.map((item) => [item.label, item.ticks]));
    // Bars: [−2, −1), [−1, 0), break-even, (0, +1], (+1, +2], (+2, +3].
    expect(ticks['0%']).toEqual([40 + 2 * slot, 40 + 3 * slot]);
    expect(ticks['−1%']).toEqual([40 + slot]);
    expect(ticks['+1%']).toEqual([40 + 4 * slot]);
  });
});

describe('given no break-even bar', () => {
  it('should tick 0% once, where the losses end and the wins begin', () => {
    // Bars: [−2, −1), [−1, 0), (0, +1].
    const binning = binReturns([-1.4, 0.3], { binWidth: 1 });
    const labels = axis(1000, binning);
    expect(labels.map((item) => item.ticks)).toEqual(labels.map((item) => [item.x]));
    expect(labels.find((item) => item.label === '0%')?.x).toBeCloseTo(40 + (2 * (1000 - 64)) / 3);
  });
});

describe('given any spread of returns at any width', () => {
  it('should never let two labels meet, nor one run past the drawing, and always label zero', () => {
    for (const width of [200, 280, 320, 358, 500, 800, 1200]) {
      for (const [returns, binWidth] of [
        [[-0.9, 0.9], 0.025],
        [[-14.9, 14.9], 0.25],
        [[-99, 400], undefined],
        [[-0.06, 0.08], 0.02],
        [[0.3, 12], undefined],
        [[-7, -0.5], undefined],
        [[0.01], 0.025],
        [[-0.01, 0.02], 0.025],
        [[-0.00001], 0.00002],
        [[-4e-8, 7e-8], 2.5e-8],
        [[3e-13, 9e-12], undefined],
      ] as const) {
        const binning = binReturns(returns, { binWidth });
        const labels = axis(width, binning);
        expect(texts(labels)).toContain('0%');
        expectApart(labels);
        expectInside(labels, width);
      }
    }
  });
});

describe('given bins narrower than a millionth of a percent', () => {
  it('should write each label with the digits that tell it apart, in scientific notation', () => {
    const binning = binReturns([-4e-8, -1e-8, 2e-8, 7e-8], { binWidth: 2.5e-8 });
    expect(texts(axis(1000, binning))).toEqual(['−5E-8%', '−2.5E-8%', '0%', '+2.5E-8%', '+5E-8%', '+7.5E-8%']);
  });

  it('should tell the labels apart however narrow the bins', () => {
    for (const binWidth of [5e-7, 1e-9, 2e-12, 5e-20]) {
      const binning = binReturns([-3 * binWidth, binWidth / 2, 4 * binWidth], { binWidth });
      const labels = texts(axis(800, binning));
      expect(new Set(labels).size, String(binWidth)).toBe(labels.length);
      expect(labels.length, String(binWidth)).toBeGreaterThan(3);
      expect(labels.filter((label) => label !== '0%').every((label) => /E-\d+%$/.test(label))).toBe(true);
    }
  });

  it('should name each bin’s range the same way', () => {
    expect(formatReturn(-2.5e-8, decimalsOf(2.5e-8))).toBe('−2.5E-8%');
    expect(formatReturn(1e-7, decimalsOf(2.5e-9))).toBe('+1E-7%');
    expect(formatReturn(0.000001, decimalsOf(0.000001))).toBe('+0.000001%');
  });
});

describe('given one or two bins', () => {
  it('should label both edges of a lone bar, the far one kept inside the drawing', () => {
    for (const width of [300, 1000]) {
      const win = binReturns([0.01], { binWidth: 0.025 });
      expect(texts(axis(width, win)), `win at ${width}`).toEqual(['0%', '+0.025%']);
      const loss = binReturns([-0.00001], { binWidth: 0.00002 });
      expect(texts(axis(width, loss)), `loss at ${width}`).toEqual(['−0.00002%', '0%']);
    }
  });

  it('should label a loss bar and a win bar at both ends and between them', () => {
    const binning = binReturns([-0.01, 0.02], { binWidth: 0.025 });
    expect(texts(axis(300, binning))).toEqual(['−0.025%', '0%', '+0.025%']);
  });

  it('should label break-even trades alone at 0%', () => {
    expect(texts(axis(300, binReturns([0, 0])))).toEqual(['0%']);
  });
});
