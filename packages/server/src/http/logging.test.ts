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
