// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AXIS_CHAR_PX } from '../CandlestickChart/geometry';
import { returnAxisLabels, type ReturnLabel } from './axis';
import { binReturns } from './bins';

/** Scalping returns, within ±0.5%, in bins of 0.025 percentage points (40 of them). */
const SCALPING = binReturns([-0.49, -0.2, -0.01, 0.02, 0.1, 0.3, 0.49], { binWidth: 0.025 });
const axis = (width: number, binning = SCALPING) =>
  returnAxisLabels({ bins: binning.bins, binWidth: binning.binWidth, left: 40, right: width - 24, width });
const texts = (labels: readonly ReturnLabel[]) => labels.map((item) => item.label);
const expectApart = (labels: readonly ReturnLabel[]) => {
  for (let i = 1; i < labels.length; i++) {
    const previous = labels[i - 1] as ReturnLabel;
    const current = labels[i] as ReturnLabel;
    const room = ((previous.label.length + current.label.length) / 2) * AXIS_CHAR_PX;
    expect(current.x - previous.x).toBeGreaterThanOrEqual(room + 4);
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
      ] as const) {
        const binning = binReturns(returns, { binWidth });
        const labels = axis(width, binning);
        expect(texts(labels)).toContain('0%');
        expectApart(labels);
        for (const { x, label } of labels) {
          expect(x - (label.length * AXIS_CHAR_PX) / 2).toBeGreaterThanOrEqual(0);
          expect(x + (label.length * AXIS_CHAR_PX) / 2).toBeLessThanOrEqual(width);
        }
      }
    }
  });
});
