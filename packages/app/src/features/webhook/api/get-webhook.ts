import useSWR from 'swr';
import { http } from '../../../lib/http';
import type { WebhookInfo } from '../types';

export const WEBHOOK_KEY = '/api/webhook';

/** GET /api/webhook: the signed-in user's webhook URL. */
export function useWebhook() {
  return useSWR<WebhookInfo>(WEBHOOK_KEY, { revalidateOnFocus: false });
}

/** POST /api/webhook/rotate: a new URL; the old one stops working at once. */
export function rotateWebhook(): Promise<WebhookInfo> {
  return http.post<WebhookInfo>('/api/webhook/rotate');
}
