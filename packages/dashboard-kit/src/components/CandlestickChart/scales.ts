import type { Candle } from './types';

/** A range of values; a price range marked `log` is drawn on a logarithmic scale. */
export type Range = readonly [number, number] & { readonly log?: boolean };

/** How the price axis maps prices: evenly (linear), by ratio (log), or evenly labelled in % from the first candle on screen. */
export type PriceScaleMode = 'linear' | 'log' | 'percent';

/** The same range marked for a logarithmic scale (its low kept above zero). */
export function logRange(range: Range): Range {
  const low = range[0] > 0 ? range[0] : Math.max(range[1] * 1e-3, Number.MIN_VALUE);
  return Object.assign([low, range[1]] as const, { log: true });
}

/** Room above the highest high and below the lowest low, as a share of the price range. */
export const PRICE_PADDING = 0.08;
/** How loose a kept price range may get (relative to a fresh one) before it is tightened. */
const PRICE_SLACK = 1.5;

/** Lowest low and highest high of `candles` (and `extra`, the forming candle when on screen). */
export function priceExtent(candles: readonly Candle[], extra?: Candle): Range | null {
  let low = extra ? extra.low : Infinity;
  let high = extra ? extra.high : -Infinity;
  for (const candle of candles) {
    if (candle.low < low) low = candle.low;
    if (candle.high > high) high = candle.high;
  }
  return low <= high ? [low, high] : null;
}

export function maxVolume(candles: readonly Candle[], extra?: Candle): number {
  let max = extra ? extra.volume : 0;
  for (const candle of candles) if (candle.volume > max) max = candle.volume;
  return max;
}

/**
 * The price range of the y axis. The previous range is kept (the same array) while it still holds
 * every price and is not much looser than a fresh fit, so most live ticks leave the axis and the
 * settled candles alone; only a breakout or a pan to other prices changes it.
 */
export function stablePriceRange(previous: Range | null, low: number, high: number): Range {
  const needed = Math.max(high - low, Math.abs(high) * 1e-4, 1e-9);
  const fresh = needed * (1 + 2 * PRICE_PADDING);
  if (previous && previous[0] <= low && previous[1] >= high && previous[1] - previous[0] <= fresh * PRICE_SLACK) {
    return previous;
  }
  return [low - needed * PRICE_PADDING, high + needed * PRICE_PADDING];
}

/** The top of the volume pane, kept while the highest volume fits and uses at least half of it. */
export function stableVolumeMax(previous: number | null, max: number): number {
  const needed = max > 0 ? max : 1;
  if (previous !== null && previous >= needed && previous <= needed * 2) return previous;
  return needed * 1.25;
}

/** How far a trader can stretch (below 1) or squeeze (above 1) the price scale by dragging the price axis. */
export const MIN_PRICE_STRETCH = 0.1;
export const MAX_PRICE_STRETCH = 10;

/**
 * The price range scaled about its middle by `factor` (the trader's drag on the price axis): above 1
 * more prices fit (the candles get shorter), below 1 fewer (taller candles). 1 is the fitted range itself.
 */
export function stretchRange(range: Range, factor: number): Range {
  if (factor === 1) return range;
  if (range.log) {
    // By ratio: the middle is the geometric mean, and the range stretches in log space.
    const [low, high] = [Math.log(range[0]), Math.log(range[1])];
    const mid = (low + high) / 2;
    const halfLog = ((high - low) / 2) * factor;
    return Object.assign([Math.exp(mid - halfLog), Math.exp(mid + halfLog)] as const, { log: true });
  }
  const middle = (range[0] + range[1]) / 2;
  const half = ((range[1] - range[0]) / 2) * factor;
  return [middle - half, middle + half];
}
