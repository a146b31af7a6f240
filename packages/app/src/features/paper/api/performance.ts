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

/** GET /api/performance: the metrics of one strategy's account, or of all together. */
export function usePerformance(strategy: string | null) {
  return useSWR<Performance>(performanceKey(strategy), { revalidateOnFocus: false });
}

/** GET /api/performance/equity: equity after every fill with its drawdown, oldest first. */
export function useEquityCurve(strategy: string | null) {
  return useSWR<EquityCurve>(equityKey(strategy), { revalidateOnFocus: false });
}

/** GET /api/performance/breakdown?by=: the closed trades' statistics per group. */
export function useBreakdown(strategy: string | null, by: BreakdownBy) {
  return useSWR<Breakdown>(breakdownKey(strategy, by), { revalidateOnFocus: false });
}
