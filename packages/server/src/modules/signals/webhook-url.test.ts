import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { httpCall } from '../../test/http';
import { signUpTrader, type SignedInTrader } from '../../test/traders';

const TOKEN = /\/api\/webhooks\/[A-Za-z0-9_-]{43}$/;

/** Host headers no browser sends for a real address: each would put the client's text into the URL. */
const HOSTILE_HOSTS = [
  'evil.example/phish?',
  'evil.example#',
  'user@evil.example',
  'a b',
  'evil.example:99999',
  'evil.example:0',
  'evil.example:',
  '999.1.1.1',
  '[::1',
  '[not-ipv6]:80',
  '<script>',
];

describe.each(TEST_DIALECTS)('the webhook URLs the API gives out without PUBLIC_URL, on %s', (dialect) => {
  let testApp: TestApp;
  let base: string;
  let trader: SignedInTrader;
  let created = 0;

  const start = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp(dialect, env);
    base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    trader = await signUpTrader(base);
  };

  afterEach(async () => {
    await testApp.cleanup();
  });

  /** Every URL of the trader's webhooks the API answers with, asked with these headers. */
  const urlsGivenWith = async (headers: Record<string, string>) => {
    const call = async (method: string, path: string, body?: object) => {
      const answer = await httpCall(`${base}${path}`, {
        method,
        headers: { ...trader.headers, ...headers, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      expect(answer.status, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
      return answer.json();
    };
    const webhook = await call('GET', '/api/webhook');
    const rotated = await call('POST', '/api/webhook/rotate');
    const list = await call('GET', '/api/strategies');
    const strategy = await call('POST', '/api/strategies', { name: `Breakout ${(created += 1)}` });
    const one = await call('GET', `/api/strategies/${String(strategy.id)}`);
    const urls = [
      webhook.url,
      rotated.url,
      ...(list.data as { webhookUrl: string }[]).map((strategy) => strategy.webhookUrl),
      strategy.webhookUrl,
      one.webhookUrl,
    ] as string[];
    for (const url of urls) expect(url).toMatch(TOKEN);
    return urls.map((url) => url.replace(TOKEN, ''));
  };

  it('should build the URL from a valid Host header, as before', async () => {
    await start();
    const port = new URL(base).port;
    expect(new Set(await urlsGivenWith({ host: `127.0.0.1:${port}` }))).toEqual(new Set([`http://127.0.0.1:${port}`]));
    expect(new Set(await urlsGivenWith({ host: 'signals.example.com' }))).toEqual(
      new Set(['http://signals.example.com']),
    );
    expect(new Set(await urlsGivenWith({ host: 'desk-1.example.com:8443' }))).toEqual(
      new Set(['http://desk-1.example.com:8443']),
    );
    expect(new Set(await urlsGivenWith({ host: '[::1]:3000' }))).toEqual(new Set(['http://[::1]:3000']));
  });

  it('should answer with the address the connection reached when the Host header is not a valid host', async () => {
    await start();
    for (const host of HOSTILE_HOSTS) {
      expect(new Set(await urlsGivenWith({ host })), host).toEqual(new Set([base]));
    }
  });

  it("should read a trusted proxy's forwarded host and scheme by the same rule", async () => {
    await start({ TRUST_PROXY: '127.0.0.1' });
    const forwarded = (host: string, proto = 'https') => ({ 'x-forwarded-host': host, 'x-forwarded-proto': proto });
    expect(new Set(await urlsGivenWith(forwarded('signals.example.com')))).toEqual(
      new Set(['https://signals.example.com']),
    );
    // An invalid forwarded host falls back to the address the connection reached, keeping the proxy's scheme.
    expect(new Set(await urlsGivenWith(forwarded('evil.example/phish?')))).toEqual(
      new Set([base.replace(/^http:/, 'https:')]),
    );
    expect(new Set(await urlsGivenWith(forwarded('evil.example/phish?', 'http')))).toEqual(new Set([base]));
    expect(new Set(await urlsGivenWith(forwarded('signals.example.com', 'javascript')))).toEqual(
      new Set(['http://signals.example.com']),
    );
  });

  it('should ignore the Host header altogether when PUBLIC_URL is set', async () => {
    await start({ PUBLIC_URL: 'https://signals.example.com' });
    expect(new Set(await urlsGivenWith({ host: 'evil.example' }))).toEqual(new Set(['https://signals.example.com']));
  });
});
