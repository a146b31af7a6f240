import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import type { SignalPage } from './schemas';
import { alertBody } from '../../test/signals';
import { signUpTrader, type SignedInTrader } from '../../test/traders';

describe.each(TEST_DIALECTS)('the signals API on %s', (dialect) => {
  let testApp: TestApp;
  let ada: SignedInTrader;
  let alertCount = 0;

  beforeEach(async () => {
    testApp = await createTestApp(dialect);
    ada = await signUpTrader(testApp.app, 'Ada');
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  /** Posts an alert to the user's webhook and returns the new signal's id. */
  const send = async (user: SignedInTrader, fields: Record<string, unknown> = {}) => {
    alertCount += 1;
    const body = 'raw' in fields ? String(fields.raw) : alertBody({ id: `alert-${alertCount}`, ...fields });
    const response = await testApp.app.inject({
      method: 'POST',
      url: user.webhookPath,
      payload: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(202);
    return response.json<{ id: string }>().id;
  };

  const list = (user: SignedInTrader, query = '') =>
    testApp.app.inject({ method: 'GET', url: `/api/signals${query}`, headers: user.headers });

  const ids = async (user: SignedInTrader, query = '') =>
    (await list(user, query)).json<SignalPage>().data.map((signal) => signal.id);

  it.each(['/api/signals', '/api/signals/1'])('should answer %s with 401 without sign-in', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });

  describe('GET /api/signals', () => {
    it('should list the signals newest first, without their raw bodies', async () => {
      const first = await send(ada, { ticker: 'BINANCE:BTCUSDT', action: 'buy', strategy: 'Breakout' });
      const second = await send(ada, { raw: 'not json' });
      const response = await list(ada);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [
          expect.objectContaining({
            id: second,
            status: 'rejected',
            reason: expect.stringMatching(/^TradingView sent text, not JSON/),
            reasonCode: 'text-not-json',
          }),
          expect.objectContaining({
            id: first,
            ticker: 'BTC',
            action: 'buy',
            strategy: 'Breakout',
            status: 'accepted',
            reason: null,
          }),
        ],
        nextCursor: null,
      });
      expect(response.json().data[0]).not.toHaveProperty('raw');
    });

    it('should filter by ticker, read as a ticker is read in alerts, and by status', async () => {
      const btc = await send(ada, { ticker: 'BTCUSD' });
      const eth = await send(ada, { ticker: 'COINBASE:ETHUSD' });
      const rejected = await send(ada, { ticker: 'ETH', price: 'abc' });
      expect(await ids(ada, '?ticker=BTC')).toEqual([btc]);
      expect(await ids(ada, '?ticker=eth-usd')).toEqual([rejected, eth]);
      expect(await ids(ada, '?ticker=ETH&status=accepted')).toEqual([eth]);
      expect(await ids(ada, '?status=rejected')).toEqual([rejected]);
      expect(await ids(ada, '?ticker=&status=')).toEqual([rejected, eth, btc]);
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=abc', 'limit'],
      ['?limit=1e1', 'limit'],
      ['?status=pending', 'status'],
      ['?ticker=%24%24%24', 'ticker'],
      ['?cursor=bm9wZQ', 'cursor'],
    ])('should answer %s with 422 on %s', async (query, field) => {
      const response = await list(ada, query);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty(field);
    });

    it.each(['%24%24%24', 'BTC%E2%80%AE'])(
      'should say a ticker of %s reads as no symbol, not that it is missing',
      async (ticker) => {
        const response = await list(ada, `?ticker=${ticker}`);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          ticker: ['The ticker field must be a symbol such as BTC or BINANCE:BTCUSDT.'],
        });
      },
    );

    it('should page with a cursor that stays put while new signals arrive', async () => {
      const old = [];
      for (let index = 0; index < 5; index += 1) old.push(await send(ada));
      const firstPage = (await list(ada, '?limit=2')).json<SignalPage>();
      expect(firstPage.data.map((signal) => signal.id)).toEqual([old[4], old[3]]);

      const newer = [await send(ada), await send(ada)];
      const secondPage = (await list(ada, `?limit=2&cursor=${firstPage.nextCursor}`)).json<SignalPage>();
      expect(secondPage.data.map((signal) => signal.id)).toEqual([old[2], old[1]]);
      const lastPage = (await list(ada, `?limit=2&cursor=${secondPage.nextCursor}`)).json<SignalPage>();
      expect(lastPage).toEqual({ data: [expect.objectContaining({ id: old[0] })], nextCursor: null });

      expect(await ids(ada, '?limit=2')).toEqual([newer[1], newer[0]]);
    });

    it('should answer by time range: from and to, inclusive, on the alert time, else the time received', async () => {
      const at = (iso: string) => Date.parse(iso);
      const early = await send(ada, { time: '2026-03-12T10:00:00Z' });
      const middle = await send(ada, { time: '2026-03-12T10:05:00Z' });
      const late = await send(ada, { time: '2026-03-12T10:10:00Z' });
      const untimed = await send(ada);
      const received = (await list(ada)).json<SignalPage>().data.find((signal) => signal.id === untimed)!.receivedAt;

      const range = (from: number, to: number) => ids(ada, `?from=${from}&to=${to}`);
      expect(await range(at('2026-03-12T10:00:00Z'), at('2026-03-12T10:05:00Z'))).toEqual([middle, early]);
      expect(await range(at('2026-03-12T10:00:01Z'), at('2026-03-12T10:10:00Z'))).toEqual([late, middle]);
      expect(await ids(ada, `?from=${at('2026-03-12T10:06:00Z')}&ticker=BTC`)).toEqual([untimed, late]);
      expect(await ids(ada, `?to=${at('2026-03-12T10:04:59Z')}`)).toEqual([early]);
      expect(await range(received, received)).toEqual([untimed]);

      // A range pages like the whole list.
      const firstPage = (await list(ada, `?to=${at('2026-03-12T10:10:00Z')}&limit=2`)).json<SignalPage>();
      expect(firstPage.data.map((signal) => signal.id)).toEqual([late, middle]);
      const secondPage = await ids(ada, `?to=${at('2026-03-12T10:10:00Z')}&limit=2&cursor=${firstPage.nextCursor}`);
      expect(secondPage).toEqual([early]);
    });

    it.each([
      ['?from=-1', 'from'],
      ['?from=1.5', 'from'],
      ['?to=abc', 'to'],
      ['?to=1e12', 'to'],
      ['?from=1234567890123456', 'from'],
      ['?from=2000&to=1000', 'to'],
    ])('should answer the range %s with 422 on %s', async (query, field) => {
      const response = await list(ada, query);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty(field);
    });

    it('should give 50 signals a page unless told otherwise', async () => {
      for (let index = 0; index < 51; index += 1) await send(ada);
      const page = (await list(ada)).json<SignalPage>();
      expect(page.data).toHaveLength(50);
      expect(page.nextCursor).toEqual(expect.any(String));
      expect((await list(ada, `?cursor=${page.nextCursor}`)).json<SignalPage>().data).toHaveLength(1);
    });
  });

  describe('GET /api/signals/{id}', () => {
    it('should show one signal with its raw body', async () => {
      const body = alertBody({ id: 'raw-1', leverage: 10 });
      const id = await send(ada, { raw: body });
      const response = await testApp.app.inject({ method: 'GET', url: `/api/signals/${id}`, headers: ada.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, ticker: 'BTC', raw: body });
    });

    it.each(['999999', 'abc', '0', '1.5', '99999999999999999999'])(
      'should answer an unknown id %s with 404',
      async (id) => {
        const response = await testApp.app.inject({ method: 'GET', url: `/api/signals/${id}`, headers: ada.headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Signal not found.' });
      },
    );
  });

  describe('given two traders', () => {
    it('should never show one the signals of the other, not even by id', async () => {
      const grace = await signUpTrader(testApp.app, 'Grace');
      const adaSignal = await send(ada);
      const graceSignal = await send(grace);

      expect(await ids(ada)).toEqual([adaSignal]);
      expect(await ids(grace)).toEqual([graceSignal]);
      const peek = await testApp.app.inject({
        method: 'GET',
        url: `/api/signals/${adaSignal}`,
        headers: grace.headers,
      });
      expect(peek.statusCode).toBe(404);
    });
  });
});
