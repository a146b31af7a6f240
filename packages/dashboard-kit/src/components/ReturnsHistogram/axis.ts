import { AXIS_CHAR_PX } from '../CandlestickChart/geometry';
import { niceWidth, type ReturnBin } from './bins';

/** Least room between two return labels, past their own widths. */
const LABEL_GAP_PX = 8;

/** One label under the bars: its centre (px) and its text. */
export interface ReturnLabel {
  x: number;
  label: string;
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

/** `+2.5%`, `−1%`, `0%` with `decimals` decimals. */
export function formatReturn(value: number, decimals: number): string {
  if (value === 0) return '0%';
  return `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(decimals)}%`;
}

/** The fewest decimals that write `width` exactly (0.25 needs two). */
export function decimalsOf(width: number): number {
  for (let decimals = 0; decimals < 6; decimals++) {
    if (Math.abs(Number(width.toFixed(decimals)) - width) < 1e-9) return decimals;
  }
  return 6;
}

const isNice = (value: number) => Math.abs(niceWidth(value) - value) <= value * 1e-9;

/** The estimated width of a label in the axis font. */
const labelPx = (label: string) => label.length * AXIS_CHAR_PX;

/**
 * The labels under a returns histogram for a plot of this width: one every `n` bins, with `n` the fewest
 * bins that leave every label its width and a gap (so none overlaps another at any width), counted from
 * zero, which is always labelled, and a round number of bins or of percent (every 0.1% rather than every
 * 0.075%). Each label has as many decimals as its step needs, not the bins': bins of 0.025% labelled every
 * 0.2% read `+0.4%`, not `+0.400%`. A label that would run past the drawing's edge is left out.
 */
export function returnAxisLabels({ bins, binWidth, left, right, width }: ReturnAxisInput): ReturnLabel[] {
  if (bins.length === 0) return [];
  const slot = (right - left) / bins.length;
  const lossCount = bins.filter((bin) => bin.kind === 'loss').length;
  const evenCount = bins.length - lossCount - bins.filter((bin) => bin.kind === 'win').length;
  const lowest = -lossCount;
  const highest = bins.length - lossCount - evenCount;
  // Edge k (k bin widths from zero): a loss bin's left edge, a win bin's right edge; zero is the break-even
  // bar's middle when there is one.
  const xOf = (k: number) =>
    left + slot * (k < 0 ? lossCount + k : k === 0 ? lossCount + evenCount / 2 : lossCount + evenCount + k);
  const labelsEvery = (step: number): ReturnLabel[] => {
    const decimals = decimalsOf(step * binWidth);
    const labels: ReturnLabel[] = [];
    for (let k = Math.ceil(lowest / step) * step; k <= highest; k += step) {
      const label = formatReturn(k === 0 ? 0 : k * binWidth, decimals);
      const x = xOf(k);
      const half = labelPx(label) / 2;
      if (x - half >= 0 && x + half <= width) labels.push({ x, label });
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
