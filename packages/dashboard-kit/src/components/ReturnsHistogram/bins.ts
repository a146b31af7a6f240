/** Which side of zero a bin holds: losses below it, wins above it, and break-even trades exactly at it. */
export type ReturnBinKind = 'loss' | 'even' | 'win';

/** One bar of the histogram: the trades whose return lies in its range, in percent. */
export interface ReturnBin {
  kind: ReturnBinKind;
  /**
   * Lower and upper edge in percent, `binWidth` apart. A loss bin holds [from, to), a win bin (from, to] (an edge
   * belongs to the bin nearer zero), break-even [0, 0].
   */
  from: number;
  to: number;
  count: number;
}

export interface ReturnBinning {
  /** Contiguous bins from the worst loss to the best win (empty ones included), break-even between them. */
  bins: ReturnBin[];
  /** Width of every loss and win bin, in percentage points: 1, 2, 2.5 or 5 × 10^k. */
  binWidth: number;
  losses: number;
  wins: number;
  even: number;
  /** Returns that were not finite numbers, left out. */
  ignored: number;
}

export interface BinOptions {
  /**
   * Width of a bin in percentage points, rounded up to 1, 2, 2.5 or 5 × 10^k, and widened further when the returns
   * would need more than `maxBins`; chosen from the data when absent.
   */
  binWidth?: number;
  /** The most loss and win bins together (2 to 1,000); a wider bin is chosen when more would be needed. */
  maxBins?: number;
}

export const DEFAULT_MAX_BINS = 40;
/** The most bins any `maxBins` allows: more bars than a screen has pixels help no one. */
export const MOST_BINS = 1_000;
/** Bin widths are one of these times a power of ten: 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5... */
const NICE_MANTISSAS = [1, 2, 2.5, 5];
/** The widest nice width a double holds (2E308 overflows). */
const WIDEST = 1e308;

/**
 * The smallest of 1, 2, 2.5, 5 × 10^k that is at least `value`, as the double nearest that decimal (parsed
 * from `2.5e-5`, where 2.5 × 10 ** -5 gives 0.000024999999999999998).
 */
export function niceWidth(value: number): number {
  if (!(value > 0)) return 1;
  if (!Number.isFinite(value)) return WIDEST;
  const target = value * (1 - 1e-9);
  // One power of ten below the estimate, in case log10 rounds up; the loop climbs from there.
  for (let exponent = Math.floor(Math.log10(target)) - 1; ; exponent++) {
    for (const mantissa of NICE_MANTISSAS) {
      const width = Number(`${mantissa}e${exponent}`);
      if (width >= target) return Number.isFinite(width) ? width : WIDEST;
    }
  }
}

/**
 * Edge k of bins `width` wide (a nice width): k × width as the double nearest that round decimal, so edge −2 of
 * 0.1 is −0.2 and not −0.20000000000000004, and never past the largest double.
 */
function edgesOf(width: number): (k: number) => number {
  const [mantissa, exponent] = width.toExponential().split('e');
  const step = Number(mantissa);
  return (k) => {
    if (k === 0) return 0;
    const edge = Number(`${k * step}e${exponent}`);
    return Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, edge));
  };
}

/**
 * Which bin `value` falls in, by the index of its edge farther from zero: −k for the loss bin [edge(−k),
 * edge(−k + 1)), k for the win bin (edge(k − 1), edge(k)], 0 for break-even (exactly 0). A return on an edge goes
 * to the bin nearer zero. A return within a billionth of an edge other than zero counts as on it, so float noise
 * (−0.20000000000000004 for −0.2) does not move a trade into the next bin.
 */
function outerEdge(value: number, width: number, edge: (k: number) => number): number {
  const size = Math.abs(value);
  const nearest = Math.round(size / width);
  let k = nearest;
  if (nearest === 0 || Math.abs(size - edge(nearest)) > Math.min(width * 1e-3, edge(nearest) * 1e-9)) {
    // size / width can be off by an ulp: settle k against the edges themselves.
    k = Math.ceil(size / width);
    while (k > 1 && size <= edge(k - 1)) k--;
    while (size > edge(k)) k++;
  }
  return value < 0 ? -k : k;
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  return low + ((sorted[above] as number) - low) * (position - below);
}

/** Loss bins needed down to `low` plus win bins up to `high`, with edges on multiples of `width`. */
function binCount(low: number, high: number, width: number): number {
  const edge = edgesOf(width);
  return -outerEdge(low, width, edge) + outerEdge(high, width, edge);
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
  return fitWidth(niceWidth(raw), low, high, maxBins);
}

/**
 * `width` (a nice width), or the next wider ones until the bins from `low` to `high` number at most `maxBins`.
 * The search starts no narrower than the range over `maxBins` bins, from which a step or two fits: a width many
 * orders of magnitude too narrow (1e-16 points, or a subnormal one that a step cannot widen) would otherwise count
 * bins past 2^53, where counting stops moving.
 */
function fitWidth(width: number, low: number, high: number, maxBins: number): number {
  let fitted = high > low ? Math.max(width, niceWidth((high - low) / maxBins)) : width;
  while (fitted < WIDEST && binCount(low, high, fitted) > maxBins) fitted = niceWidth(fitted * 1.0001);
  return fitted;
}

/**
 * Bins trade returns (percent per trade) into a histogram centred on zero. Every bin is `binWidth` wide, with
 * edges on multiples of it (a nice width: 1, 2, 2.5 or 5 × 10^k, a given one rounded up to the next), so no bin
 * mixes losses and wins. A return on an edge goes to the bin nearer zero: a loss bin holds [from, to), a win bin
 * (from, to]; so the best win lies in the last bin and the worst loss in the first. Break-even trades (exactly 0)
 * get a bin of their own between them. Non-finite returns are counted in `ignored`
 * and left out.
 */
export function binReturns(returns: readonly number[], options: BinOptions = {}): ReturnBinning {
  const finite = returns.filter(Number.isFinite);
  const ignored = returns.length - finite.length;
  const maxBins = Number.isFinite(options.maxBins)
    ? Math.min(MOST_BINS, Math.max(2, Math.floor(options.maxBins!)))
    : DEFAULT_MAX_BINS;
  const given = options.binWidth !== undefined && options.binWidth > 0 && Number.isFinite(options.binWidth);
  let width = given ? niceWidth(options.binWidth!) : autoBinWidth(finite, maxBins);
  if (finite.length === 0) return { bins: [], binWidth: width, losses: 0, wins: 0, even: 0, ignored };
  // A given width too narrow for the returns' range is widened as a chosen one would be: a million bars help no one.
  if (given) {
    const low = finite.reduce((lowest, value) => Math.min(lowest, value), 0);
    const high = finite.reduce((highest, value) => Math.max(highest, value), 0);
    width = fitWidth(width, low, high, maxBins);
  }

  const edge = edgesOf(width);
  const positions = finite.map((value) => outerEdge(value, width, edge));
  let lowest = 0;
  let highest = 0;
  for (const k of positions) {
    if (k < lowest) lowest = k;
    if (k > highest) highest = k;
  }
  // lossCounts[i] counts the loss bin from edge(lowest + i), the worst first; winCounts[k − 1] the win bin up to edge(k).
  const lossCounts = new Array<number>(-lowest).fill(0);
  const winCounts = new Array<number>(highest).fill(0);
  let even = 0;
  for (const k of positions) {
    if (k < 0) (lossCounts[k - lowest] as number)++;
    else if (k > 0) (winCounts[k - 1] as number)++;
    else even++;
  }

  const bins: ReturnBin[] = lossCounts.map((count, i) => ({
    kind: 'loss',
    from: edge(lowest + i),
    to: edge(lowest + i + 1),
    count,
  }));
  if (even > 0) bins.push({ kind: 'even', from: 0, to: 0, count: even });
  winCounts.forEach((count, i) => bins.push({ kind: 'win', from: edge(i), to: edge(i + 1), count }));
  const losses = lossCounts.reduce((sum, count) => sum + count, 0);
  const wins = winCounts.reduce((sum, count) => sum + count, 0);
  return { bins, binWidth: width, losses, wins, even, ignored };
}
