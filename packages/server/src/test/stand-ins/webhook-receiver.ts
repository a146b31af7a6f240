import { createHmac, timingSafeEqual } from 'node:crypto';

import { startHttpStandIn, type HttpStandIn, type RecordedRequest } from './http-stand-in';

/*
 * A generic webhook receiver, as a trader's own service would be: it records requests, answers 204 (or what a
 * test chooses), and verifies Standard Webhooks signatures with its own implementation of the specification's
 * verification, written from the specification and sharing no code with the sender:
 * 1. the three headers are present, the timestamp is an integer within the tolerance of now (5 minutes);
 * 2. the signed content is `${webhook-id}.${webhook-timestamp}.${raw body}`;
 * 3. the key is the base64 decoding of the secret after its `whsec_` prefix;
 * 4. the header is a space-separated list of `version,signature`; one `v1` entry must equal the expected HMAC-
 *    SHA256 in base64, compared in constant time.
 */

export const TOLERANCE_SECONDS = 5 * 60;

export type Verification = { valid: true } | { valid: false; reason: string };

export function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Verification {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one('webhook-id');
  const timestamp = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!id || !timestamp || !signatures) return { valid: false, reason: 'missing header' };
  if (!/^\d+$/.test(timestamp)) return { valid: false, reason: 'timestamp is not an integer' };
  const seconds = Number(timestamp);
  if (seconds < nowSeconds - TOLERANCE_SECONDS) return { valid: false, reason: 'timestamp too old' };
  if (seconds > nowSeconds + TOLERANCE_SECONDS) return { valid: false, reason: 'timestamp too new' };
  if (!secret.startsWith('whsec_')) return { valid: false, reason: 'secret has no whsec_ prefix' };
  const key = Buffer.from(secret.substring('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(Buffer.from(`${id}.${timestamp}.${rawBody}`, 'utf8'))
    .digest();
  for (const entry of signatures.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.substring(0, comma) !== 'v1') continue;
    const given = Buffer.from(entry.substring(comma + 1), 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { valid: true };
  }
  return { valid: false, reason: 'no matching signature' };
}

export interface WebhookReceiver extends HttpStandIn {
  /** The URL to give the channel (`/hooks/<name>` on the stand-in). */
  url: string;
  /** Verifies a recorded request against the channel's secret. */
  verify(request: RecordedRequest, secret: string, nowSeconds?: number): Verification;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const standIn = await startHttpStandIn(() => ({ status: 204 }));
  return Object.assign(standIn, {
    url: `${standIn.origin}/hooks/signaldeck`,
    verify: (request: RecordedRequest, secret: string, nowSeconds?: number) =>
      verifyStandardWebhook(secret, request.headers, request.body, nowSeconds),
  });
}
