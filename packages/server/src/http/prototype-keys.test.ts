import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOTYPE_KEY_REFUSED } from '../app';
import { createTestApp, type TestApp } from '../test/app';
import { TEST_DIALECTS } from '../test/database';
import { httpCall } from '../test/http';
import { signUpTrader, type SignedInTrader } from '../test/traders';

/*
 * `__proto__` (and `constructor.prototype`) keys, over a real socket: the API's JSON bodies refuse them and say so;
 * the webhook receiver takes the alert, reads nothing from them, and no object of the server gains a property.
 */

describe.each(TEST_DIALECTS)('JSON keys that could poison prototypes, on %s', (dialect) => {
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

  const send = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    httpCall(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body });

  describe('in a body of the API', () => {
    it.each([
      ['a __proto__ key', '{"tradingViewOnly": true, "__proto__": {"admin": true}}'],
      ['a nested __proto__ key', '{"tradingViewOnly": true, "x": [{"__proto__": {}}]}'],
      ['a constructor with a prototype', '{"tradingViewOnly": true, "constructor": {"prototype": {"admin": true}}}'],
    ])('should refuse %s with 400, saying which keys, not that the JSON is malformed', async (_, body) => {
      const answer = await send('PUT', '/api/webhook/settings', body, ada.headers);
      expect(answer.status).toBe(400);
      expect(answer.json()).toEqual({ message: PROTOTYPE_KEY_REFUSED });
      expect(PROTOTYPE_KEY_REFUSED).toMatch(/"__proto__".*"constructor".*"prototype"/);
      const settings = await httpCall(`${base}/api/webhook/settings`, { headers: ada.headers });
      expect(settings.json().tradingViewOnly).toBe(false);
    });

    it('should still call JSON that does not parse malformed', async () => {
      const answer = await send('PUT', '/api/webhook/settings', '{"__proto__": ', ada.headers);
      expect([answer.status, answer.json()]).toEqual([400, { message: 'Malformed JSON in request body' }]);
    });

    it('should refuse it on a route that needs no sign-in too', async () => {
      const answer = await send('POST', '/api/login', '{"email": "a@example.com", "password": "x", "__proto__": {}}');
      expect([answer.status, answer.json()]).toEqual([400, { message: PROTOTYPE_KEY_REFUSED }]);
    });
  });

  describe('in an alert posted to the webhook', () => {
    const signal = async (id: string) =>
      (await httpCall(`${base}/api/signals/${id}`, { headers: ada.headers })).json<{
        status: string;
        reason: string | null;
        ticker: string | null;
        price: number | null;
        raw: string;
      }>();

    it.each(['application/json', 'text/plain'])(
      "should take it as %s, read only the alert's own fields, and store the body as sent",
      async (contentType) => {
        const body =
          '{"ticker": "BTCUSD", "action": "buy", "__proto__": {"polluted": true, "price": "1"}, "constructor": {"prototype": {"polluted": true}}}';
        const answer = await send('POST', ada.webhookPath, body, { 'content-type': contentType });
        expect(answer.status).toBe(202);
        expect(answer.json()).toMatchObject({ status: 'accepted' });
        const stored = await signal(answer.json<{ id: string }>().id);
        expect(stored).toMatchObject({ status: 'accepted', ticker: 'BTC', price: null, raw: body });
        // Alerts are read in this process on PostgreSQL, in the ingest thread on SQLite: a later alert without a
        // price gains none there either.
        expect(Object.prototype).not.toHaveProperty('polluted');
        const later = await send('POST', ada.webhookPath, '{"ticker": "ETHUSD", "action": "sell"}');
        expect(await signal(later.json<{ id: string }>().id)).toMatchObject({ status: 'accepted', price: null });
      },
    );

    it('should not read a ticker or an action from under __proto__', async () => {
      const body = '{"__proto__": {"ticker": "BTCUSD", "action": "buy"}}';
      const answer = await send('POST', ada.webhookPath, body);
      expect(answer.status).toBe(202);
      const stored = await signal(answer.json<{ id: string }>().id);
      expect(stored).toMatchObject({ status: 'rejected', ticker: null, raw: body });
      expect(stored.reason).toMatch(/^Missing ticker/);
    });
  });
});
