import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { upsertCandles } from '../market/store';
import type { SignalWithRaw } from '../signals/schemas';
import { MAX_STEP_ATTEMPTS } from './executor';
import { flatCandle } from './test-helpers';
import type { Performance, PositionList, Strategy, StrategyList, TradePage } from './schemas';

/*
 * What a hostile review of paper trading found, as a trader or a script sees it through the API: absurd amounts,
 * a step that keeps failing, repeats across strategies, keys that are names of Object.prototype, alert fields,
 * the Default strategy, settings bounds, signal prices far from the market, and 422 messages.
 */

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 9, 0);

const candle = flatCandle;

type Errors = { message: string; errors: Record<string, string[]> };

describe.each(TEST_DIALECTS)('paper trading guards on %s', (dialect) => {
  let testApp: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let ada: SignedInTrader;

  beforeEach(async () => {
    clock = manualClock(START);
    testApp = await createTestApp(dialect, { RATE_LIMIT_REGISTER_PER_MINUTE: '100' }, { clock });
    ada = await signUpTrader(testApp.app, 'Ada');
    await upsertCandles(testApp.database.db, 'BTC', [
      candle(START, 50_000),
      candle(START + MINUTE, 51_000),
      candle(START + 2 * MINUTE, 49_000),
    ]);
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  const call = <T>(user: SignedInTrader, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    testApp.app
      .inject({
        method,
        url,
        headers: { ...user.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      })
      .then((response) => ({ status: response.statusCode, body: response.json<T>() }));

  /** Posts an alert at `at` (not before the clock) and lets the executor run once; answers the stored signal id. */
  const post = async (path: string, at: number, fields: Record<string, unknown>, status = 202) => {
    if (at > clock()) clock.advance(at - clock());
    const response = await testApp.app.inject({
      method: 'POST',
      url: path,
      payload: JSON.stringify(fields),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(status);
    await testApp.app.paper.run();
    return response.json<{ id: string }>().id;
  };

  const outcomeOf = async (id: string) => (await call<SignalWithRaw>(ada, 'GET', `/api/signals/${id}`)).body.outcome;

  const second = async (name = 'Two') => {
    const created = await call<Strategy>(ada, 'POST', '/api/strategies', { name });
    expect(created.status).toBe(201);
    return { id: created.body.id, path: new URL(created.body.webhookUrl).pathname };
  };

  const defaultStrategy = async () => (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data[0]!;

  describe('given absurd amounts', () => {
    it('should ignore a quantity of 1e308 with a reason, write nothing, and keep trading, resetting and replaying', async () => {
      const at = START + MINUTE + 1000;
      const huge = await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy', quantity: 1e308 });
      const sized = await post(ada.webhookPath, at + 1, { ticker: 'BTCUSD', action: 'buy', position_size: 1e308 });
      const refused = { status: 'ignored', reason: expect.stringContaining('the largest order a paper account takes') };
      expect(await outcomeOf(huge)).toEqual(refused);
      // position_size says TradingView is now long; the paper account stayed flat, and the outcome says so.
      expect(await outcomeOf(sized)).toEqual({
        ...refused,
        outOfSync: { at: 'after', tradingView: { position: 'long', size: null }, paper: { position: 'flat', size: 0 } },
      });
      const tooBig = await post(ada.webhookPath, at + 2, { ticker: 'BTCUSD', action: 'buy', quantity: 1 });
      expect(await outcomeOf(tooBig)).toEqual({
        status: 'ignored',
        reason:
          'order needs 50,050.00 USD, the account has 10,000.00 USD available (equity less the margin of open positions)',
      });
      const fine = await post(ada.webhookPath, at + 3, { ticker: 'BTCUSD', action: 'buy', quantity: 0.1 });
      expect(await outcomeOf(fine)).toMatchObject({ status: 'executed', quantity: 0.1 });

      const performance = await call<Performance>(ada, 'GET', '/api/performance');
      expect(performance.body).toMatchObject({ startingBalance: 10_000 });
      expect(Number.isFinite(performance.body.equity)).toBe(true);

      const { id } = await defaultStrategy();
      expect((await call(ada, 'POST', `/api/strategies/${id}/replay`, {})).status).toBe(200);
      expect((await call(ada, 'POST', `/api/strategies/${id}/reset`)).status).toBe(200);
    });
  });

  describe('given a strategy whose step keeps failing', () => {
    it("should still execute the other strategies' signals, and after a few attempts ignore the one that fails", async () => {
      const two = await second();
      const { id: defaultId } = await defaultStrategy();
      // Stands for any state the engine cannot work with.
      await testApp.database.db
        .updateTable('paper_accounts')
        .set({ state: '{not json' })
        .where('strategy_id', '=', Number(defaultId))
        .execute();

      const at = START + MINUTE + 1000;
      const stuck = await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy' });
      const other = await post(two.path, at, { ticker: 'BTCUSD', action: 'buy' });
      expect(await outcomeOf(other)).toMatchObject({ status: 'executed', side: 'buy' });
      expect(await outcomeOf(stuck)).toBeNull();

      for (let attempt = 2; attempt <= MAX_STEP_ATTEMPTS; attempt++) await testApp.app.paper.run();
      expect(await outcomeOf(stuck)).toEqual({
        status: 'ignored',
        reason: expect.stringMatching(/^could not be executed: /),
      });
    });
  });

  describe('given the same alert sent to two strategies of one trader', () => {
    it('should execute it in both, and still treat a repeated alert id within one strategy as a duplicate', async () => {
      const two = await second();
      const at = START + MINUTE + 1000;
      const first = await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy', id: 'same' });
      const again = await post(two.path, at, { ticker: 'BTCUSD', action: 'buy', id: 'same' });
      expect(await outcomeOf(first)).toMatchObject({ status: 'executed' });
      expect(await outcomeOf(again)).toMatchObject({ status: 'executed' });

      const repeat = await testApp.app.inject({
        method: 'POST',
        url: two.path,
        payload: JSON.stringify({ ticker: 'BTCUSD', action: 'sell', id: 'same' }),
      });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toMatchObject({ duplicate: true, id: again });

      const body = { ticker: 'ETHUSD', action: 'buy' };
      await post(ada.webhookPath, at + 5, body);
      await post(two.path, at + 5, body);
      const signals = await call<{ data: SignalWithRaw[] }>(ada, 'GET', '/api/signals?limit=10');
      expect(signals.body.data.filter((signal) => signal.ticker === 'ETH').map((signal) => signal.status)).toEqual([
        'accepted',
        'accepted',
      ]);
    });
  });

  describe('given bodies a trader must correct', () => {
    it.each(['constructor', 'toString', 'valueOf'])('should answer settings key %s with 422 naming it', async (key) => {
      const { id } = await defaultStrategy();
      const patched = await call<Errors>(
        ada,
        'PATCH',
        `/api/strategies/${id}`,
        JSON.parse(`{"settings":{"${key}":1}}`),
      );
      expect(patched.status).toBe(422);
      expect(Object.keys(patched.body.errors)).toEqual([`settings.${key}`]);
      const created = await call<Errors>(ada, 'POST', '/api/strategies', JSON.parse(`{"name":"x","${key}":1}`));
      expect(created.status).toBe(422);
      expect(Object.keys(created.body.errors)).toEqual([key]);
    });

    it('should refuse an unknown key of a strategy body with 422 naming it and the fields there are', async () => {
      const created = await call<Errors>(ada, 'POST', '/api/strategies', {
        name: 'typo',
        setting: { stopLossPct: 2 },
      });
      expect(created.status).toBe(422);
      expect(created.body.errors).toEqual({
        setting: ['setting is not a field of this request (fields: name, settings).'],
      });
      const { id } = await defaultStrategy();
      expect((await call(ada, 'PATCH', `/api/strategies/${id}`, { extra: 1 })).status).toBe(422);
      expect((await call(ada, 'POST', `/api/strategies/${id}/replay`, { setting: {} })).status).toBe(422);
      expect((await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data).toHaveLength(1);
    });

    it.each([
      ['a control character', 'a\u0000b'],
      ['a text-direction override', '\u202Eevil'],
      ['a right-to-left mark', 'Desk\u200Fone'],
      ['an Arabic letter mark', 'Desk\u061Cone'],
      ['only characters drawn as nothing', '\u17B4\u180B\u2800'],
      ['only an accent with nothing to sit on', '\u0301'],
      ['65 characters', 'x'.repeat(65)],
    ])('should refuse a name with %s', async (_case, name) => {
      const created = await call<Errors>(ada, 'POST', '/api/strategies', { name });
      expect(created.status).toBe(422);
      expect(Object.keys(created.body.errors)).toEqual(['name']);
    });

    it.each([
      [{ startingBalance: 5e-324 }, 'settings.startingBalance'],
      [{ startingBalance: 2e12 }, 'settings.startingBalance'],
      [{ takeProfitPct: 1_000, stopLossPct: 99.99 }, 'settings.takeProfitPct'],
      [{ sizing: { mode: 'fixed', value: 1e-9 } }, 'settings.sizing.value'],
    ])('should refuse settings %j out of bounds', async (settings, field) => {
      const created = await call<Errors>(ada, 'POST', '/api/strategies', { name: 'x', settings });
      expect(created.status).toBe(422);
      expect(Object.keys(created.body.errors)).toEqual([field]);
    });

    it('should refuse an empty ?strategy= with 422 saying so, where leaving it out means every strategy', async () => {
      for (const path of [
        '/api/positions?strategy=',
        '/api/trades?strategy=',
        '/api/performance?strategy=',
        '/api/performance/equity?strategy=',
        '/api/performance/breakdown?by=pair&strategy=',
      ]) {
        const empty = await call<Errors>(ada, 'GET', path);
        expect(empty.status, path).toBe(422);
        expect(empty.body.errors.strategy, path).toEqual([
          'strategy is empty: give a strategy id, or leave strategy out for every strategy.',
        ]);
        expect((await call(ada, 'GET', path.replace(/[?&]strategy=$/, ''))).status, path).toBe(200);
      }
    });

    it('should list the allowed values of `by`, and read a symbol in any case', async () => {
      const by = await call<Errors>(ada, 'GET', '/api/performance/breakdown?by=foo');
      expect(by.status).toBe(422);
      expect(by.body.errors.by).toEqual(['By must be one of pair, strategy, exit_reason, day, week, month.']);
      const trades = await call<TradePage>(ada, 'GET', '/api/trades?symbol=btc');
      expect(trades.status).toBe(200);
      const unknown = await call<Errors>(ada, 'GET', '/api/trades?symbol=doge');
      expect(unknown.body.errors.symbol).toEqual(['Symbol must be one of BTC, ETH, SOL (any case).']);
    });
  });

  describe("given an alert's own fields", () => {
    it('should close on a buy whose market_position is flat, and take its stop_loss over the % setting', async () => {
      const { id } = await defaultStrategy();
      await call(ada, 'PATCH', `/api/strategies/${id}`, { settings: { stopLossPct: 2 } });
      const at = START + MINUTE + 1000;
      await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy', stop_loss: 40_000, take_profit: 60_000 });
      const [position] = (await call<PositionList>(ada, 'GET', '/api/positions')).body.data;
      expect(position).toMatchObject({ side: 'long', stopLoss: 40_000, takeProfit: 60_000 });

      const flat = await post(ada.webhookPath, at + 1, { ticker: 'BTCUSD', action: 'buy', market_position: 'flat' });
      expect(await outcomeOf(flat)).toMatchObject({ status: 'executed', side: 'sell' });
      expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toEqual([]);
    });

    it('should ignore an alert time in the future beyond the clock skew when signal age is limited', async () => {
      const { id } = await defaultStrategy();
      await call(ada, 'PATCH', `/api/strategies/${id}`, { settings: { maxSignalAgeS: 30 } });
      const at = START + MINUTE + 1000;
      const ahead = await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy', time: at + 3_600_000 });
      expect(await outcomeOf(ahead)).toEqual({
        status: 'ignored',
        reason: 'alert time is 3600 s in the future (more than the 60 s clock skew allowed)',
      });
    });

    it('should ignore a signal price more than 10% from the market with signal fills', async () => {
      const { id } = await defaultStrategy();
      await call(ada, 'PATCH', `/api/strategies/${id}`, { settings: { fill: 'signal' } });
      const at = START + MINUTE + 1000;
      const cheap = await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy', price: 1, quantity: 0.1 });
      expect(await outcomeOf(cheap)).toEqual({
        status: 'ignored',
        reason: `the alert's price 1 is 100.0% from the market price 50000; fill "signal" takes alert prices within 10% of the market`,
      });
    });
  });

  describe('given the Default strategy', () => {
    it('should refuse to delete it, while another strategy can be deleted', async () => {
      const two = await second();
      const { id } = await defaultStrategy();
      const refused = await call<{ message: string }>(ada, 'DELETE', `/api/strategies/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Default cannot be deleted/);
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/strategies/${two.id}`,
        headers: ada.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await defaultStrategy()).webhookUrl).toBe(ada.webhookUrl);
    });
  });
});
