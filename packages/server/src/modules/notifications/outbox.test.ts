import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../clock';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { startHttpStandIn, type HttpStandIn } from '../../test/stand-ins/http-stand-in';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/stand-ins/webhook-receiver';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { WebhookSecrets } from '../signals/webhook-secrets';
import { GIVE_UP_AFTER_MS, Outbox, RETRY_BASE_MS, RETRY_CAP_MS, type OutboxOptions } from './outbox';
import { recordEvent } from './record';
import { ChannelSecrets } from './secrets';
import { transportSettings } from './service';
import { deliver } from './transports';

/*
 * The outbox worker against real receivers on 127.0.0.1 (the generic webhook transport, real HTTP): its retry
 * schedule under an injected clock and random source, giving up after 24 hours, the same webhook-id on every
 * attempt, disabling a channel after repeated permanent failures, the per-user cap, and one hanging channel not
 * delaying another.
 */
describe.each(TEST_DIALECTS)('the notification outbox on %s', (dialect) => {
  let testApp: TestApp;
  let receiver: WebhookReceiver;
  let ada: SignedInTrader;
  let clock: Clock & { advance(ms: number): void };
  let events = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  afterEach(async () => {
    receiver.behave({});
    receiver.requests.splice(0);
    await testApp.cleanup();
  });

  const start = async () => {
    clock = manualClock(Date.UTC(2026, 10, 24, 9, 0));
    testApp = await createTestApp(dialect, { NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1' }, { clock });
    ada = await signUpTrader(testApp.app, 'Ada');
  };

  const outbox = (options: Partial<OutboxOptions> = {}) => {
    const { db } = testApp.database;
    const webhookSecrets = new WebhookSecrets(db, clock);
    return new Outbox({
      db,
      dialect,
      clock,
      log: testApp.app.log,
      deliver,
      settings: transportSettings(testApp.config, 2_000),
      publicUrl: 'https://signaldeck.example.com',
      secrets: new ChannelSecrets(db, {}, () => webhookSecrets.databaseKey()),
      onChannelDisabled: () => {},
      random: () => 0.5,
      ...options,
    });
  };

  const addChannel = async (url: string, name = 'Desk') => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/channels',
      headers: ada.headers,
      payload: { name, kind: 'webhook', events: ['trade_closed'], url },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ channel: { id: number }; signingSecret: string }>();
  };

  /** A trade closed for Ada, recorded as the planner records it. */
  const tradeClosed = async () => {
    events += 1;
    await recordEvent(
      testApp.database.db,
      {
        userId: ada.id,
        key: `trade_closed:1:${events}`,
        event: 'trade_closed',
        occurredAt: clock(),
        title: 'Trade closed: BTC long, P&L +$12.30',
        body: '',
        link: '/performance/trades',
        data: { netPnl: 12.3 },
        inApp: true,
        channelEvent: (chosen) => (chosen.includes('trade_closed') ? 'trade_closed' : null),
      },
      clock(),
    );
  };

  const deliveries = () =>
    testApp.database.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          attempts: Number(row.attempts),
          next_attempt_at: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
          created_at: Number(row.created_at),
        })),
      );

  it('should retry with capped exponential backoff and full jitter, keep the webhook-id, and deliver a signed message', async () => {
    await start();
    const { signingSecret } = await addChannel(receiver.url);
    await tradeClosed();
    const worker = outbox();
    receiver.behave({ answer: { status: 503 } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      await worker.runOnce();
      const [row] = await deliveries();
      expect(row!.state).toBe('retrying');
      expect(row!.attempts).toBe(attempt);
      waits.push(row!.next_attempt_at! - clock());
      // Not due yet: nothing is sent a millisecond early.
      clock.advance(row!.next_attempt_at! - clock() - 1);
      await worker.runOnce();
      expect((await deliveries())[0]!.attempts).toBe(attempt);
      clock.advance(1);
    }
    // random() = 0.5: half of 10 s doubling, capped at an hour.
    expect(waits).toEqual(
      Array.from({ length: 12 }, (_, index) => Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** index) / 2),
    );
    receiver.behave({});
    await worker.runOnce();
    const [row] = await deliveries();
    expect(row).toMatchObject({ state: 'delivered', attempts: 13, response_code: 204, next_attempt_at: null });
    expect(receiver.requests).toHaveLength(13);
    expect(new Set(receiver.requests.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([row!.message_id]),
    );
    const last = receiver.requests.at(-1)!;
    expect(receiver.verify(last, signingSecret, Math.floor(Date.now() / 1000))).toEqual({ valid: true });
    expect(JSON.parse(last.body)).toMatchObject({ type: 'trade_closed' });
  });

  it("should wait at least a 429's Retry-After", async () => {
    await start();
    await addChannel(receiver.url);
    await tradeClosed();
    receiver.behave({ answer: { status: 429, headers: { 'retry-after': '120' } } });
    await outbox().runOnce();
    const [row] = await deliveries();
    expect(row!.state).toBe('retrying');
    expect(row!.next_attempt_at! - clock()).toBeGreaterThanOrEqual(120_000);
  });

  it('should give up 24 hours after the event', async () => {
    await start();
    await addChannel(receiver.url);
    await tradeClosed();
    const worker = outbox();
    receiver.behave({ answer: { status: 500 } });
    await worker.runOnce();
    const created = (await deliveries())[0]!.created_at;
    let rounds = 0;
    while ((await deliveries())[0]!.state === 'retrying') {
      const next = (await deliveries())[0]!.next_attempt_at!;
      expect(next).toBeLessThanOrEqual(created + GIVE_UP_AFTER_MS);
      clock.advance(next - clock());
      await worker.runOnce();
      rounds += 1;
      expect(rounds).toBeLessThan(100);
    }
    const [row] = await deliveries();
    expect(row!.state).toBe('failed');
    expect(row!.error).toContain('gave up 24 hours after the event');
    expect(clock() - created).toBe(GIVE_UP_AFTER_MS);
    const log = await testApp.app.inject({
      method: 'GET',
      url: `/api/notifications/channels/${row!.channel_id}/deliveries`,
      headers: ada.headers,
    });
    expect(log.json()).toMatchObject({ items: [{ state: 'failed', responseCode: 500, nextAttemptAt: null }] });
  });

  it('should disable a channel after 5 permanent failures and tell the trader in-app', async () => {
    await start();
    const { channel } = await addChannel(receiver.url);
    const disabled: number[] = [];
    const worker = outbox({ onChannelDisabled: (userId) => disabled.push(userId) });
    receiver.behave({ answer: { status: 410 } });
    for (let index = 0; index < 6; index += 1) await tradeClosed();
    for (let index = 0; index < 6; index += 1) await worker.runOnce();
    const rows = await deliveries();
    expect(rows.map((row) => row.state)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'pending']);
    expect(receiver.requests).toHaveLength(5);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/notifications/channels', headers: ada.headers });
    const [shown] = list.json<{
      channels: { enabled: boolean; disabledReason: string; consecutiveFailures: number }[];
    }>().channels;
    expect(shown).toMatchObject({ enabled: false, consecutiveFailures: 5 });
    expect(shown!.disabledReason).toMatch(/^Disabled after 5 permanent failures \(HTTP 410\) on 24 Nov 09:00 UTC$/);
    expect(disabled).toEqual([ada.id]);
    const feed = await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: ada.headers });
    expect(feed.json<{ items: { event: string; title: string }[] }>().items[0]).toMatchObject({
      event: 'channel_disabled',
      title: 'Channel disabled: Desk',
    });
    // Enabled again, it sends what waited.
    receiver.behave({});
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/notifications/channels/${channel.id}`,
      headers: ada.headers,
      payload: { enabled: true },
    });
    await worker.runOnce();
    expect((await deliveries()).at(-1)!.state).toBe('delivered');
  });

  it('should hold messages over the per-user cap in the outbox, and send them the next minute', async () => {
    await start();
    for (let index = 0; index < 5; index += 1) await addChannel(receiver.url, `Desk ${index}`);
    await tradeClosed();
    const worker = outbox({ perUserPerMinute: 3 });
    await worker.runOnce();
    await worker.runOnce();
    expect((await deliveries()).map((row) => row.state).sort()).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'pending',
      'pending',
    ]);
    clock.advance(60_001);
    await worker.runOnce();
    expect((await deliveries()).every((row) => row.state === 'delivered')).toBe(true);
    expect(receiver.requests).toHaveLength(5);
  });

  describe('with a hanging receiver', () => {
    let hanging: HttpStandIn;
    beforeAll(async () => {
      hanging = await startHttpStandIn(() => ({ status: 204 }));
      hanging.behave({ hang: true });
    });
    afterAll(async () => {
      await hanging.close();
    });

    it("should not let a channel whose receiver hangs delay another channel's delivery", async () => {
      await start();
      await addChannel(`${hanging.origin}/hooks/slow`, 'Slow');
      await addChannel(receiver.url, 'Fast');
      await tradeClosed();
      await tradeClosed();
      // Real time passes for the receiver's timeout, counted from the test's clock that dated the rows (a worker
      // on the wall clock alone would find them more than a day old, and give up on them, once that date is past).
      const started = Date.now();
      const from = clock();
      const worker = outbox({
        clock: () => from + (Date.now() - started),
        pollMs: 50,
        settings: transportSettings(testApp.config, 5_000),
      });
      worker.start();
      try {
        // Both of the fast channel's messages arrive while the slow one still waits for its 5 s timeout.
        await expect.poll(() => receiver.requests.length, { timeout: 4_000, interval: 20 }).toBe(2);
        const fastDone = Date.now() - started;
        expect(fastDone).toBeLessThan(4_000);
        expect(hanging.requests).toHaveLength(1);
        await expect
          .poll(async () => (await deliveries()).filter((row) => row.attempts > 0).length, { timeout: 15_000 })
          .toBe(4);
        const slow = (await deliveries()).filter((row) => row.state !== 'delivered');
        expect(slow).toHaveLength(2);
        expect(slow[0]!.error).toBe('127.0.0.1 did not answer within 5 s');
      } finally {
        await worker.stop();
      }
    }, 30_000);
  });

  it('should claim each due row once across two workers on one database', async () => {
    await start();
    for (let index = 0; index < 3; index += 1) await addChannel(receiver.url, `Desk ${index}`);
    for (let index = 0; index < 4; index += 1) await tradeClosed();
    const first = outbox();
    const second = outbox();
    for (let round = 0; round < 6; round += 1) await Promise.all([first.runOnce(), second.runOnce()]);
    const rows = await deliveries();
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.state === 'delivered' && row.attempts === 1)).toBe(true);
    expect(receiver.requests).toHaveLength(12);
    expect(new Set(receiver.requests.map((request) => request.headers['webhook-id'])).size).toBe(12);
  });

  it('should never write a destination, a token or a signing secret to the log', async () => {
    const lines: string[] = [];
    clock = manualClock(Date.UTC(2026, 10, 24, 9, 0));
    testApp = await createTestApp(
      dialect,
      // The bot token travels in the Bot API's URL path: the stand-in answers 404 to it too.
      { NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1', LOG_LEVEL: 'trace', TELEGRAM_API_URL: receiver.origin },
      { clock, logger: { destination: { write: (line) => void lines.push(line) } } },
    );
    ada = await signUpTrader(testApp.app, 'Ada');
    const botToken = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    const telegram = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/channels',
      headers: ada.headers,
      payload: { name: 'Phone', kind: 'telegram', events: ['trade_closed'], botToken, chatId: '42' },
    });
    expect(telegram.statusCode, telegram.body).toBe(201);
    const { signingSecret } = await addChannel(`${receiver.origin}/hooks/private-path-abc123`);
    receiver.behave({ answer: { status: 404 } });
    // Permanent failures until the webhook channel is disabled (a warning is logged), and a transport error.
    const worker = outbox({ log: testApp.app.log });
    for (let index = 0; index < 6; index += 1) await tradeClosed();
    for (let index = 0; index < 8; index += 1) await worker.runOnce();
    expect((await deliveries()).filter((row) => row.state === 'failed').length).toBeGreaterThanOrEqual(10);
    expect(receiver.requests.some((request) => request.url.includes(botToken))).toBe(true);
    expect(lines.join('\n')).toContain('notification channel disabled');
    const log = lines.join('\n');
    for (const secret of [botToken, 'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw', 'private-path-abc123', signingSecret]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(signingSecret.slice('whsec_'.length));
  });
});
