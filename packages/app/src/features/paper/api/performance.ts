import useSWR from 'swr';
import type { Breakdown, EquityCurve, Performance } from '@signaldeck/server/api-types';

export type BreakdownBy = 'pair' | 'strategy' | 'exit_reason' | 'day' | 'week' | 'month';

function withStrategy(path: string, strategy: string | null, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (strategy) query.set('strategy', strategy);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const performanceKey = (strategy: string | null) => withStrategy('/api/performance', strategy);
export const equityKey = (strategy: string | null) => withStrategy('/api/performance/equity', strategy);
export const breakdownKey = (strategy: string | null, by: BreakdownBy) =>
  withStrategy('/api/performance/breakdown', strategy, { by });

/**
 * How often an account's figures are read again while a page shows them (and the tab is visible): open positions
 * are marked as prices move, which no live event tells; and a reset or replay made in another tab shows within
 * a minute.
 */
export const MARKED_REFRESH_MS = 15_000;
export const ACCOUNT_REFRESH_MS = 60_000;

/** GET /api/performance: the metrics of one strategy's account, or of all together. */
export function usePerformance(strategy: string | null) {
  return useSWR<Performance>(performanceKey(strategy), {
    revalidateOnFocus: false,
    refreshInterval: (latest) => (latest && latest.unrealisedPnl !== 0 ? MARKED_REFRESH_MS : ACCOUNT_REFRESH_MS),
  });
}

/** GET /api/performance/equity: equity after every fill with its drawdown, oldest first. */
export function useEquityCurve(strategy: string | null) {
  return useSWR<EquityCurve>(equityKey(strategy), { revalidateOnFocus: false, refreshInterval: ACCOUNT_REFRESH_MS });
}

/** GET /api/performance/breakdown?by=: the closed trades' statistics per group. */
export function useBreakdown(strategy: string | null, by: BreakdownBy) {
  return useSWR<Breakdown>(breakdownKey(strategy, by), { revalidateOnFocus: false });
}
