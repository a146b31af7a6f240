/**
 * How far a signal's price is from the market price, in one wording for every place that says it (the chart's
 * marker and the signals list): one formatter, so the two never round the same distance differently.
 */
import { formatScientific } from './decimal';

/** A signal priced further than this share from the market is flagged (10%). */
export const FAR_FROM_MARKET_SHARE = 0.1;

export interface MarketDistance {
  /** Signed share of the market price: -0.987 for a price 98.7% below it. */
  share: number;
  /** The market price it was measured against. */
  marketPrice: number;
  /**
   * What the chart and the signals list both say: `Priced 98.69% below the market (at 84,000.00)`. One
   * wording, so the two never round the same signal differently.
   */
  text: string;
}

const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const marketPriceFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** From 100 times the market up, a multiple reads better than a percentage (and stays short for any price). */
const TIMES_FROM_SHARE = 99;
const wholeTimes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The words for a price `share` away from `marketPrice` (signed: -0.987 is 98.7% below):
 * `Priced 98.69% below the market (at 84,000.00)`. Always two decimals, so 200% reads `200.00%`, never `200%`.
 * From 100 times the market price up, a multiple: `Priced 1,250 times the market (at 80.00)`, `Priced 1.1E306
 * times the market (at 163.90)`.
 */
export function formatMarketDistance(share: number, marketPrice: number): string {
  const direction = share < 0 ? 'below' : 'above';
  if (share >= TIMES_FROM_SHARE) {
    const times = share + 1;
    const ratio = times < 1e6 ? wholeTimes.format(times) : formatScientific(times, 3);
    return `Priced ${ratio} times the market (at ${marketPriceFormat.format(marketPrice)})`;
  }
  return `Priced ${percent.format(Math.abs(share) * 100)}% ${direction} the market (at ${marketPriceFormat.format(marketPrice)})`;
}

/**
 * Whether a signal's price is far from the market price (more than `threshold`, 10% by default), and by
 * how much; null when it is not, or either price is unknown. Pure, so the chart and the signals list flag
 * the same signals in the same words.
 */
export function farFromMarket(
  price: number | null | undefined,
  marketPrice: number | null | undefined,
  threshold = FAR_FROM_MARKET_SHARE,
): MarketDistance | null {
  if (price == null || marketPrice == null || !(marketPrice > 0) || !Number.isFinite(price)) return null;
  const share = (price - marketPrice) / marketPrice;
  if (Math.abs(share) <= threshold) return null;
  return { share, marketPrice, text: formatMarketDistance(share, marketPrice) };
}
