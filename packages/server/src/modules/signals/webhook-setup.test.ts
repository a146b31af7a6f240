import { afterEach, describe, expect, it } from 'vitest';
import { upsertCandles } from '../market/store';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { WEBHOOK_REQUESTS_PER_MINUTE } from './routes';
import { TEST_ALERT_COMMENT } from './signal-queries';

interface StrategyJson {
  id: string;
  name: string;
  webhookUrl: string;
  tradingViewOnly: boolean;
  reachability: { ok: boolean; problems: { code: string; message: string }[] };
  refused: { count: number; lastAt: number | null; byStatus: Record<string, number> };
}

describe.each(TEST_DIALECTS)('setting up a webhook URL on %s', (dialect) => {
  let testApp: TestApp;
  const clock = manualClock(Date.UTC(2025, 4, 1, 12));

  const build = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp(dialect, env, { clock });
    return testApp.app;
  };

  afterEach(async () => {
    await testApp.cleanup();
  });

  const strategies = async (trader: SignedInTrader) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: trader.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: StrategyJson[] }>().data;
  };

  const createStrategy = async (trader: SignedInTrader, name: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/strategies',
      headers: trader.headers,
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json<StrategyJson>();
  };

  describe('the reachability of the URL shown', () => {
    it('should warn, with the URL, that a local http URL on another port cannot work from TradingView', async () => {
      const app = await build({ PUBLIC_URL: 'http://127.0.0.1:3000' });
      const trader = await signUpTrader(app);
      const webhook = await app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(webhook.json().reachability).toEqual({
        ok: false,
        problems: [
          {
            code: 'loopback',
            message: expect.stringMatching(/127\.0\.0\.1 .*TradingView cannot reach it.*PUBLIC_URL/),
          },
          { code: 'port', message: expect.stringMatching(/this URL uses port 3000/) },
          { code: 'http', message: expect.stringMatching(/plain http/) },
        ],
      });
      const [strategy] = await strategies(trader);
      expect(strategy!.reachability).toEqual(webhook.json().reachability);
    });

    it('should find nothing wrong with a public https PUBLIC_URL', async () => {
      const app = await build({ PUBLIC_URL: 'https://signals.example.com' });
      const trader = await signUpTrader(app);
      const webhook = await app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(webhook.json().reachability).toEqual({ ok: true, problems: [] });
      expect((await strategies(trader))[0]!.reachability).toEqual({ ok: true, problems: [] });
    });

    it('should judge the address the request reached when PUBLIC_URL is not set', async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const webhook = await app.inject({
        method: 'GET',
        url: '/api/webhook',
        headers: { ...trader.headers, host: '192.168.1.20:8080' },
      });
      expect(webhook.json().reachability.problems.map((problem: { code: string }) => problem.code)).toEqual([
        'private',
        'port',
        'http',
      ]);
    });
  });

  describe('refused posts per strategy', () => {
    it('should count a 300-alert burst to one URL: the 429s on that strategy, with their time', async () => {
      const app = await build();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const base = `http://127.0.0.1:${address.port}`;
      const trader = await signUpTrader(app);
      const burst = await createStrategy(trader, 'Burst');
      const path = new URL(burst.webhookUrl).pathname;

      const statuses = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          fetch(`${base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', id: `burst-${index}` }),
          }).then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          }),
        ),
      );
      const limited = statuses.filter((status) => status === 429).length;
      expect(limited).toBe(300 - WEBHOOK_REQUESTS_PER_MINUTE);

      const [defaultStrategy, burstStrategy] = await strategies(trader);
      expect(burstStrategy!.refused).toEqual({ count: limited, lastAt: clock(), byStatus: { '429': limited } });
      expect(defaultStrategy!.refused).toEqual({ count: 0, lastAt: null, byStatus: {} });

      // The strategy's health panel gives the same count as its URL's, and the Default's none.
      const health = async (id: string) =>
        (await app.inject({ method: 'GET', url: `/api/strategies/${id}/health`, headers: trader.headers })).json<{
          refused: unknown;
        }>().refused;
      expect(await health(burstStrategy!.id)).toEqual(burstStrategy!.refused);
      expect(await health(defaultStrategy!.id)).toEqual({ count: 0, lastAt: null, byStatus: {} });
    });
  });

  describe('TradingView-only per strategy', () => {
    it("should restrict one strategy's URL, and say so in the strategy", async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const other = await createStrategy(trader, 'Other');
      const changed = await app.inject({
        method: 'PATCH',
        url: `/api/strategies/${other.id}`,
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().tradingViewOnly).toBe(true);
      const refused = await app.inject({
        method: 'POST',
        url: new URL(other.webhookUrl).pathname,
        payload: '{"ticker":"BTC","action":"buy"}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(refused.statusCode).toBe(403);
      const [first, second] = await strategies(trader);
      expect([first!.tradingViewOnly, second!.tradingViewOnly]).toEqual([false, true]);
    });
  });

  describe('POST /api/strategies/{id}/test-alert', () => {
    const send = (trader: SignedInTrader, id: string) =>
      testApp.app.inject({ method: 'POST', url: `/api/strategies/${id}/test-alert`, headers: trader.headers });

    it('should post a buy at the market price through the real webhook path, and say where it landed', async () => {
      const app = await build();
      await upsertCandles(testApp.database.db, 'BTC', [
        { time: clock() - 60_000, open: 64_900, high: 65_100, low: 64_800, close: 65_012.5, volume: 3 },
      ]);
      const trader = await signUpTrader(app);
      const [strategy] = await strategies(trader);
      const response = await send(trader, strategy!.id);
      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result).toMatchObject({ status: 202, message: null, tradingViewOnly: false });
      expect(JSON.parse(result.sent)).toMatchObject({
        ticker: 'BTCUSD',
        action: 'buy',
        price: '65012.5',
        strategy: 'Default',
        comment: TEST_ALERT_COMMENT,
      });
      expect(result.signal).toMatchObject({
        ticker: 'BTC',
        action: 'buy',
        price: 65_012.5,
        status: 'accepted',
        strategyId: strategy!.id,
        comment: TEST_ALERT_COMMENT,
        testAlert: true,
      });

      // Traded like any alert: once the market data of its minute is final, the paper account buys.
      await upsertCandles(testApp.database.db, 'BTC', [
        { time: clock() - (clock() % 60_000), open: 65_000, high: 65_100, low: 64_900, close: 65_020, volume: 2 },
      ]);
      clock.advance(2 * 60_000);
      await app.paper.run();

      // Stored like any alert: in the list, with the body it was sent as.
      const stored = await app.inject({
        method: 'GET',
        url: `/api/signals/${result.signal.id}`,
        headers: trader.headers,
      });
      expect(stored.json()).toMatchObject({
        raw: result.sent,
        testAlert: true,
        outcome: expect.objectContaining({ status: 'executed', side: 'buy' }),
      });
    });

    it("should mark only its own alerts as test alerts: a sender's alert with the same id or comment is not one", async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const [strategy] = await strategies(trader);
      const token = new URL(strategy!.webhookUrl).pathname;
      const alerts = [
        { id: 'signaldeck-test-1', comment: 'from my own script' },
        { id: 'tv-7', comment: TEST_ALERT_COMMENT },
        { id: 'tv-8' },
      ];
      for (const alert of alerts) {
        const posted = await app.inject({
          method: 'POST',
          url: token,
          payload: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', ...alert }),
        });
        expect(posted.statusCode).toBe(202);
      }
      await send(trader, strategy!.id);
      const list = await app.inject({ method: 'GET', url: '/api/signals', headers: trader.headers });
      // Newest first: the test alert, then the three posted above in reverse.
      expect(list.json().data.map((signal: { testAlert: boolean }) => signal.testAlert)).toEqual([
        true,
        false,
        false,
        false,
      ]);
    });

    it('should be refused by a TradingView-only URL, since it comes from SignalDeck, and say so', async () => {
      const app = await build();
      const trader = await signUpTrader(app);
      const [strategy] = await strategies(trader);
      await app.inject({
        method: 'PATCH',
        url: `/api/strategies/${strategy!.id}`,
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
      const result = (await send(trader, strategy!.id)).json();
      expect(result).toMatchObject({ status: 403, tradingViewOnly: true, signal: null });
      expect(result.message).toMatch(/only accepts alerts from TradingView's addresses/);
      expect((await strategies(trader))[0]!.refused.byStatus).toEqual({ '403': 1 });
    });

    it("should not send to another trader's strategy", async () => {
      const app = await build();
      const ada = await signUpTrader(app, 'Ada');
      const grace = await signUpTrader(app, 'Grace');
      const [graces] = await strategies(grace);
      const response = await send(ada, graces!.id);
      expect(response.statusCode).toBe(404);
      expect((await send(ada, 'abc')).statusCode).toBe(404);
      const list = await app.inject({ method: 'GET', url: '/api/signals', headers: grace.headers });
      expect(list.json().data).toEqual([]);
    });

    it('should answer 401 without sign-in', async () => {
      const app = await build();
      const response = await app.inject({ method: 'POST', url: '/api/strategies/1/test-alert' });
      expect(response.statusCode).toBe(401);
    });
  });
});
