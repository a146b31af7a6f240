/** A signal priced further than this share from the market is flagged (10%). */
export const FAR_FROM_MARKET_SHARE = 0.1;

export interface MarketDistance {
  /** Signed share of the market price: -0.987 for a price 98.7% below it. */
  share: number;
  /** `98.69% below the market`, `12.50% above the market`. */
  text: string;
}

/**
 * Whether a signal's price is far from the market price of its time (more than `threshold`, 10% by
 * default), and by how much; null when it is not, or either price is unknown. Pure, so the chart and the
 * signals list flag the same signals.
 */
export function farFromMarket(
  price: number | null | undefined,
  marketPrice: number | null | undefined,
  threshold = FAR_FROM_MARKET_SHARE,
): MarketDistance | null {
  if (price == null || marketPrice == null || !(marketPrice > 0) || !Number.isFinite(price)) return null;
  const share = (price - marketPrice) / marketPrice;
  if (Math.abs(share) <= threshold) return null;
  return { share, text: `${(Math.abs(share) * 100).toFixed(2)}% ${share < 0 ? 'below' : 'above'} the market` };
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const marketPriceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Price 99% below the market (84,012.5)": what the signals list says beside such a price. */
export function describeFarFromMarket(distance: MarketDistance, marketPrice: number): string {
  const direction = distance.share < 0 ? 'below' : 'above';
  return `Price ${percent.format(Math.abs(distance.share))} ${direction} the market (${marketPriceFormat.format(marketPrice)})`;
}
