import { farFromMarket, type SignalRow } from 'dashboard-kit';

/**
 * The signals list's flag on a signal priced far from the market (`Priced 98.69% below the market (at 84,000.00)`),
 * against the latest price of its pair. A repeat is never flagged: it trades nothing, and its original, in the
 * list too, carries the same flag.
 */
export function signalPriceWarning(
  signal: Pick<SignalRow, 'status' | 'ticker' | 'price'>,
  prices: Readonly<Partial<Record<string, number>>>,
): string | null {
  if (signal.status === 'duplicate') return null;
  const price = signal.ticker ? prices[signal.ticker.toUpperCase()] : undefined;
  return farFromMarket(signal.price, price)?.text ?? null;
}
