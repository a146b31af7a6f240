import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { httpCall } from '../../test/http';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import type { Strategy, StrategyList } from './schemas';

/*
 * Which TradingView strategies send to a URL (`alertStrategies` on a strategy), as a caller of GET /api/strategies
 * sees it: several names on one URL mean several TradingView strategies share one paper account.
 */

const DAY_MS = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('the TradingView strategies sending to a URL, on %s', (dialect) => {
  let testApp: TestApp;
  let base: string;
  let ada: SignedInTrader;
  const clock = manualClock(Date.UTC(2026, 10, 2, 12));

  beforeEach(async () => {
    // Sessions outlive the 8 days a test moves the clock.
    const sessions = { TOKEN_IDLE_TTL_MINUTES: String(30 * 24 * 60), TOKEN_ABSOLUTE_TTL_DAYS: '30' };
    testApp = await createTestApp(dialect, sessions, { clock });
    base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    ada = await signUpTrader(base, 'Ada');
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  let sent = 0;
  /** Posts an alert of `strategy` (none when null) to `url`; `ticker: null` leaves the ticker out (a rejection). */
  async function alert(url: string, strategy: string | null, ticker: string | null = 'BTCUSD') {
    sent += 1;
    const body = {
      ...(ticker && { ticker }),
      action: 'buy',
      quantity: 0.01,
      id: `a${sent}`,
      ...(strategy && { strategy }),
    };
    const answer = await httpCall(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBeLessThan(300);
  }

  const strategiesOf = async (trader: SignedInTrader) =>
    (await httpCall(`${base}/api/strategies`, { headers: trader.headers })).json<StrategyList>().data;
  const sendersOf = (strategy: Strategy | undefined) =>
    strategy?.alertStrategies.map(({ name, count }) => [name, count]);

  it('should name each, most alerts first, one name however its case and spaces differ', async () => {
    for (const name of [
      'Breakout 4h',
      'Breakout 4h',
      'Mean reversion',
      'breakout 4h ',
      'Mean reversion',
      'Breakout 4h',
    ]) {
      await alert(ada.webhookUrl, name);
      clock.advance(1_000);
    }
    await alert(ada.webhookUrl, null);
    // A rejected alert (no ticker) sent nothing to the account: not counted.
    await alert(ada.webhookUrl, 'Scalper 1m', null);

    const [mixed] = await strategiesOf(ada);
    expect(sendersOf(mixed)).toEqual([
      ['Breakout 4h', 4],
      ['Mean reversion', 2],
    ]);
    expect(mixed!.alertStrategies[0]!.lastAt).toBe(clock() - 1_000);
  });

  it("should tell only this URL's senders of the last 7 days, never another strategy's or trader's", async () => {
    await alert(ada.webhookUrl, 'Old breakout');
    clock.advance(8 * DAY_MS);
    await alert(ada.webhookUrl, 'Breakout 4h');
    const created = await httpCall(`${base}/api/strategies`, {
      method: 'POST',
      headers: { ...ada.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scalper' }),
    });
    expect(created.status).toBe(201);
    const scalper = created.json<Strategy>();
    await alert(scalper.webhookUrl, 'Scalper 1m');
    const grace = await signUpTrader(base, 'Grace');
    await alert(grace.webhookUrl, 'Grace’s strategy');

    const [defaultStrategy, own] = await strategiesOf(ada);
    expect(sendersOf(defaultStrategy)).toEqual([['Breakout 4h', 1]]);
    expect(sendersOf(own)).toEqual([['Scalper 1m', 1]]);
    expect(sendersOf((await strategiesOf(grace))[0])).toEqual([['Grace’s strategy', 1]]);
  });

  it('should name a sender by its most used spelling, and read spaces that show alike as one', async () => {
    for (const name of [
      'ALPHA',
      'ALPHA',
      'Alpha',
      'Alpha',
      'alpha',
      'alpha',
      'alpha',
      'Beta 2',
      'Beta 2',
      'Beta  2',
      'Beta\u00a02',
      'Beta 2\u2800',
    ]) {
      await alert(ada.webhookUrl, name);
    }
    expect(sendersOf((await strategiesOf(ada))[0])).toEqual([
      ['alpha', 7],
      ['Beta 2', 5],
    ]);
  });

  it("should not count the app's own test alerts as a TradingView strategy", async () => {
    await alert(ada.webhookUrl, 'Breakout 4h');
    const [strategy] = await strategiesOf(ada);
    const test = await httpCall(`${base}/api/strategies/${strategy!.id}/test-alert`, {
      method: 'POST',
      headers: ada.headers,
    });
    expect(test.json<{ signal: { status: string } }>().signal.status).toBe('accepted');
    expect(sendersOf((await strategiesOf(ada))[0])).toEqual([['Breakout 4h', 1]]);
  });

  it("should count a sender whose alert ids only look like the app's test alerts, and none whose name shows nothing", async () => {
    const send = async (body: object) =>
      httpCall(ada.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', quantity: 0.01, ...body }),
      });
    await send({ strategy: 'Breakout 4h', id: 'signaldeck-test-1' });
    await send({ strategy: 'Mean reversion', id: 'SIGNALDECK-TEST-2' });
    await send({ strategy: '\u0301', id: 'accent' });
    await send({ strategy: '\u2800\u2800', id: 'braille' });
    expect(sendersOf((await strategiesOf(ada))[0])?.sort()).toEqual([
      ['Breakout 4h', 1],
      ['Mean reversion', 1],
    ]);
  });

  it('should say none for a URL no alert has reached', async () => {
    expect((await strategiesOf(ada))[0]!.alertStrategies).toEqual([]);
  });
});
