import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { MAX_ALERT_BYTES, UNREADABLE_CONTENT_TYPE, WEBHOOK_REQUESTS_PER_MINUTE } from './routes';
import { alertBody, postFromAnotherProcess, storedSignals } from '../../test/signals';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { TRADINGVIEW_ADDRESSES } from './webhook-secrets';

/** A POST with exactly these headers (fetch and inject both add a content type of their own). */
function rawPost(url: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.end(body);
  });
}

describe.each(TEST_DIALECTS)('POST /api/webhooks/{token} on %s', (dialect) => {
  let testApp: TestApp;
  let trader: SignedInTrader;
  let logLines: string[];
  const clock = manualClock(Date.UTC(2025, 4, 1, 12));

  const build = async (env: Record<string, string> = {}) => {
    logLines = [];
    testApp = await createTestApp(
      dialect,
      { LOG_LEVEL: 'debug', ...env },
      { clock, logger: { destination: { write: (line) => void logLines.push(line) } } },
    );
    trader = await signUpTrader(testApp.app);
  };

  const post = (body: string, options: { path?: string; headers?: Record<string, string> } = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: options.path ?? trader.webhookPath,
      payload: body,
      headers: { 'content-type': 'text/plain', ...options.headers },
    });

  afterEach(async () => {
    await testApp.cleanup();
  });

  describe('given a signed-up trader', () => {
    beforeEach(() => build());

    it('should accept a TradingView alert sent as text/plain and answer 202 with its id', async () => {
      const body = alertBody({ id: 'tv-1', timenow: '2025-05-01T11:59:58Z' });
      const response = await post(body);
      expect(response.statusCode).toBe(202);
      const { id, status } = response.json<{ id: string; status: string }>();
      expect(status).toBe('accepted');

      const signal = await testApp.app.inject({ method: 'GET', url: `/api/signals/${id}`, headers: trader.headers });
      expect(signal.json()).toEqual({
        id,
        ticker: 'BTC',
        action: 'buy',
        price: 65000.5,
        quantity: null,
        positionSize: null,
        interval: '15m',
        strategy: null,
        comment: null,
        status: 'accepted',
        reason: null,
        reasonCode: null,
        duplicateOf: null,
        alertTime: Date.UTC(2025, 4, 1, 11, 59, 58),
        receivedAt: clock(),
        storedAt: clock(),
        decidedAt: null,
        repeats: 0,
        // The trader's Default strategy; no executor runs in this app, so the outcome is not decided yet.
        strategyId: (
          await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: trader.headers })
        ).json<{
          data: { id: string }[];
        }>().data[0]!.id,
        testAlert: false,
        outcome: null,
        raw: body,
      });
    });

    it.each([
      ['application/json', 'application/json'],
      ['application/json with a charset', 'application/json; charset=utf-8'],
      ['a form content type', 'application/x-www-form-urlencoded'],
      ['an unknown content type', 'application/vnd.whatever'],
    ])('should read a JSON body sent as %s', async (_case, contentType) => {
      const response = await post(alertBody(), { headers: { 'content-type': contentType } });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ status: 'accepted' });
    });

    it('should keep a body that is not JSON as a rejected signal with its reason', async () => {
      const response = await post('BUY BTCUSDT @ 65000');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ status: 'rejected' });
      const [row] = await storedSignals(testApp.database);
      expect(row).toMatchObject({ status: 'rejected', raw: 'BUY BTCUSDT @ 65000' });
      expect(row!.reason).toMatch(/^TradingView sent text, not JSON: paste the alert template/);
    });

    it.each([
      ['an empty body', '', "Body is empty: paste the alert template into the alert's Message"],
      ['no ticker', '{"action": "buy"}', 'Missing ticker: add "ticker": "{{ticker}}" to the alert message'],
      [
        'a price in words',
        alertBody({ price: 'abc' }),
        'Price must be a positive number such as 65000.5 (got "abc"): use "price": "{{close}}"',
      ],
    ])('should keep %s as rejected with the reason %j', async (_case, body, reason) => {
      const response = await post(body);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ status: 'rejected' });
      expect(await storedSignals(testApp.database)).toMatchObject([{ status: 'rejected', reason, raw: body }]);
    });

    it('should answer a repeated alert id with 200 and the first id, recording the attempt as a duplicate', async () => {
      const first = await post(alertBody({ id: 'a-1' }));
      const repeat = await post(alertBody({ id: 'a-1' }));
      expect(first.statusCode).toBe(202);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual({ id: first.json().id, duplicate: true });
      const rows = await storedSignals(testApp.database);
      expect(rows.map((row) => [row.status, row.duplicate_of === null ? null : String(row.duplicate_of)])).toEqual([
        ['accepted', null],
        ['duplicate', first.json().id],
      ]);
    });

    it('should answer an identical body within a minute as a duplicate', async () => {
      const first = await post(alertBody());
      clock.advance(30_000);
      const repeat = await post(alertBody());
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual({ id: first.json().id, duplicate: true });
    });

    it('should answer 404 for an unknown token and store nothing', async () => {
      for (const path of [
        `/api/webhooks/${'A'.repeat(43)}`,
        '/api/webhooks/short',
        `/api/webhooks/${trader.webhookToken}x`,
      ]) {
        const response = await post(alertBody(), { path });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: 'This webhook URL is not valid. Copy the current one from Settings > API Keys in SignalDeck.',
        });
      }
      expect(await storedSignals(testApp.database)).toEqual([]);
    });

    it('should answer 413 for a body over 64 KiB and store nothing, and take one of exactly 64 KiB', async () => {
      const padded = (size: number) => {
        const body = alertBody({ comment: '' });
        return body.replace('"comment":""', `"comment":"${' '.repeat(size - body.length)}"`);
      };
      const tooLarge = await post(padded(MAX_ALERT_BYTES + 1));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ message: 'The request body is too large.' });
      expect(await storedSignals(testApp.database)).toEqual([]);

      const largest = await post(padded(MAX_ALERT_BYTES));
      expect(largest.statusCode).toBe(202);
      expect((await storedSignals(testApp.database))[0]!.raw).toHaveLength(MAX_ALERT_BYTES);
    });

    it(`should answer 429 with Retry-After past ${WEBHOOK_REQUESTS_PER_MINUTE} requests a minute, storing only the admitted ones`, async () => {
      const responses = await Promise.all(
        Array.from({ length: WEBHOOK_REQUESTS_PER_MINUTE + 1 }, (_, index) => post(alertBody({ id: index }))),
      );
      const limited = responses.filter((response) => response.statusCode === 429);
      expect(limited).toHaveLength(1);
      expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited[0]!.json().message).toMatch(
        /^Too many alerts for this webhook\. Please try again in \d+ seconds\.$/,
      );
      expect(await storedSignals(testApp.database)).toHaveLength(WEBHOOK_REQUESTS_PER_MINUTE);

      const other = await signUpTrader(testApp.app, 'Grace');
      expect((await post(alertBody(), { path: other.webhookPath })).statusCode).toBe(202);

      clock.advance(60_000);
      expect((await post(alertBody({ id: 'next minute' }))).statusCode).toBe(202);
    });

    it("should keep counting a URL's alerts after it is rotated, whichever way", async () => {
      for (let index = 0; index < WEBHOOK_REQUESTS_PER_MINUTE; index += 1) {
        expect((await post(alertBody({ id: index }))).statusCode).toBe(202);
      }
      expect((await post(alertBody({ id: 'one too many' }))).statusCode).toBe(429);
      const rotated = await testApp.app.inject({ method: 'POST', url: '/api/webhook/rotate', headers: trader.headers });
      const rotatedPath = new URL(rotated.json<{ url: string }>().url).pathname;
      expect((await post(alertBody({ id: 'after rotating' }), { path: rotatedPath })).statusCode).toBe(429);
      // The old URL is unknown at once (not 429 for the rest of the minute), and the refusal counted under it,
      // a moment before the rotation, is still the strategy's.
      expect((await post(alertBody({ id: 'old URL' }))).statusCode).toBe(404);
      const webhook = await testApp.app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      expect(webhook.json().refused).toMatchObject({ byStatus: { '429': 2 } });

      const [strategy] = (
        await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: trader.headers })
      ).json<{ data: { id: string }[] }>().data;
      const again = await testApp.app.inject({
        method: 'POST',
        url: `/api/strategies/${strategy!.id}/rotate`,
        headers: trader.headers,
      });
      const againPath = new URL(again.json<{ webhookUrl: string }>().webhookUrl).pathname;
      expect((await post(alertBody({ id: 'after rotating twice' }), { path: againPath })).statusCode).toBe(429);
      expect(await storedSignals(testApp.database)).toHaveLength(WEBHOOK_REQUESTS_PER_MINUTE);

      clock.advance(60_000);
      expect((await post(alertBody({ id: 'next minute' }), { path: againPath })).statusCode).toBe(202);
    });

    it('should stop taking the old URL as soon as it is rotated', async () => {
      const rotated = await testApp.app.inject({ method: 'POST', url: '/api/webhook/rotate', headers: trader.headers });
      const newPath = new URL(rotated.json<{ url: string }>().url).pathname;
      expect((await post(alertBody(), { path: trader.webhookPath })).statusCode).toBe(404);
      expect((await post(alertBody(), { path: newPath })).statusCode).toBe(202);
      expect(await storedSignals(testApp.database)).toHaveLength(1);
    });

    it('should answer 403 and store nothing when only TradingView may post and another address does', async () => {
      await testApp.app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
      const response = await post(alertBody(), { headers: { 'x-forwarded-for': TRADINGVIEW_ADDRESSES[0]! } });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/TradingView/);
      expect(await storedSignals(testApp.database)).toEqual([]);
    });

    it('should never write the token to the log', async () => {
      await post(alertBody());
      await post(alertBody(), { path: `/api/webhooks/${trader.webhookToken.slice(0, -1)}Z` });
      await post('x'.repeat(MAX_ALERT_BYTES + 1));
      await testApp.app.inject({ method: 'GET', url: '/api/webhook', headers: trader.headers });
      for (let index = 0; index <= WEBHOOK_REQUESTS_PER_MINUTE; index += 1) await post(alertBody({ id: index }));

      const log = logLines.join('');
      expect(log).toContain('/api/webhooks/[redacted]');
      expect(log).toContain('"statusCode":429');
      expect(log).toContain('signals committed');
      expect(log).not.toContain(trader.webhookToken);
      expect(log).not.toContain(trader.webhookToken.slice(0, -1));
    });

    describe('over a real socket', () => {
      let base: string;

      beforeEach(async () => {
        base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      });

      it('should take a body with no content type at all', async () => {
        const response = await rawPost(`${base}${trader.webhookPath}`, alertBody());
        expect(response.status).toBe(202);
        expect(JSON.parse(response.body)).toMatchObject({ status: 'accepted' });
      });

      it.each(['foo/bar', 'application/x-www-form-urlencoded', 'text/plain; charset'])(
        'should take a body sent as %s',
        async (contentType) => {
          const response = await rawPost(`${base}${trader.webhookPath}`, alertBody(), { 'content-type': contentType });
          expect(response.status).toBe(202);
        },
      );

      it.each([';;;', 'text', 'json', ''])(
        'should answer a Content-Type of %j with 415 saying what it takes, and store nothing',
        async (contentType) => {
          const response = await rawPost(`${base}${trader.webhookPath}`, alertBody(), { 'content-type': contentType });
          expect(response.status).toBe(415);
          expect(JSON.parse(response.body)).toEqual({ message: UNREADABLE_CONTENT_TYPE });
          expect(UNREADABLE_CONTENT_TYPE).toMatch(/any type\/subtype.*text\/plain.*application\/json.*no Content-Type/);
          expect(await storedSignals(testApp.database)).toEqual([]);
        },
      );

      it('should answer 413 from the Content-Length alone and store nothing', async () => {
        const response = await fetch(`${base}${trader.webhookPath}`, {
          method: 'POST',
          body: 'x'.repeat(MAX_ALERT_BYTES + 1),
        });
        expect(response.status).toBe(413);
        expect(await storedSignals(testApp.database)).toEqual([]);
      });

      it('should commit concurrent alerts in fewer transactions than requests and store every acknowledged one', async () => {
        const users = [trader, await signUpTrader(testApp.app, 'Grace')];
        const answers = await postFromAnotherProcess(
          Array.from({ length: 100 }, (_, index) => ({
            url: `${base}${users[index % 2]!.webhookPath}`,
            body: alertBody({ id: index }),
          })),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(202));

        const rows = await storedSignals(testApp.database);
        const acknowledged = answers.map((answer) => (JSON.parse(answer.body) as { id: string }).id);
        expect(rows.map((row) => String(row.id)).sort()).toEqual(acknowledged.sort());
        const batches = logLines
          .filter((line) => line.includes('signals committed'))
          .map((line) => JSON.parse(line).size as number);
        expect(batches.reduce((sum, size) => sum + size, 0)).toBe(100);
        expect(batches.length).toBeLessThan(100);
      });

      it('should store identical alerts posted at once only once, answering the rest as duplicates of it', async () => {
        const answers = await postFromAnotherProcess(
          Array.from({ length: 20 }, () => ({ url: `${base}${trader.webhookPath}`, body: alertBody({ id: 'burst' }) })),
        );
        const bodies = answers.map((answer) => JSON.parse(answer.body) as Record<string, unknown>);
        const created = bodies.filter((_, index) => answers[index]!.status === 202);
        expect(created).toHaveLength(1);
        expect(bodies.filter((body) => body.duplicate === true && body.id === created[0]!.id)).toHaveLength(19);
        const rows = await storedSignals(testApp.database);
        expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(1);
        expect(rows).toHaveLength(20);
      });

      it('should answer 503 when the database is down, acknowledging only alerts that were stored', async () => {
        const send = (id: number) =>
          fetch(`${base}${trader.webhookPath}`, { method: 'POST', body: alertBody({ id }) }).then(async (response) => ({
            status: response.status,
            body: (await response.json()) as { id?: string; message?: string },
          }));
        const before = await send(0);
        const during = Array.from({ length: 20 }, (_, index) => send(index + 1));
        await testApp.database.close();
        const after = await send(99);
        const answers = [before, ...(await Promise.all(during)), after];

        expect(after).toEqual({
          status: 503,
          body: { message: 'The service is temporarily unavailable. Please try again shortly.' },
        });
        expect(answers.every((answer) => answer.status === 202 || answer.status === 503)).toBe(true);
        const reopened = await openDatabase(testApp.config);
        try {
          const stored = (await storedSignals(reopened)).map((row) => String(row.id));
          const acknowledged = answers.filter((answer) => answer.status === 202).map((answer) => answer.body.id);
          expect(stored).toEqual(acknowledged);
        } finally {
          await reopened.close();
        }
      });
    });
  });

  describe('given NUL characters in any field of an alert', () => {
    it.each(['ticker', 'action', 'price', 'interval', 'time', 'strategy', 'comment', 'id'])(
      'should store the alert with U+FFFD in %s, twice as a repeat, never a 500',
      async (field) => {
        await build();
        const body = alertBody({ [field]: `x\u0000y`, ...(field === 'id' ? {} : { id: `nul-in-${field}` }) });
        const first = await post(body);
        expect(first.statusCode, first.body).toBe(202);
        const repeat = await post(body);
        expect(repeat.statusCode, repeat.body).toBe(200);
        expect(repeat.json()).toEqual({ id: first.json().id, duplicate: true });
        const rows = await storedSignals(testApp.database);
        expect(rows).toHaveLength(2);
        expect(rows[0]!.raw).toBe(body);
        expect(JSON.stringify(rows)).not.toContain('\\u0000y"');
      },
    );
  });

  describe('given TRUST_PROXY and a webhook restricted to TradingView', () => {
    beforeEach(async () => {
      await build({ TRUST_PROXY: 'true' });
      await testApp.app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
    });

    it.each(TRADINGVIEW_ADDRESSES)('should take an alert forwarded for %s', async (address) => {
      const response = await post(alertBody(), { headers: { 'x-forwarded-for': address } });
      expect(response.statusCode).toBe(202);
    });

    it('should refuse an alert forwarded for another address', async () => {
      const response = await post(alertBody(), { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(response.statusCode).toBe(403);
      expect(await storedSignals(testApp.database)).toEqual([]);
    });
  });

  describe('given TRUST_PROXY=1 (one proxy in front) and a webhook restricted to TradingView', () => {
    beforeEach(async () => {
      await build({ TRUST_PROXY: '1' });
      await testApp.app.inject({
        method: 'PUT',
        url: '/api/webhook/settings',
        headers: trader.headers,
        payload: { tradingViewOnly: true },
      });
    });

    it('should take an alert the proxy forwarded for a TradingView address', async () => {
      const response = await post(alertBody(), { headers: { 'x-forwarded-for': TRADINGVIEW_ADDRESSES[0]! } });
      expect(response.statusCode).toBe(202);
    });

    it("should not believe a TradingView address the client put left of the proxy's entry", async () => {
      // What nginx's $proxy_add_x_forwarded_for sends: the client's own header, then the address it saw.
      const forged = `${TRADINGVIEW_ADDRESSES[0]!}, 198.51.100.7`;
      const response = await post(alertBody(), { headers: { 'x-forwarded-for': forged } });
      expect(response.statusCode).toBe(403);
      expect(await storedSignals(testApp.database)).toEqual([]);
    });
  });
});
