import useSWR from 'swr';
import type { PositionList, Trade } from '@signaldeck/server/api-types';
import { http } from '../../../lib/http';
import { ACCOUNT_REFRESH_MS, MARKED_REFRESH_MS } from './performance';

export function positionsKey(strategy: string | null): string {
  return strategy ? `/api/positions?strategy=${encodeURIComponent(strategy)}` : '/api/positions';
}

/** GET /api/positions: the open positions, marked to the last price; one strategy's or all. */
export function usePositions(strategy: string | null) {
  return useSWR<PositionList>(positionsKey(strategy), {
    revalidateOnFocus: false,
    // Marks move with prices, which no live event tells (see MARKED_REFRESH_MS).
    refreshInterval: (latest) => (latest && latest.data.length > 0 ? MARKED_REFRESH_MS : ACCOUNT_REFRESH_MS),
  });
}

/** POST /api/positions/{id}/close: the whole position closed at market; answers the closed trade. */
export function closePosition(id: string): Promise<Trade> {
  return http.post<Trade>(`/api/positions/${encodeURIComponent(id)}/close`);
}
