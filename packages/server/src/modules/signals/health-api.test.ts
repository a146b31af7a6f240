import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { alertBody } from '../../test/signals';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import type { WebhookHealth } from './health';
import type { SignalPage } from './schemas';

const START = Date.UTC(2026, 2, 2, 12, 0);
const MINUTE = 60_000;

describe.each(TEST_DIALECTS)("a strategy's webhook health and its signals' journeys on %s", (dialect) => {
  let testApp: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let ada: SignedInTrader;
  let strategyId: string;
  let alerts = 0;

  beforeEach(async () => {
    clock = manualClock(START);
    testApp = await createTestApp(dialect, {}, { clock });
    ada = await signUpTrader(testApp.app, 'Ada');
    const strategies = await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: ada.headers });
    strategyId = strategies.json<{ data: { id: string }[] }>().data[0]!.id;
  });

  afterEach(() => testApp.cleanup());

  const post = async (user: SignedInTrader, body: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: user.webhookPath,
      payload: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBeLessThan(300);
    return response.json<{ id: string }>().id;
  };
  const send = (fields: Record<string, unknown> = {}) => {
    alerts += 1;
    return post(ada, alertBody({ id: `health-${alerts}`, ...fields }));
  };
  const health = (user: SignedInTrader, id = strategyId) =>
    testApp.app.inject({ method: 'GET', url: `/api/strategies/${id}/health`, headers: user.headers });

  it("should answer 401 without sign-in, and 404 for an id that is not one of the user's", async () => {
    expect((await testApp.app.inject({ method: 'GET', url: `/api/strategies/${strategyId}/health` })).statusCode).toBe(
      401,
    );
    const bob = await signUpTrader(testApp.app, 'Bob');
    for (const id of [strategyId, '999999', 'abc', '0']) {
      const response = await health(bob, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Strategy not found.' });
    }
  });

  it('should count alerts by status over 24 hours and 7 days, with the latest, and bucket delivery delays', async () => {
    // Three days ago: one accepted, sent 3.5 s after TradingView fired it.
    await send({ timenow: new Date(START - 3_500).toISOString() });
    clock.advance(3 * 24 * 60 * MINUTE);
    const now = START + 3 * 24 * 60 * MINUTE;
    await send({ timenow: new Date(now - 400).toISOString() });
    await send({ price: 'abc', timenow: new Date(now - 45_000).toISOString() });
    await post(ada, alertBody({ id: 'health-2' })); // a repeat of the second alert (same alert id)
    clock.advance(5 * MINUTE);

    const response = await health(ada);
    expect(response.statusCode).toBe(200);
    const body = response.json<WebhookHealth>();
    expect(body).toMatchObject({
      strategyId,
      now: now + 5 * MINUTE,
      lastReceivedAt: now,
      last24h: { accepted: 1, rejected: 1, duplicate: 1, total: 3 },
      last7d: { accepted: 2, rejected: 1, duplicate: 1, total: 4 },
      refused: { count: 0, lastAt: null, byStatus: {} },
      silence: { thresholdMinutes: 1440, usuallyReceives: true, silent: false, silentForMinutes: 5 },
    });
    expect(body.latency.count).toBe(3);
    expect(Object.fromEntries(body.latency.buckets.map((bucket) => [bucket.label, bucket.count]))).toEqual({
      'under 1 s': 1,
      '1–2 s': 0,
      '2–5 s': 1,
      '5–10 s': 0,
      '10–30 s': 0,
      '30–60 s': 1,
      '1 min or more': 0,
    });
  });

  it('should report a strategy that usually receives alerts as silent past its threshold, and let it be set', async () => {
    for (let index = 0; index < 3; index += 1) await send();
    const set = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/strategies/${strategyId}`,
      headers: ada.headers,
      payload: { silentAfterMinutes: 30 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ silentAfterMinutes: 30 });

    clock.advance(29 * MINUTE);
    expect((await health(ada)).json<WebhookHealth>().silence).toEqual({
      thresholdMinutes: 30,
      usuallyReceives: true,
      silent: false,
      silentForMinutes: 29,
    });
    clock.advance(MINUTE);
    expect((await health(ada)).json<WebhookHealth>().silence).toMatchObject({ silent: true, silentForMinutes: 30 });

    // null turns the warning off.
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/strategies/${strategyId}`,
      headers: ada.headers,
      payload: { silentAfterMinutes: null },
    });
    expect((await health(ada)).json<WebhookHealth>().silence).toMatchObject({ thresholdMinutes: null, silent: false });
  });

  it('should not call a strategy that rarely receives alerts silent', async () => {
    await send();
    await send();
    clock.advance(3 * 24 * 60 * MINUTE);
    expect((await health(ada)).json<WebhookHealth>().silence).toMatchObject({
      usuallyReceives: false,
      silent: false,
    });
  });

  it.each([0, 10_081, 2.5, '30'])('should refuse a silent threshold of %j, naming the setting', async (value) => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/strategies/${strategyId}`,
      headers: ada.headers,
      payload: { silentAfterMinutes: value },
    });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toMatch(/silent warning threshold/);
  });

  it("should give each signal its journey: stored and decided times, and a repeat's original with its count", async () => {
    const original = await send({ timenow: new Date(START - 2_000).toISOString() });
    clock.advance(1_000);
    // A repeat is answered with the id of the signal it repeats.
    expect(await post(ada, alertBody({ id: `health-${alerts}` }))).toBe(original);
    const page = (
      await testApp.app.inject({ method: 'GET', url: '/api/signals', headers: ada.headers })
    ).json<SignalPage>();
    const byId = new Map(page.data.map((signal) => [signal.id, signal]));
    const repeat = page.data.find((signal) => signal.status === 'duplicate')!.id;
    expect(byId.get(original)).toMatchObject({
      alertTime: START - 2_000,
      receivedAt: START,
      storedAt: START,
      repeats: 1,
      duplicateOf: null,
    });
    expect(byId.get(repeat)).toMatchObject({
      status: 'duplicate',
      duplicateOf: original,
      receivedAt: START + 1_000,
      storedAt: START + 1_000,
      repeats: 0,
      decidedAt: null,
    });
    const one = await testApp.app.inject({ method: 'GET', url: `/api/signals/${original}`, headers: ada.headers });
    expect(one.json()).toMatchObject({ repeats: 1, storedAt: START });
  });
});
