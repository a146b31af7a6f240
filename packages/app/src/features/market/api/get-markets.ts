import useSWR from 'swr';
import type { MarketsResponse } from '../types';

export const MARKETS_KEY = '/api/markets';

/** GET /api/markets: the pairs, the intervals and which market data source is on. */
export function useMarkets() {
  return useSWR<MarketsResponse>(MARKETS_KEY, { revalidateOnFocus: false });
}
