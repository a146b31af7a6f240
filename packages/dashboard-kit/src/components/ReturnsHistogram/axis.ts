import { formatScientific } from '../../format/decimal';
import { AXIS_CHAR_PX } from '../CandlestickChart/geometry';
import { niceWidth, type ReturnBin } from './bins';

/** Least room between two return labels, past their own widths. */
const LABEL_GAP_PX = 8;

/** One label under the bars: where its text sits (px), its text, and how the text sits there. */
export interface ReturnLabel {
  x: number;
  label: string;
  /**
   * Where the edge it names meets the axis, in px: `[x]`, or for 0% beside a break-even bar both sides of that
   * bar (the losses end and the wins begin at 0%), so every bin spans its whole width between ticks.
   */
  ticks: number[];
  /**
   * `middle`: centred under the tick. `start` or `end`: beginning or ending at it, for a label at an edge of the
   * plot that would otherwise run past the drawing.
   */
  anchor: 'start' | 'middle' | 'end';
}

export interface ReturnAxisInput {
  /** The histogram's bins, as `binReturns` gives them. */
  bins: readonly ReturnBin[];
  binWidth: number;
  /** The plot's left and right edges, in px. */
  left: number;
  right: number;
  /** The drawing's whole width: no label runs past either end of it. */
  width: number;
}

/** Returns are written with up to this many decimals; finer ones in scientific notation (`+2.5E-8%`). */
const MAX_DECIMALS = 6;

const exponentOf = (value: number) => Number(value.toExponential().split('e')[1]);

/**
 * `value` to `decimals` decimals, as a number of percent without its sign: `2.50`, or past `MAX_DECIMALS` the
 * significant digits those decimals hold, in scientific notation (`2.5E-8` rather than `0.000000025`).
 */
export function formatPoints(value: number, decimals: number): string {
  const magnitude = Math.abs(value);
  if (decimals <= MAX_DECIMALS) return magnitude.toFixed(decimals);
  const digits = Math.min(21, Math.max(1, decimals + exponentOf(magnitude) + 1));
  return formatScientific(magnitude, digits);
}

/** `+2.5%`, `−1%`, `0%` with `decimals` decimals; `+2.5E-8%` past a millionth of a percent. */
export function formatReturn(value: number, decimals: number): string {
  if (value === 0) return '0%';
  return `${value < 0 ? '−' : '+'}${formatPoints(value, decimals)}%`;
}

/** The fewest decimals that write `width` exactly (0.25 needs two, 2.5e-8 nine), however small it is. */
export function decimalsOf(width: number): number {
  if (!(width > 0) || !Number.isFinite(width)) return 0;
  let digits = 1;
  // Relative, not absolute: a width of 1e-10 is not "0 to within a billionth".
  while (digits < 15 && Math.abs(Number(width.toPrecision(digits)) - width) > width * 1e-9) digits++;
  return Math.max(0, digits - 1 - exponentOf(Number(width.toPrecision(digits))));
}

const isNice = (value: number) => Math.abs(niceWidth(value) - value) <= value * 1e-9;

/** The estimated width of a label in the axis font. */
const labelPx = (label: string) => label.length * AXIS_CHAR_PX;

/** Where a label's text begins and ends, in px. */
function extent({ x, label, anchor }: Pick<ReturnLabel, 'x' | 'label' | 'anchor'>): [number, number] {
  const length = labelPx(label);
  if (anchor === 'start') return [x, x + length];
  if (anchor === 'end') return [x - length, x];
  return [x - length / 2, x + length / 2];
}

/**
 * The labels under a returns histogram for a plot of this width: one every `n` bins, with `n` the fewest
 * bins that leave every label its width and a gap (so none overlaps another at any width), counted from
 * zero, which is always labelled, and a round number of bins or of percent (every 0.1% rather than every
 * 0.075%). Each label has as many decimals as its step needs, not the bins': bins of 0.025% labelled every
 * 0.2% read `+0.4%`, not `+0.400%`; a step finer than a millionth of a percent is written `+2.5E-8%`. A label
 * at an edge of the plot too long to centre there ends (or begins) at its tick instead, so a histogram of one
 * or two bars is labelled at both ends; one that still does not fit is left out.
 */
export function returnAxisLabels({ bins, binWidth, left, right, width }: ReturnAxisInput): ReturnLabel[] {
  if (bins.length === 0) return [];
  const slot = (right - left) / bins.length;
  const lossCount = bins.filter((bin) => bin.kind === 'loss').length;
  const evenCount = bins.length - lossCount - bins.filter((bin) => bin.kind === 'win').length;
  const lowest = -lossCount;
  const highest = bins.length - lossCount - evenCount;
  // Edge k (k bin widths from zero): a loss bin's left edge, a win bin's right edge; zero is labelled under the
  // break-even bar's middle when there is one, and ticked at both its sides.
  const xOf = (k: number) =>
    left + slot * (k < 0 ? lossCount + k : k === 0 ? lossCount + evenCount / 2 : lossCount + evenCount + k);
  const ticksOf = (k: number) =>
    k === 0 && evenCount > 0 ? [left + slot * lossCount, left + slot * (lossCount + evenCount)] : [xOf(k)];
  const labelsEvery = (step: number): ReturnLabel[] => {
    const decimals = decimalsOf(step * binWidth);
    const labels: ReturnLabel[] = [];
    for (let k = Math.ceil(lowest / step) * step; k <= highest; k += step) {
      const label = formatReturn(k === 0 ? 0 : k * binWidth, decimals);
      const x = xOf(k);
      const half = labelPx(label) / 2;
      const anchor = x - half < 0 ? 'start' : x + half > width ? 'end' : 'middle';
      const [start, end] = extent({ x, label, anchor });
      if (start < 0 || end > width) continue;
      // A label moved off its centre keeps its gap to the one beside it, or is left out (never zero).
      const previous = labels[labels.length - 1];
      if (previous && start < extent(previous)[1] + LABEL_GAP_PX) {
        if (anchor !== 'middle') continue;
        if (previous.anchor !== 'middle') labels.pop();
      }
      labels.push({ x, label, anchor, ticks: ticksOf(k) });
    }
    return labels;
  };

  // Labels every round number of bins (1, 2, 5, 10...) or at round returns (every 0.1% with bins of 0.025%).
  for (let step = 1; step <= bins.length; step++) {
    if (!isNice(step) && !isNice(step * binWidth)) continue;
    const labels = labelsEvery(step);
    const widest = Math.max(...labels.map((item) => labelPx(item.label)));
    if (step * slot >= widest + LABEL_GAP_PX) return labels;
  }
  // Not even two labels fit: zero alone (a step longer than the axis meets no other edge).
  return labelsEvery(bins.length + 1);
}
