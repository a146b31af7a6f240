import useSWR from 'swr';
import type { MarketList } from '@signaldeck/server/api-types';

export const MARKETS_KEY = '/api/markets';

/** GET /api/markets: the pairs, the intervals and which market data source is on. */
export function useMarkets() {
  return useSWR<MarketList>(MARKETS_KEY, { revalidateOnFocus: false });
}
