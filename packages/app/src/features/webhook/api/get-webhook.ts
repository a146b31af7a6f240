import useSWR from 'swr';
import { http } from '../../../lib/http';
import type { RotatedWebhook, Webhook, WebhookSettings } from '@signaldeck/server/api-types';

export const WEBHOOK_KEY = '/api/webhook';

/** GET /api/webhook: the signed-in user's webhook URL. */
export function useWebhook() {
  return useSWR<Webhook>(WEBHOOK_KEY, { revalidateOnFocus: false });
}

/** POST /api/webhook/rotate: a new URL; the old one stops working at once. */
export function rotateWebhook(): Promise<RotatedWebhook> {
  return http.post<RotatedWebhook>('/api/webhook/rotate');
}

/** PUT /api/webhook/settings: TradingView only on or off for the Default strategy's URL (the one shown here). */
export function updateWebhookSettings(tradingViewOnly: boolean): Promise<WebhookSettings> {
  return http.put<WebhookSettings>('/api/webhook/settings', { tradingViewOnly });
}
