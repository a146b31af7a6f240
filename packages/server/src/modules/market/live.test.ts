import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { EventStreamClient, type ReceivedEvent } from '../../test/event-stream';
import { signUpTrader } from '../../test/traders';
import { HOURLY_HISTORY_DAYS } from './feed';
import { INTERVAL_MS, INTERVALS, SYMBOLS, type Candle } from './markets';

const isCandleOf = (symbol: string) => (event: ReceivedEvent) =>
  event.event === 'candle' && (event.data as { symbol: string }).symbol === symbol;

describe('the demo feed, live, on the embedded database', () => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.cleanup();
  });

  it('should backfill its history and stream every pair each second to signed-in clients', async () => {
    testApp = await createTestApp('sqlite');
    const { authorization } = await signUpTrader(testApp.app, 'Ada');
    const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await EventStreamClient.open(url, authorization);
    await testApp.app.services.startAll();

    for (const symbol of SYMBOLS) {
      const event = await stream.waitFor(isCandleOf(symbol), 20_000);
      expect(Object.keys((event.data as { candles: object }).candles)).toEqual(INTERVALS);
    }
    const btcEvents = () => stream.events.filter(isCandleOf('BTC')).length;
    const seen = btcEvents();
    await expect.poll(btcEvents, { timeout: 3_000 }).toBeGreaterThan(seen);

    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/markets/BTC/candles?interval=1d',
      headers: { authorization },
    });
    const days = response.json<{ candles: Candle[] }>().candles;
    // A full default page: the hourly history reaches HOURLY_HISTORY_DAYS back.
    expect(days).toHaveLength(300);
    expect(days.every((day) => day.low >= 60_000 && day.high <= 100_000)).toBe(true);
    stream.close();
  });
});

describe.each(TEST_DIALECTS)('a first start of the demo feed on %s', (dialect) => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.cleanup();
  });

  it('should serve at least 300 candles at every interval, with the days agreeing with their hours', async () => {
    testApp = await createTestApp(dialect);
    const { authorization } = await signUpTrader(testApp.app, 'Ada');
    const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await EventStreamClient.open(url, authorization);
    const started = performance.now();
    await testApp.app.services.startAll();
    // The first candle event comes once every pair is caught up.
    await stream.waitFor(isCandleOf('SOL'), 30_000);
    console.info(`first start on ${dialect}: caught up in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    stream.close();

    const candles = async (symbol: string, interval: string, query = '&limit=1000') => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/markets/${symbol}/candles?interval=${interval}${query}`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ candles: Candle[] }>().candles;
    };

    for (const symbol of SYMBOLS) {
      for (const interval of INTERVALS) {
        const page = await candles(symbol, interval);
        expect(page.length, `${symbol} ${interval}`).toBeGreaterThanOrEqual(300);
        // No gap: each candle starts one interval after the one before.
        const size = INTERVAL_MS[interval];
        expect(page.slice(1).every((candle, index) => candle.time - page[index]!.time === size)).toBe(true);
      }
    }

    // Panning back at 1d reaches the start of the history and then finds nothing older.
    const days = await candles('BTC', '1d', '&limit=200');
    expect(days).toHaveLength(200);
    const older = await candles('BTC', '1d', `&limit=1000&before=${days[0]!.time}`);
    expect(older).toHaveLength(HOURLY_HISTORY_DAYS + 1 - 200);
    expect(older.at(-1)!.time).toBe(days[0]!.time - INTERVAL_MS['1d']);
    expect(await candles('BTC', '1d', `&limit=1000&before=${older[0]!.time}`)).toEqual([]);

    // A day agrees with the hours it covers, in the hourly history and where minutes are kept.
    const hours = await candles('BTC', '1h', '&limit=1000');
    const allDays = [...older, ...days];
    for (const day of [allDays.at(-2)!, allDays.at(-20)!]) {
      const ofDay = hours.filter((hour) => hour.time >= day.time && hour.time < day.time + INTERVAL_MS['1d']);
      expect(ofDay).toHaveLength(24);
      expect(day.open).toBe(ofDay[0]!.open);
      expect(day.close).toBe(ofDay.at(-1)!.close);
      expect(day.high).toBe(Math.max(...ofDay.map((hour) => hour.high)));
      expect(day.low).toBe(Math.min(...ofDay.map((hour) => hour.low)));
      expect(day.volume).toBeCloseTo(
        ofDay.reduce((sum, hour) => sum + hour.volume, 0),
        6,
      );
      // Each hour opens where the one before closed: the walk has no step.
      expect(ofDay.slice(1).every((hour, index) => hour.open === ofDay[index]!.close)).toBe(true);
    }
    // The hourly history joins the minutes without a step.
    const minutesFrom = (await candles('BTC', '1m', `&limit=1&before=${Date.now() - 6.99 * INTERVAL_MS['1d']}`))[0]!;
    expect(minutesFrom).toBeDefined();
    const hourIndex = hours.findIndex(
      (hour) => hour.time === minutesFrom.time - (minutesFrom.time % INTERVAL_MS['1h']),
    );
    expect(hourIndex).toBeGreaterThan(0);
    expect(hours[hourIndex]!.open).toBe(hours[hourIndex - 1]!.close);
  });
});

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  stream: EventStreamClient;
}

describe('the demo feed, live, on PostgreSQL with two instances', () => {
  let testDatabase: TestDatabase;
  const instances: Instance[] = [];

  afterEach(async () => {
    for (const { app, database, stream } of instances.splice(0)) {
      stream.close();
      await app.close();
      await database.close();
    }
    await testDatabase.cleanup();
  });

  it('should run the feed on one, stream its candles through the other, and fail over when it stops', async () => {
    testDatabase = await createTestDatabase('postgres');
    let authorization = '';
    const start = async () => {
      const database = await openDatabase(testDatabase.config);
      const app = await buildApp({ config: testDatabase.config, database, logger: false });
      if (!authorization) ({ authorization } = await signUpTrader(app, 'Ada'));
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const stream = await EventStreamClient.open(url, authorization);
      await app.services.startAll();
      const instance = { app, database, stream };
      instances.push(instance);
      return instance;
    };

    const leader = await start();
    await leader.stream.waitFor(isCandleOf('ETH'), 20_000);
    const follower = await start();
    await follower.stream.waitFor(isCandleOf('ETH'), 5_000);

    await leader.app.close();
    const received = follower.stream.events.length;
    // The follower takes the lead at its next try (every 5 s) and carries on from the stored candles.
    await expect
      .poll(() => follower.stream.events.slice(received).filter(isCandleOf('SOL')).length, { timeout: 20_000 })
      .toBeGreaterThan(2);
  });
});
