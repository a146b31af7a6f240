import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { EventStreamClient, type ReceivedEvent } from '../../test/event-stream';
import { signUpTrader } from '../../test/traders';
import { BACKFILL_DAYS } from './feed';
import { INTERVALS, SYMBOLS, type Candle } from './markets';

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
    expect(days).toHaveLength(BACKFILL_DAYS + 1);
    expect(days.every((day) => day.low >= 60_000 && day.high <= 100_000)).toBe(true);
    stream.close();
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
