import useSWR from 'swr';
import type {
  CreateStrategyRequest,
  ReplayResult,
  Strategy,
  StrategyList,
  StrategySettings,
  UpdateStrategyRequest,
} from '@signaldeck/server/api-types';
import { http } from '../../../lib/http';

export const STRATEGIES_KEY = '/api/strategies';

const strategyPath = (id: string) => `/api/strategies/${encodeURIComponent(id)}`;

/** GET /api/strategies: the signed-in trader's strategies, oldest first (the first is the Default). */
export function useStrategies() {
  return useSWR<StrategyList>(STRATEGIES_KEY, { revalidateOnFocus: false });
}

/** Every strategy's name by id, for lists that show which strategy a row belongs to. */
export function strategyNames(list: StrategyList | undefined): ReadonlyMap<string, string> {
  return new Map((list?.data ?? []).map((strategy) => [strategy.id, strategy.name]));
}

/** POST /api/strategies: a new strategy with its own URL and an empty paper account. */
export function createStrategy(body: CreateStrategyRequest): Promise<Strategy> {
  return http.post<Strategy>(STRATEGIES_KEY, body);
}

/** PATCH /api/strategies/{id}: a new name and/or any subset of the settings (`null` unsets one). */
export function updateStrategy(id: string, body: UpdateStrategyRequest): Promise<Strategy> {
  return http.patch<Strategy>(strategyPath(id), body);
}

/** DELETE /api/strategies/{id}: the strategy, its URL, signals and account go (never the last one). */
export function deleteStrategy(id: string): Promise<void> {
  return http.delete<void>(strategyPath(id));
}

/** POST /api/strategies/{id}/rotate: a new webhook URL; the old one stops working at once. */
export function rotateStrategyUrl(id: string): Promise<Strategy> {
  return http.post<Strategy>(`${strategyPath(id)}/rotate`);
}

/** POST /api/strategies/{id}/reset: an empty paper account at the starting balance. */
export function resetStrategy(id: string): Promise<Strategy> {
  return http.post<Strategy>(`${strategyPath(id)}/reset`);
}

/** POST /api/strategies/{id}/replay: the account recomputed from its signals, after saving `settings`. */
export function replayStrategy(id: string, settings?: Partial<StrategySettings>): Promise<ReplayResult> {
  return http.post<ReplayResult>(`${strategyPath(id)}/replay`, settings ? { settings } : {});
}
