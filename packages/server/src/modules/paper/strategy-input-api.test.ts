import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { httpCall } from '../../test/http';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import type { StrategyList } from './schemas';

/* What a caller of the strategy routes sees for input no strategy can take, over a real socket. */

type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe.each(TEST_DIALECTS)('bad input to the strategy routes on %s', (dialect) => {
  let testApp: TestApp;
  let base: string;
  let ada: SignedInTrader;

  beforeEach(async () => {
    testApp = await createTestApp(dialect);
    base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    ada = await signUpTrader(base, 'Ada');
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  const call = (method: string, path: string, body?: unknown) =>
    httpCall(`${base}${path}`, {
      method,
      headers: { ...ada.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const strategies = async () => (await call('GET', '/api/strategies')).json<StrategyList>().data;

  describe('allowed tickers that are not listed pairs', () => {
    it('should name the first five of 6,000 and count the rest, in a short answer', async () => {
      const tickers = Array.from({ length: 6_000 }, (_, index) => `T${index}`);
      const answer = await call('POST', '/api/strategies', { name: 'Wide', settings: { allowedTickers: tickers } });
      const message = 'Allowed tickers must be among BTC, ETH or SOL (not T0, T1, T2, T3, T4 and 5995 more)';
      expect(answer.status).toBe(422);
      expect(answer.json<ErrorBody>()).toEqual({ message, errors: { 'settings.allowedTickers': [message] } });
      expect(answer.body.length).toBeLessThan(500);
      expect((await strategies()).map((strategy) => strategy.name)).toEqual(['Default']);
    });

    it('should answer once for the list, not once per item, when its items are not text', async () => {
      const [strategy] = await strategies();
      const items = [...Array<number>(10_000).fill(7), 'btc', ' doge ', null, 'X'.repeat(5000)];
      const answer = await call('PATCH', `/api/strategies/${strategy!.id}`, { settings: { allowedTickers: items } });
      const message = 'Allowed tickers must be among BTC, ETH or SOL (not 7, DOGE, null, XXXXXXXXXXXXXXXXXXX…)';
      expect(answer.status).toBe(422);
      expect(answer.json<ErrorBody>()).toEqual({ message, errors: { 'settings.allowedTickers': [message] } });
      expect((await strategies())[0]!.settings.allowedTickers).toBeNull();
    });

    it('should name a deeply nested list by its kind, not answer 500, on every route that takes settings', async () => {
      const [strategy] = await strategies();
      const deep = `${'['.repeat(4_500)}${']'.repeat(4_500)}`;
      const message = 'Allowed tickers must be among BTC, ETH or SOL (not a list, an object, 1.5, true)';
      for (const [method, url, rest] of [
        ['POST', '/api/strategies', '"name":"Deep",'],
        ['PATCH', `/api/strategies/${strategy!.id}`, ''],
        ['POST', `/api/strategies/${strategy!.id}/replay`, '"dryRun":true,'],
      ] as const) {
        const answer = await httpCall(`${base}${url}`, {
          method,
          headers: { ...ada.headers, 'content-type': 'application/json' },
          body: `{${rest}"settings":{"allowedTickers":[${deep},{"a":[1]},1.5,true]}}`,
        });
        expect(answer.status, `${method} ${url}`).toBe(422);
        expect(answer.json<ErrorBody>()).toEqual({ message, errors: { 'settings.allowedTickers': [message] } });
      }
    });

    it('should still name every bad ticker of a short list', async () => {
      const answer = await call('POST', '/api/strategies', {
        name: 'Alts',
        settings: { allowedTickers: ['BTC', 'doge', 'xrp'] },
      });
      expect(answer.status).toBe(422);
      expect(answer.json<ErrorBody>().message).toBe('Allowed tickers must be among BTC, ETH or SOL (not DOGE, XRP)');
    });
  });

  describe('bodies with thousands of keys that are not fields or settings', () => {
    /** {"0": 0, "1": 0, ...}: `count` made-up keys (6,000 of them stay under the 64 KiB body limit). */
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [index, 0]));
    const settingsMessage =
      'Settings have at most 13 keys, one per setting (paperTrading, startingBalance, sizing, sides, onOpposite, ' +
      'pyramiding, fill, slippageBps, feeBps, stopLossPct, takeProfitPct, maxSignalAgeS, allowedTickers); these have 6,000';

    it.each([
      ['POST', '/api/strategies', { name: 'Keys' }],
      ['PATCH', '', {}],
      ['POST', '/replay', { dryRun: true }],
    ] as const)('should refuse 6,000 settings keys on %s %s in one short message', async (method, path, rest) => {
      const [strategy] = await strategies();
      const url = path.startsWith('/api') ? path : `/api/strategies/${strategy!.id}${path}`;
      const answer = await call(method, url, { ...rest, settings: keys(6_000) });
      expect(answer.status).toBe(422);
      expect(answer.json<ErrorBody>()).toEqual({ message: settingsMessage, errors: { settings: [settingsMessage] } });
      expect(answer.body.length).toBeLessThan(1_000);
    });

    it('should list the first 20 unknown keys of a body of 6,000 and count the rest', async () => {
      const [strategy] = await strategies();
      const answer = await call('PATCH', `/api/strategies/${strategy!.id}`, keys(6_000));
      const body = answer.json<ErrorBody>();
      expect(answer.status).toBe(422);
      expect(Object.keys(body.errors!)).toEqual([...Array.from({ length: 20 }, (_, index) => String(index)), 'more']);
      expect(body.errors!['0']).toEqual([
        '0 is not a field of this request (fields: name, settings, tradingViewOnly, silentAfterMinutes).',
      ]);
      expect(body.errors!.more).toEqual(['5,980 more errors are not listed.']);
      expect(body.message).toBe(`${body.errors!['0']![0]} (and 5,999 more errors)`);
      expect(answer.body.length).toBeLessThan(3_000);
    });

    it('should bound the unknown keys of a setting (sizing) as well', async () => {
      const [strategy] = await strategies();
      const sizing = { mode: 'notional', value: 500, ...keys(6_000) };
      const answer = await call('PATCH', `/api/strategies/${strategy!.id}`, { settings: { sizing } });
      const body = answer.json<ErrorBody>();
      expect(answer.status).toBe(422);
      expect(Object.keys(body.errors!)).toHaveLength(21);
      expect(body.errors!['settings.sizing.0']).toEqual(['sizing takes mode and value; 0 is not one of them']);
      expect(body.errors!.more).toEqual(['5,980 more errors are not listed.']);
      expect(answer.body.length).toBeLessThan(3_000);
      expect((await strategies())[0]!.settings.sizing.mode).toBe('signal');
    });

    it('should cut a long unknown key to 40 characters where it is named', async () => {
      const long = 'k'.repeat(10_000);
      const [strategy] = await strategies();
      const shown = `${'k'.repeat(39)}…`;
      for (const [body, field] of [
        [{ [long]: 1 }, shown],
        [{ settings: { [long]: 1 } }, `settings.${shown}`],
      ] as const) {
        const answer = await call('PATCH', `/api/strategies/${strategy!.id}`, body);
        expect(answer.status).toBe(422);
        expect(Object.keys(answer.json<ErrorBody>().errors!)).toEqual([field]);
        expect(answer.json<ErrorBody>().message).toMatch(new RegExp(`^${shown} is not a`));
        expect(answer.body).not.toContain('k'.repeat(40));
        expect(answer.body.length).toBeLessThan(1_000);
      }
    });
  });

  describe('text that does not show as itself', () => {
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    const RAW = /[\u0000-\u001f\u007f\u200b\u2028\u202e]/;

    it('should write the invisible characters of an unknown key as escapes, in the message and the field it names', async () => {
      const key = 'X\u202eY\u0007Z\u0000W\u2028V\u200b';
      const escaped = 'X\\u202eY\\u0007Z\\u0000W\\u2028V\\u200b';
      const [strategy] = await strategies();
      const setting = await call('PATCH', `/api/strategies/${strategy!.id}`, { settings: { [key]: 1 } });
      expect(setting.status).toBe(422);
      const body = setting.json<ErrorBody>();
      expect(body.message).toMatch(new RegExp(`^${escaped.replace(/\\/g, '\\\\')} is not a setting`));
      expect(Object.keys(body.errors!)).toEqual([`settings.${escaped}`]);
      const field = await call('POST', '/api/strategies', { name: 'Scalper', [key]: 1 });
      expect(field.status).toBe(422);
      expect(field.json<ErrorBody>().message).toMatch(/is not a field of this request/);
      for (const answer of [setting, field]) {
        expect(answer.body).not.toMatch(RAW);
        expect(JSON.stringify(Object.values(answer.json<ErrorBody>().errors!))).not.toMatch(RAW);
        expect(answer.json<ErrorBody>().message).not.toMatch(RAW);
      }
    });

    it.each([
      ['half of a character', 'A\ud800', 'A strategy name cannot hold line breaks or broken characters.'],
      ['a line separator', 'Scalper\u2028B', 'A strategy name cannot hold line breaks or broken characters.'],
      ['only a zero-width space', '\u200b', 'A strategy name needs at least one character that shows.'],
      ['only a Hangul filler', '\u3164', 'A strategy name needs at least one character that shows.'],
    ])('should refuse a strategy name of %s, created or renamed to', async (_, name, message) => {
      const [strategy] = await strategies();
      for (const [method, path] of [
        ['POST', '/api/strategies'],
        ['PATCH', `/api/strategies/${strategy!.id}`],
      ] as const) {
        const answer = await call(method, path, { name });
        expect(answer.status).toBe(422);
        expect(answer.json<ErrorBody>().errors).toEqual({ name: [message] });
      }
      expect((await strategies()).map((s) => s.name)).toEqual(['Default']);
    });
  });

  describe('an id in the path that no strategy can have', () => {
    const ids = ['0', '-1', '99999999999999999999', '1e3', 'abc', '%20'];
    const routes = [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/rotate'],
      ['POST', '/reset'],
      ['POST', '/replay'],
      ['GET', '/health'],
      ['POST', '/test-alert'],
    ] as const;

    it.each(ids)('should answer %s with 404 "Strategy not found." on every strategy route', async (id) => {
      for (const [method, action] of routes) {
        const answer = await call(method, `/api/strategies/${id}${action}`, method === 'PATCH' ? { name: 'X' } : {});
        expect([method, action, answer.status, answer.json<ErrorBody>()]).toEqual([
          method,
          action,
          404,
          { message: 'Strategy not found.' },
        ]);
      }
    });

    it("should answer as it does for a strategy that is not the trader's", async () => {
      const [strategy] = await strategies();
      const grace = await signUpTrader(base, 'Grace');
      const theirs = await httpCall(`${base}/api/strategies/${strategy!.id}`, { headers: grace.headers });
      const invalid = await call('GET', '/api/strategies/0');
      expect([invalid.status, invalid.body]).toEqual([theirs.status, theirs.body]);
    });

    it('should answer a position id that none can have with the position not found', async () => {
      for (const id of ['0', '99999999999999999999']) {
        const answer = await call('POST', `/api/positions/${id}/close`, {});
        expect([answer.status, answer.json<ErrorBody>()]).toEqual([
          404,
          { message: 'Position not found (or already closed).' },
        ]);
      }
    });
  });
});
