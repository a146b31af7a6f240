import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  startWebhookReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from '../../../test/stand-ins/webhook-receiver';
import type { NotificationMessage, TransportSettings } from '../contract';
import { checkDestination, deliver, generateChannelSecret } from './index';

const message: NotificationMessage = {
  id: 'msg_2f1c9a7e',
  event: 'trade_closed',
  occurredAt: Date.UTC(2026, 10, 24, 14, 2, 0),
  title: 'Trade closed: BTC/USD long, P&L +$12.30',
  body: 'Entry 64,000 → exit 64,123\n<b>not bold</b> @everyone',
  link: 'https://signaldeck.example/trades/7',
  data: { tradeId: 7, pnl: 12.3, symbol: 'BTC/USD' },
};

let receiver: WebhookReceiver;
let settings: TransportSettings;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  settings = {
    allowedHosts: ['127.0.0.1'],
    smtpUrl: undefined,
    smtpFrom: 'signaldeck@localhost',
    telegramApiUrl: 'https://api.telegram.org',
    timeoutMs: 1_000,
  };
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.behave({});
});

describe('generic webhook transport', () => {
  it('generates whsec_ secrets of 24 random bytes', () => {
    const secret = generateChannelSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(generateChannelSecret()).not.toBe(secret);
  });

  it('posts the Standard Webhooks JSON body and headers, verified by an independent receiver', async () => {
    const secret = generateChannelSecret();
    const before = Math.floor(Date.now() / 1000);
    const result = await deliver({ kind: 'webhook', url: receiver.url, secret }, message, settings);
    expect(result).toMatchObject({ ok: true, status: 204, permanent: false, error: null, retryAfterMs: null });
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/hooks/signaldeck');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toBe(message.id);
    const timestamp = Number(request!.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(JSON.parse(request!.body)).toEqual({
      type: 'trade_closed',
      timestamp: '2026-11-24T14:02:00.000Z',
      data: {
        title: message.title,
        body: message.body,
        link: message.link,
        tradeId: 7,
        pnl: 12.3,
        symbol: 'BTC/USD',
      },
    });
    expect(receiver.verify(request!, secret)).toEqual({ valid: true });
  });

  it('fails verification for a tampered body, another secret, or an old timestamp', async () => {
    const secret = generateChannelSecret();
    await deliver({ kind: 'webhook', url: receiver.url, secret }, message, settings);
    const [request] = receiver.requests;
    const tampered = request!.body.replace('12.3', '1230');
    expect(verifyStandardWebhook(secret, request!.headers, tampered)).toEqual({
      valid: false,
      reason: 'no matching signature',
    });
    expect(receiver.verify(request!, generateChannelSecret())).toMatchObject({ valid: false });
    const later = Number(request!.headers['webhook-timestamp']) + 6 * 60;
    expect(receiver.verify(request!, secret, later)).toEqual({ valid: false, reason: 'timestamp too old' });
  });

  it('keeps the webhook-id on a retry and signs each attempt with its own timestamp', async () => {
    const secret = generateChannelSecret();
    receiver.behaveOnce({ answer: { status: 503 } });
    const first = await deliver({ kind: 'webhook', url: receiver.url, secret }, message, settings);
    expect(first).toMatchObject({ ok: false, status: 503, permanent: false });
    const second = await deliver({ kind: 'webhook', url: receiver.url, secret }, message, settings);
    expect(second.ok).toBe(true);
    expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual([message.id, message.id]);
    for (const request of receiver.requests) expect(receiver.verify(request, secret)).toEqual({ valid: true });
  });

  it('classifies answers: 4xx permanent, 408/429/5xx retryable with Retry-After', async () => {
    const secret = generateChannelSecret();
    const send = () => deliver({ kind: 'webhook', url: receiver.url, secret }, message, settings);
    receiver.behaveOnce({ answer: { status: 410, body: 'secret internal detail' } });
    const gone = await send();
    expect(gone).toMatchObject({ ok: false, status: 410, permanent: true, retryAfterMs: null });
    expect(gone.error).toBe('127.0.0.1 answered HTTP 410');
    receiver.behaveOnce({ answer: { status: 429, headers: { 'retry-after': '7' } } });
    expect(await send()).toMatchObject({ ok: false, status: 429, permanent: false, retryAfterMs: 7_000 });
    receiver.behaveOnce({ answer: { status: 408 } });
    expect(await send()).toMatchObject({ ok: false, status: 408, permanent: false });
    receiver.behaveOnce({ answer: { status: 500 } });
    expect(await send()).toMatchObject({ ok: false, status: 500, permanent: false, retryAfterMs: null });
  });

  it('does not follow a redirect: a permanent failure, and the target is never asked', async () => {
    const secret = generateChannelSecret();
    receiver.behaveOnce({ answer: { status: 302, headers: { location: `${receiver.origin}/elsewhere` } } });
    const result = await deliver({ kind: 'webhook', url: receiver.url, secret }, message, settings);
    expect(result).toMatchObject({ ok: false, status: 302, permanent: true });
    expect(result.error).toContain('redirects are not followed');
    expect(receiver.requests.map((request) => request.url)).toEqual(['/hooks/signaldeck']);
  });

  it('gives up on a hanging receiver within the timeout, retryably', async () => {
    receiver.behave({ hang: true });
    const started = performance.now();
    const result = await deliver(
      { kind: 'webhook', url: receiver.url, secret: generateChannelSecret() },
      message,
      settings,
    );
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, status: null, permanent: false });
    expect(result.error).toBe('127.0.0.1 did not answer within 1 s');
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('gives up on a receiver that sends its headers and then stalls the body', async () => {
    receiver.behave({ stallBody: true });
    const started = performance.now();
    const result = await deliver(
      { kind: 'webhook', url: receiver.url, secret: generateChannelSecret() },
      message,
      settings,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result).toMatchObject({
      ok: false,
      status: null,
      permanent: false,
      error: '127.0.0.1 did not answer within 1 s',
    });
  });

  it('waits for a slow receiver that answers within the timeout', async () => {
    receiver.behave({ delayMs: 300 });
    const result = await deliver(
      { kind: 'webhook', url: receiver.url, secret: generateChannelSecret() },
      message,
      settings,
    );
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('reports a closed port as a retryable connection failure', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    const result = await deliver(
      { kind: 'webhook', url: closed.url, secret: generateChannelSecret() },
      message,
      settings,
    );
    expect(result).toMatchObject({
      ok: false,
      status: null,
      permanent: false,
      error: 'Could not connect to 127.0.0.1, or it ended the connection before answering',
    });
  });

  it('refuses the loopback receiver when the operator has not allowed it, without sending', async () => {
    const strict = { ...settings, allowedHosts: [] };
    const url = receiver.url.replace('http:', 'https:');
    const result = await deliver({ kind: 'webhook', url, secret: generateChannelSecret() }, message, strict);
    expect(result).toMatchObject({ ok: false, status: null, permanent: true });
    expect(result.error).toContain('127.0.0.1 is a loopback address');
    expect(await checkDestination({ kind: 'webhook', url, secret: generateChannelSecret() }, strict)).toContain(
      'NOTIFICATIONS_ALLOWED_HOSTS',
    );
    expect(receiver.requests).toHaveLength(0);
  });

  it.each([
    ['https://2130706433/hook', '127.0.0.1 is a loopback address'],
    ['https://0x7f.1/hook', '127.0.0.1 is a loopback address'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is a loopback address'],
    ['https://[::]/hook', ':: is an unspecified address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is the cloud metadata address'],
    ['https://localhost/hook', 'localhost resolves to'],
  ])('refuses %s (address spellings, and a name resolved by the system)', async (url, reason) => {
    const result = await checkDestination(
      { kind: 'webhook', url, secret: generateChannelSecret() },
      { ...settings, allowedHosts: [] },
    );
    expect(result).toContain(reason);
  });

  it('requires https except to an operator-allowed host, and refuses credentials in the URL', async () => {
    const secret = generateChannelSecret();
    expect(await checkDestination({ kind: 'webhook', url: 'http://hooks.example.com/x', secret }, settings)).toContain(
      'must use https://',
    );
    expect(await checkDestination({ kind: 'webhook', url: receiver.url, secret }, settings)).toBeNull();
    expect(
      await checkDestination({ kind: 'webhook', url: 'https://user:pw@hooks.example.com/x', secret }, settings),
    ).toContain('user name or password');
    expect(await checkDestination({ kind: 'webhook', url: 'ftp://hooks.example.com/x', secret }, settings)).toContain(
      'http:// or https://',
    );
  });
});
