import { createHmac, randomBytes } from 'node:crypto';

import type { DeliveryResult, NotificationMessage, TransportSettings } from '../contract';
import type { Resolver } from './destination';
import { classifyAnswer, invalid, outcomeFailure, post } from './http';
import { checkWebhookUrl } from './targets';

/*
 * The generic webhook, signed per the Standard Webhooks specification (https://www.standardwebhooks.com):
 * - `webhook-id`: the message id, the same on every retry (receivers use it to drop duplicates);
 * - `webhook-timestamp`: the attempt's time in whole seconds since the epoch (receivers refuse old ones);
 * - `webhook-signature`: `v1,` + base64 of HMAC-SHA256 over `${id}.${timestamp}.${body}`, keyed with the
 *   base64-decoded part of the channel secret `whsec_…`.
 */

export const SECRET_PREFIX = 'whsec_';
const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{22,}={0,2}$/;

/** A new channel signing secret: `whsec_` + base64 of 24 random bytes (shown to the trader once). */
export function generateChannelSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export function isChannelSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
}

/** `v1,<base64 signature>` of one attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The JSON body: `{ type, timestamp, data: { title, body, link, ...event data } }`. */
export function webhookBody(message: NotificationMessage): string {
  return JSON.stringify({
    type: message.event,
    timestamp: new Date(message.occurredAt).toISOString(),
    data: { title: message.title, body: message.body, link: message.link, ...message.data },
  });
}

export async function deliverWebhook(
  destination: { url: string; secret: string },
  message: NotificationMessage,
  settings: TransportSettings,
  resolver: Resolver,
  now: () => number,
): Promise<DeliveryResult> {
  const target = checkWebhookUrl(destination.url, settings.allowedHosts);
  if (!target.ok) return invalid(target.reason);
  if (!isChannelSecret(destination.secret))
    return invalid('The channel signing secret is damaged; create the channel again');
  const started = performance.now();
  const body = webhookBody(message);
  const timestamp = Math.floor(now() / 1000);
  const outcome = await post({
    url: target.url,
    headers: {
      'content-type': 'application/json',
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(destination.secret, message.id, timestamp, body),
    },
    body,
    timeoutMs: settings.timeoutMs,
    guard: { allowedHosts: settings.allowedHosts, resolver },
  });
  const durationMs = Math.round(performance.now() - started);
  if (outcome.kind !== 'answer') return outcomeFailure(outcome, durationMs);
  return classifyAnswer(outcome.answer, target.url.hostname, durationMs);
}
