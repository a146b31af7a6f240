import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUpTrader } from '../test/traders';
import { redactUrl } from './logging';

const TOKEN = 'Zx9_-QbT7aL0mK2pV4wY6eR8tU1iO3sD5fG7hJ9kL0c';

describe('redactUrl', () => {
  it.each([
    [`/api/webhooks/${TOKEN}`, '/api/webhooks/[redacted]'],
    [`/api/webhooks/${TOKEN}?x=1`, '/api/webhooks/[redacted]?x=1'],
    [`/%61pi/webhooks/${TOKEN}`, '/api/webhooks/[redacted]'],
    [`/api/webhook/${TOKEN}`, '/api/webhook/[redacted]'],
    [`/x?token=${TOKEN}`, '/x?token=[redacted]'],
    [`/api/webhooks/%${TOKEN.charCodeAt(0).toString(16)}${TOKEN.slice(1)}`, '/api/webhooks/[redacted]'],
    [`/api/webhooks/${TOKEN.slice(0, 20)}%2D${TOKEN.slice(21)}`, '/api/webhooks/[redacted]'],
  ])('should hide the token in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(['/api/signals?ticker=BTC&limit=50', '/assets/index-BqK3e9x2.js', '/trading/BTC/1m', '/%E2%82%AC'])(
    'should leave %s as it is',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});

describe('given requests that carry a webhook token in any spelling', () => {
  let testApp: TestApp;
  const lines: string[] = [];

  beforeEach(async () => {
    lines.length = 0;
    testApp = await createTestApp(
      'sqlite',
      { LOG_LEVEL: 'debug' },
      { logger: { destination: { write: (line: string) => void lines.push(line) } } },
    );
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  it('should keep the token out of every log line', async () => {
    const token = (await signUpTrader(testApp.app)).webhookToken;
    const spellings = [
      `/api/webhooks/${token}`,
      `/%61pi/webhooks/${token}`,
      `/api/%77ebhooks/${token}`,
      `/api/webhook/${token}`,
      `/api//webhooks/${token}`,
      `/API/webhooks/${token}`,
      `/api/webhooks/${token}/`,
      `/api/webhooks/${token}?again=${token}`,
      `/api/webhooks/%${token.charCodeAt(0).toString(16)}${token.slice(1)}`,
      `/api/webhooks/${encodeURIComponent(token)}%00`,
    ];
    for (const url of spellings) {
      for (const method of ['POST', 'GET'] as const) {
        const before = lines.length;
        await testApp.app.inject({
          method,
          url,
          payload: method === 'POST' ? '{"ticker":"BTC","action":"buy"}' : undefined,
          headers: { 'content-type': 'text/plain' },
        });
        const written = lines.slice(before).join('');
        // Something about this request was logged, without the token in any form.
        expect(written, url).toMatch(/"url":/);
        expect(written, url).not.toContain(token);
        expect(written, url).not.toContain(token.slice(1));
      }
    }
  });
});

describe('given a client that hangs up in the middle of its upload', () => {
  let testApp: TestApp;
  const lines: string[] = [];

  beforeEach(async () => {
    lines.length = 0;
    testApp = await createTestApp(
      'sqlite',
      { LOG_LEVEL: 'info' },
      { logger: { destination: { write: (line: string) => void lines.push(line) } } },
    );
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  it('should not log its reset connection as the database being unavailable, nor as an error', async () => {
    const trader = await signUpTrader(testApp.app);
    const url = new URL(await testApp.app.listen({ host: '127.0.0.1', port: 0 }));
    for (const path of [trader.webhookPath, '/api/auth/login']) {
      const before = lines.length;
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(url.port), url.hostname, () => {
          // 1,000 bytes announced, a few sent, then the connection is reset.
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
              'Content-Length: 1000\r\n\r\n{"ticker":',
          );
          setTimeout(() => socket.resetAndDestroy(), 100);
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
      // The server logs the request's end once it has seen the reset.
      // The server has seen the reset once it holds no connection; its error handling follows at once.
      await expect
        .poll(() => new Promise((resolve) => testApp.app.server.getConnections((_, count) => resolve(count))))
        .toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const written = lines.slice(before).join('');
      expect(written, path).not.toContain('database unavailable');
      expect(written, path).not.toMatch(/"level":50/);
    }
  });
});
