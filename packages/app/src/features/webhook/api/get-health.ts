import useSWR from 'swr';
import type { WebhookHealth } from '@signaldeck/server/api-types';

/** How often an open health panel refreshes its figures. */
export const HEALTH_REFRESH_MS = 30_000;

export const healthKey = (strategyId: string) => `/api/strategies/${encodeURIComponent(strategyId)}/health`;

/** GET /api/strategies/{id}/health, while `enabled` (the panel is open), refreshed every 30 s. */
export function useWebhookHealth(strategyId: string, enabled: boolean) {
  return useSWR<WebhookHealth>(enabled ? healthKey(strategyId) : null, { refreshInterval: HEALTH_REFRESH_MS });
}
