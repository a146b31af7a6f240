import http from 'node:http';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signal } from '../../openapi/examples';
import { TEST_DIALECTS } from '../../test/database';
import type { CandleUpdate } from './events';
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER, REAUTHENTICATE_MS, RETRY_MS } from './hub';
import { EventStreamClient } from '../../test/event-stream';
import { signUpTrader } from '../../test/traders';

/** A GET on a connection of its own, closed after the answer. */
function getOnce(url: string, authorization: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { authorization } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

const candle = { time: Date.UTC(2025, 0, 1), open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 };
const candleUpdate: CandleUpdate = {
  symbol: 'BTC',
  candles: { '1m': candle, '5m': candle, '15m': candle, '1h': candle, '4h': candle, '1d': candle },
};

describe.each(TEST_DIALECTS)('GET /api/stream on %s', (dialect) => {
  let testApp: TestApp;
  let url: string;
  const clients: EventStreamClient[] = [];

  const open = async (authorization?: string) => {
    const client = await EventStreamClient.open(url, authorization);
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    testApp = await createTestApp(dialect);
    url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterEach(async () => {
    vi.useRealTimers();
    for (const client of clients.splice(0)) client.close();
    await testApp.cleanup();
  });

  describe('given no token', () => {
    it('should answer 401 in the error shape', async () => {
      const response = await fetch(`${url}/api/stream`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    });

    it('should answer 401 to a token that is not valid', async () => {
      const response = await fetch(`${url}/api/stream`, {
        headers: { authorization: 'Bearer 1|not-a-real-token-at-all' },
      });
      expect(response.status).toBe(401);
    });
  });

  describe('given a signed-in user', () => {
    it('should answer an event stream with the retry hint, uncached', async () => {
      const user = await signUpTrader(testApp.app, 'Ada');
      const client = await open(user.authorization);
      expect(client.response.status).toBe(200);
      expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(client.response.headers.get('cache-control')).toBe('no-store');
      expect(await client.opened()).toBe(RETRY_MS);
    });

    it('should send candle events to every signed-in connection', async () => {
      const ada = await open((await signUpTrader(testApp.app, 'Ada')).authorization);
      const bob = await open((await signUpTrader(testApp.app, 'Bob')).authorization);
      await bob.opened();

      await testApp.app.stream.publish({ event: 'candle', data: candleUpdate });

      for (const client of [ada, bob]) {
        expect(await client.waitFor((event) => event.event === 'candle')).toEqual({
          event: 'candle',
          data: candleUpdate,
        });
      }
    });

    it("should send a signal only to its owner's connections", async () => {
      const ada = await signUpTrader(testApp.app, 'Ada');
      const bob = await signUpTrader(testApp.app, 'Bob');
      const adaTabs = [await open(ada.authorization), await open(ada.authorization)];
      const bobTab = await open(bob.authorization);
      await bobTab.opened();

      const adasSignal = { ...signal, id: '1' };
      await testApp.app.stream.publish({ event: 'signal', userId: ada.id, data: adasSignal });
      // Events reach a connection in order: once Bob has this later broadcast, Ada's signal would have come first.
      await testApp.app.stream.publish({ event: 'candle', data: candleUpdate });

      for (const tab of adaTabs) {
        expect(await tab.waitFor((event) => event.event === 'signal')).toEqual({
          event: 'signal',
          data: adasSignal,
        });
      }
      await bobTab.waitFor((event) => event.event === 'candle');
      expect(bobTab.events.map((event) => event.event)).toEqual(['candle']);
    });

    it('should send a heartbeat comment every 2 seconds', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const client = await open((await signUpTrader(testApp.app, 'Ada')).authorization);
      await client.opened();

      vi.advanceTimersByTime(HEARTBEAT_MS - 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.comments).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(await client.waitForComments(1)).toEqual(['heartbeat']);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(await client.waitForComments(2)).toEqual(['heartbeat', 'heartbeat']);
    });

    it('should end the stream within a minute of its token being revoked', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const ada = await signUpTrader(testApp.app, 'Ada');
      const bob = await signUpTrader(testApp.app, 'Bob');
      const adaTab = await open(ada.authorization);
      const bobTab = await open(bob.authorization);
      await adaTab.opened();

      const adaTokenId = Number(/^Bearer (\d+)\|/.exec(ada.authorization)![1]);
      await testApp.database.db.deleteFrom('personal_access_tokens').where('id', '=', adaTokenId).execute();
      vi.advanceTimersByTime(REAUTHENTICATE_MS);

      await adaTab.ended;
      await testApp.app.stream.publish({ event: 'candle', data: candleUpdate });
      await bobTab.waitFor((event) => event.event === 'candle');
    });
  });

  describe('given a sign-out', () => {
    it('should end the streams opened with that token at once, and no others', async () => {
      const ada = await signUpTrader(testApp.app, 'Ada');
      const adaElsewhere = await signUpTrader(testApp.app, 'Ada2');
      const adaTab = await open(ada.authorization);
      const otherTab = await open(adaElsewhere.authorization);
      await Promise.all([adaTab.opened(), otherTab.opened()]);

      const started = Date.now();
      const logout = await fetch(`${url}/api/logout`, {
        method: 'POST',
        headers: { authorization: ada.authorization },
      });
      expect(logout.status).toBe(204);
      await adaTab.ended;
      expect(Date.now() - started).toBeLessThan(REAUTHENTICATE_MS / 10);
      await testApp.app.stream.publish({ event: 'candle', data: candleUpdate });
      await otherTab.waitFor((event) => event.event === 'candle');
    });
  });

  describe('given a user with the most streams allowed open', () => {
    it('should answer one more with 429 while other users and requests are still served', async () => {
      const ada = await signUpTrader(testApp.app, 'Ada');
      const tabs = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open(ada.authorization)));
      await Promise.all(tabs.map((tab) => tab.opened()));

      const refused = await getOnce(`${url}/api/stream`, ada.authorization);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(RETRY_MS / 1000));
      expect((JSON.parse(refused.body) as { message: string }).message).toMatch(
        /^Too many live streams open for this account/,
      );

      const bob = await open((await signUpTrader(testApp.app, 'Bob')).authorization);
      expect(await bob.opened()).toBe(RETRY_MS);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);

      tabs[0]!.close();
      await tabs[0]!.ended;
      // The server hears of the closed tab a moment later; then the account may open a stream again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await open(ada.authorization)).response.status).toBe(200);
    });
  });

  describe('given open streams, after the server closes', () => {
    it('should end them, and closing should not wait for them', async () => {
      const user = await signUpTrader(testApp.app, 'Ada');
      const streams = [await open(user.authorization), await open(user.authorization)];
      await Promise.all(streams.map((stream) => stream.opened()));

      const started = Date.now();
      await testApp.app.close();
      expect(Date.now() - started).toBeLessThan(2_000);
      await Promise.all(streams.map((stream) => stream.ended));
    });
  });
});

describe('a stream client that stops reading', () => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.cleanup();
  });

  it('should be cut off once its unsent events pass the bound, while others keep receiving', async () => {
    testApp = await createTestApp('sqlite');
    const url = new URL(await testApp.app.listen({ host: '127.0.0.1', port: 0 }));
    const slow = await signUpTrader(testApp.app, 'Slow');
    const fast = await EventStreamClient.open(url.origin, (await signUpTrader(testApp.app, 'Fast')).authorization);

    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /api/stream HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${slow.authorization}\r\n\r\n`);
    let received = 0;
    socket.once('data', (chunk) => {
      received += chunk.length;
      socket.pause();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await vi.waitFor(() => expect(received).toBeGreaterThan(0));

    // 64 KiB events for the slow user until the server gives up on it; far more than any socket buffers hold.
    const data = { ...signal, comment: 'x'.repeat(64 * 1024) };
    const publishedBytes = 400 * data.comment.length;
    for (let index = 0; index < 400; index++)
      await testApp.app.stream.publish({ event: 'signal', userId: slow.id, data });
    await testApp.app.stream.publish({ event: 'candle', data: candleUpdate });
    await fast.waitFor((event) => event.event === 'candle');

    socket.on('data', (chunk) => (received += chunk.length));
    socket.resume();
    await closed;
    expect(received).toBeLessThan(publishedBytes / 2);
    fast.close();
  });
});
