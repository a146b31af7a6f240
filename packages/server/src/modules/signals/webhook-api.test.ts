import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader } from '../../test/traders';
import { TRADINGVIEW_ADDRESSES } from './webhook-secrets';

const TOKEN = '[A-Za-z0-9_-]{43}';

describe.each(TEST_DIALECTS)('the webhook settings API on %s', (dialect) => {
  let testApp: TestApp;
  const clock = manualClock(Date.UTC(2025, 4, 1));

  const build = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp(dialect, env, { clock });
    return testApp.app;
  };

  afterEach(async () => {
    await testApp.cleanup();
  });

  it.each([
    ['GET', '/api/webhook'],
    ['POST', '/api/webhook/rotate'],
    ['GET', '/api/webhook/settings'],
    ['PUT', '/api/webhook/settings'],
  ] as const)('should answer %s %s with 401 without sign-in', async (method, url) => {
    const app = await build();
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  describe('GET /api/webhook', () => {
    it('should give the full URL under PUBLIC_URL, the same one each time', async () => {
      const app = await build({ PUBLIC_URL: 'https://signals.example.com/' });
      const trader = await signUpTrader(app);
      const first = await app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        url: expect.stringMatching(new RegExp(`^https://signals\\.example\\.com/api/webhooks/${TOKEN}$`)),
        createdAt: clock(),
        rotatedAt: null,
        tradingViewOnly: false,
        tradingViewAddresses: TRADINGVIEW_ADDRESSES,
        publicUrlConfigured: true,
        reachability: { ok: true, problems: [] },
        refused: { count: 0, lastAt: null, byStatus: {} },
      });
      expect(first.headers['cache-control']).toBe('no-store');
      const second = await app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(second.json().url).toBe(first.json().url);
    });

    it('should say when PUBLIC_URL is not set, so the page can warn that the URL follows the Host header', async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const response = await app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(response.json().publicUrlConfigured).toBe(false);
    });

    it('should count the posts its URL refused (429, 403, 413, 415), for its owner only', async () => {
      const app = await build();
      const ada = await signUpTrader(app, 'Ada');
      const grace = await signUpTrader(app, 'Grace');
      const post = (path: string, payload: string, contentType = 'text/plain') =>
        app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': contentType } });

      const oversized = await post(ada.webhookPath, 'x'.repeat(64 * 1024 + 1));
      const unreadable = await post(ada.webhookPath, '{}', ';;;');
      const answers = await Promise.all(
        Array.from({ length: 121 }, (_, index) => post(ada.webhookPath, `{"id":${index}}`)),
      );
      clock.advance(60_000);
      await app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: ada.headers,
        payload: { tradingViewOnly: true },
      });
      const fromElsewhere = await post(ada.webhookPath, '{}');
      expect([oversized, unreadable, fromElsewhere].map((answer) => answer.statusCode)).toEqual([413, 415, 403]);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(1);

      const webhook = await app.inject({ method: 'GET', url: '/api/webhook', headers: ada.headers });
      expect(webhook.json().refused).toEqual({
        count: 4,
        lastAt: clock(),
        byStatus: { '403': 1, '413': 1, '415': 1, '429': 1 },
      });
      const other = await app.inject({ method: 'GET', url: '/api/webhook', headers: grace.headers });
      expect(other.json().refused).toEqual({ count: 0, lastAt: null, byStatus: {} });
    });

    it('should use the origin the request reached when PUBLIC_URL is not set', async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/webhook',
        headers: { ...trader.headers, host: 'desk.example.com:8080' },
      });
      expect(response.json().url).toMatch(new RegExp(`^http://desk\\.example\\.com:8080/api/webhooks/${TOKEN}$`));
    });

    it('should believe forwarded protocol and host only from a trusted proxy', async () => {
      const forwarded = {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'signals.example.com',
        host: 'internal:3000',
      };
      const trusting = await build({ TRUST_PROXY: 'true' });
      const trader = await signUpTrader(trusting);
      const behindProxy = await trusting.inject({
        method: 'GET',
        url: '/api/webhook',
        headers: { ...trader.headers, ...forwarded },
      });
      expect(behindProxy.json().url).toMatch(new RegExp(`^https://signals\\.example\\.com/api/webhooks/${TOKEN}$`));
      await testApp.cleanup();

      const untrusting = await build();
      const other = await signUpTrader(untrusting);
      const direct = await untrusting.inject({
        method: 'GET',
        url: '/api/webhook',
        headers: { ...other.headers, ...forwarded },
      });
      expect(direct.json().url).toMatch(new RegExp(`^http://internal:3000/api/webhooks/${TOKEN}$`));
    });

    it('should give each user their own URL, and agree on one when asked twice at once', async () => {
      const app = await build();
      const ada = await signUpTrader(app, 'Ada');
      const grace = await signUpTrader(app, 'Grace');
      expect(ada.webhookToken).not.toBe(grace.webhookToken);

      await testApp.database.db.updateTable('strategies').set({ token_hash: null, token_ciphertext: null }).execute();
      const [first, second] = await Promise.all(
        [1, 2].map(() => app.inject({ method: 'GET', url: '/api/webhook', headers: ada.headers })),
      );
      expect(first!.json().url).toBe(second!.json().url);
    });

    it('should store the token only as its hash and a ciphertext', async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const rows = await testApp.database.db
        .selectFrom('strategies')
        .select(['token_hash', 'token_ciphertext'])
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(createHash('sha256').update(trader.webhookToken).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(trader.webhookToken);
      expect(JSON.stringify(rows)).not.toContain(Buffer.from(trader.webhookToken).toString('base64'));
    });
  });

  describe('POST /api/webhook/rotate', () => {
    it('should give a new URL, shown from then on, keeping the settings', async () => {
      const app = await build({ PUBLIC_URL: 'https://signals.example.com' });
      const trader = await signUpTrader(app);
      await app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
      clock.advance(1000);

      const rotated = await app.inject({ method: 'POST', url: '/api/webhook/rotate', headers: trader.headers });
      expect(rotated.statusCode).toBe(200);
      expect(rotated.json()).toEqual({
        url: expect.stringMatching(new RegExp(`/api/webhooks/${TOKEN}$`)),
        rotatedAt: clock(),
      });
      expect(rotated.json().url).not.toContain(trader.webhookToken);

      const shown = await app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(shown.json()).toMatchObject({ url: rotated.json().url, rotatedAt: clock(), tradingViewOnly: true });
    });
  });

  describe('/api/webhook/settings', () => {
    it('should restrict the webhook to TradingView and lift it again', async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const initial = await app.inject({ method: 'GET', url: '/api/webhook/settings', headers: trader.headers });
      expect(initial.json()).toEqual({ tradingViewOnly: false, tradingViewAddresses: TRADINGVIEW_ADDRESSES });

      const restricted = await app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
      expect(restricted.json()).toEqual({ tradingViewOnly: true, tradingViewAddresses: TRADINGVIEW_ADDRESSES });
      const lifted = await app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload: { tradingViewOnly: false },
      });
      expect(lifted.json().tradingViewOnly).toBe(false);
    });

    it.each([{}, { tradingViewOnly: 'yes' }, { tradingViewOnly: 1 }])('should answer %j with 422', async (payload) => {
      const app = await build();
      const trader = await signUpTrader(app);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('tradingViewOnly');
    });
  });
});
