/** Which side of zero a bin holds: losses below it, wins above it, and break-even trades exactly at it. */
export type ReturnBinKind = 'loss' | 'even' | 'win';

/** One bar of the histogram: the trades whose return lies in its range, in percent. */
export interface ReturnBin {
  kind: ReturnBinKind;
  /** Lower and upper edge in percent. A loss bin holds [from, to), a win bin (from, to], break-even [0, 0]. */
  from: number;
  to: number;
  count: number;
}

export interface ReturnBinning {
  /** Contiguous bins from the worst loss to the best win (empty ones included), break-even between them. */
  bins: ReturnBin[];
  /** Width of every loss and win bin, in percentage points. */
  binWidth: number;
  losses: number;
  wins: number;
  even: number;
  /** Returns that were not finite numbers, left out. */
  ignored: number;
}

export interface BinOptions {
  /** Width of a bin in percentage points; chosen from the data when absent. */
  binWidth?: number;
  /** The most loss and win bins together; a wider bin is chosen when more would be needed. */
  maxBins?: number;
}

export const DEFAULT_MAX_BINS = 40;
const NICE_STEPS = [1, 2, 2.5, 5, 10];

/** The smallest of 1, 2, 2.5, 5 × 10^k that is at least `value`. */
export function niceWidth(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = NICE_STEPS.find((candidate) => candidate * power >= value * (1 - 1e-9)) ?? 10;
  return step * power;
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  return low + ((sorted[above] as number) - low) * (position - below);
}

/**
 * A bin width for `returns`: the Freedman–Diaconis width (2 × IQR / n^⅓, which follows the spread of
 * the bulk and ignores a few outliers), or the range over √n bins when the IQR is zero, rounded up to a
 * nice number, and widened until the bins fit in `maxBins`.
 */
export function autoBinWidth(returns: readonly number[], maxBins = DEFAULT_MAX_BINS): number {
  const sorted = returns.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return 1;
  const low = Math.min(0, sorted[0] as number);
  const high = Math.max(0, sorted[sorted.length - 1] as number);
  if (high - low === 0) return 1;
  const iqr = quantile(sorted, 0.75) - quantile(sorted, 0.25);
  const raw = iqr > 0 ? (2 * iqr) / Math.cbrt(sorted.length) : (high - low) / Math.max(1, Math.sqrt(sorted.length));
  let width = niceWidth(raw);
  while (binCount(low, high, width) > maxBins) width = niceWidth(width * 1.0001);
  return width;
}

/** Loss bins needed down to `low` plus win bins up to `high`, with edges on multiples of `width`. */
function binCount(low: number, high: number, width: number): number {
  return lossIndex(low, width) * -1 + (high > 0 ? winIndex(high, width) + 1 : 0);
}

/** Loss bin k (k < 0) holds [k·w, (k+1)·w). */
const lossIndex = (value: number, width: number) => (value < 0 ? Math.floor(value / width) : 0);
/** Win bin k (k ≥ 0) holds (k·w, (k+1)·w]. */
const winIndex = (value: number, width: number) => Math.ceil(value / width) - 1;

/** Rounds away the float noise of k × width (0.30000000000000004 → 0.3). */
const edge = (k: number, width: number) => Number((k * width).toPrecision(12));

/**
 * Bins trade returns (percent per trade) into a histogram centred on zero: bin edges are multiples of the
 * width, so no bin mixes losses and wins, and break-even trades (exactly 0) get a bin of their own between
 * them. Non-finite returns are counted in `ignored` and left out.
 */
export function binReturns(returns: readonly number[], options: BinOptions = {}): ReturnBinning {
  const finite = returns.filter(Number.isFinite);
  const ignored = returns.length - finite.length;
  const maxBins = Math.max(2, options.maxBins ?? DEFAULT_MAX_BINS);
  const width =
    options.binWidth !== undefined && options.binWidth > 0 && Number.isFinite(options.binWidth)
      ? options.binWidth
      : autoBinWidth(finite, maxBins);
  if (finite.length === 0) return { bins: [], binWidth: width, losses: 0, wins: 0, even: 0, ignored };

  let low = 0;
  let high = 0;
  for (const value of finite) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const lowest = lossIndex(low, width);
  const highest = high > 0 ? winIndex(high, width) : -1;
  const lossCounts = new Array<number>(-lowest).fill(0);
  const winCounts = new Array<number>(highest + 1).fill(0);
  let even = 0;
  for (const value of finite) {
    if (value < 0) (lossCounts[lossIndex(value, width) - lowest] as number)++;
    else if (value > 0) (winCounts[winIndex(value, width)] as number)++;
    else even++;
  }

  const bins: ReturnBin[] = lossCounts.map((count, i) => ({
    kind: 'loss',
    from: edge(lowest + i, width),
    to: edge(lowest + i + 1, width),
    count,
  }));
  if (even > 0) bins.push({ kind: 'even', from: 0, to: 0, count: even });
  winCounts.forEach((count, k) => bins.push({ kind: 'win', from: edge(k, width), to: edge(k + 1, width), count }));
  const losses = lossCounts.reduce((sum, count) => sum + count, 0);
  const wins = winCounts.reduce((sum, count) => sum + count, 0);
  return { bins, binWidth: width, losses, wins, even, ignored };
}
