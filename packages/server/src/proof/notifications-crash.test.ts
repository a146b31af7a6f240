import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/database';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { startWebhookReceiver, type WebhookReceiver } from '../test/stand-ins/webhook-receiver';
import { signUpTrader } from '../test/traders';

/*
 * The outbox survives kill -9. A server decides notifications (rejected alerts, for a webhook channel) while the
 * trader's receiver is down (it answers 503), so nothing is delivered; the server is killed with SIGKILL; the
 * receiver comes back; a new server on the same data delivers every message, each with the webhook-id it was first
 * tried with and a valid signature: at least once, nothing lost, no message made twice.
 */
describe.each(TEST_DIALECTS)('notifications through a SIGKILL on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let receiver: WebhookReceiver | undefined;
  const servers: ServerProcess[] = [];

  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await receiver?.close();
    await database?.cleanup();
  });

  const ids = (requests: WebhookReceiver['requests']) =>
    new Set(requests.map((request) => String(request.headers['webhook-id'])));

  it('should deliver after the restart every notification decided before the crash, with the same webhook-id', async () => {
    receiver = await startWebhookReceiver();
    receiver.behave({ answer: { status: 503 } });
    database = await createTestDatabase(dialect, {
      NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1',
      RATE_LIMIT_REGISTER_PER_MINUTE: '100',
    });
    const first = startServerProcess(database.env);
    servers.push(first);
    const firstUrl = await first.listening;
    const trader = await signUpTrader(firstUrl, 'Ada');
    const created = await fetch(`${firstUrl}/api/notifications/channels`, {
      method: 'POST',
      headers: { ...trader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Desk', kind: 'webhook', events: ['signal_rejected'], url: receiver.url }),
    });
    expect(created.status).toBe(201);
    const { signingSecret } = (await created.json()) as { signingSecret: string };

    for (const body of ['not an alert 1', 'not an alert 2', 'not an alert 3']) {
      const response = await fetch(`${firstUrl}${trader.webhookPath}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });
      expect(response.status).toBe(202);
    }
    // Each message was decided and tried once against the receiver that is down.
    await expect.poll(() => ids(receiver!.requests).size, { timeout: 40_000, interval: 100 }).toBe(3);
    const decided = ids(receiver.requests);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    receiver.behave({});
    const before = receiver.requests.length;
    const second = startServerProcess(database.env);
    servers.push(second);
    const secondUrl = await second.listening;
    // The first retry waits up to RETRY_BASE_MS (10 s, full jitter) after the attempt before the crash.
    await expect.poll(() => ids(receiver!.requests.slice(before)).size, { timeout: 40_000, interval: 100 }).toBe(3);
    const after = receiver.requests.slice(before);
    expect(ids(after)).toEqual(decided);
    for (const request of after) expect(receiver.verify(request, signingSecret)).toEqual({ valid: true });
    expect(ids(receiver.requests).size).toBe(3);

    const channels = (await (
      await fetch(`${secondUrl}/api/notifications/channels`, { headers: trader.headers })
    ).json()) as { channels: { id: number }[] };
    const log = (await (
      await fetch(`${secondUrl}/api/notifications/channels/${channels.channels[0]!.id}/deliveries`, {
        headers: trader.headers,
      })
    ).json()) as { items: { state: string; messageId: string; responseCode: number }[] };
    await expect
      .poll(
        async () => {
          const page = (await (
            await fetch(`${secondUrl}/api/notifications/channels/${channels.channels[0]!.id}/deliveries`, {
              headers: trader.headers,
            })
          ).json()) as { items: { state: string }[] };
          return page.items.map((item) => item.state);
        },
        { timeout: 15_000, interval: 100 },
      )
      .toEqual(['delivered', 'delivered', 'delivered']);
    expect(new Set(log.items.map((item) => item.messageId))).toEqual(decided);
    const feed = (await (await fetch(`${secondUrl}/api/notifications`, { headers: trader.headers })).json()) as {
      items: { event: string }[];
      unread: number;
    };
    expect(feed.items.map((item) => item.event)).toEqual(['signal_rejected', 'signal_rejected', 'signal_rejected']);
  }, 150_000);
});
