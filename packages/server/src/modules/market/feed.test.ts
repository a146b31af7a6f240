import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../clock';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import {
  createTestDatabase,
  openTestDatabase,
  TEST_DIALECTS,
  type OpenTestDatabase,
  type TestDatabase,
} from '../../test/database';
import type { CandleUpdate } from '../stream/events';
import { DemoSource } from './demo-source';
import { BACKFILL_DAYS, MarketFeed, PERSIST_FORMING_MS, type MarketFeedOptions } from './feed';
import { PostgresLeadership, SoleLeadership, type Leadership } from './leadership';
import { bucketStart, INTERVALS, SYMBOLS, type MarketSymbol } from './markets';
import { latestCandle, minuteCandles, readCandles } from './store';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A Wednesday, 10:30:15 UTC. */
const NOW = Date.UTC(2025, 5, 4, 10, 30, 15);
const log = Fastify({ logger: false }).log;

function manualClock(start: number): Clock & { advance(ms: number): void } {
  let now = start;
  return Object.assign(() => now, { advance: (ms: number) => void (now += ms) });
}

function createFeed(
  database: DatabaseHandle,
  clock: Clock,
  options: Partial<MarketFeedOptions> & { leadership?: Leadership } = {},
) {
  const updates: CandleUpdate[] = [];
  const feed = new MarketFeed({
    db: database.db,
    createSource: async () => new DemoSource(),
    leadership: new SoleLeadership(),
    publisher: {
      publish: async (event) => {
        if (event.event === 'candle') updates.push(event.data);
      },
    },
    clock,
    log,
    ...options,
  });
  return { feed, updates };
}

async function countMinutes(database: DatabaseHandle, symbol: MarketSymbol) {
  const row = await database.db
    .selectFrom('candles_1m')
    .select((select) => [
      select.fn.countAll<number>().as('count'),
      select.fn.min('time').as('first'),
      select.fn.max('time').as('last'),
    ])
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), first: Number(row.first), last: Number(row.last) };
}

describe.each(TEST_DIALECTS)('the market feed on %s', (dialect) => {
  let testDatabase: OpenTestDatabase;
  let database: DatabaseHandle;

  beforeEach(async () => {
    testDatabase = await openTestDatabase(dialect);
    database = testDatabase.database;
  });

  afterEach(async () => {
    await testDatabase.cleanup();
  });

  describe('given an empty store, after catching up', () => {
    it(`should backfill ${BACKFILL_DAYS} days of every pair without a gap, in seconds`, async () => {
      const { feed } = createFeed(database, () => NOW);
      const started = performance.now();
      await feed.catchUp();
      const seconds = (performance.now() - started) / 1000;
      console.info(`backfill on ${dialect}: ${3 * (BACKFILL_DAYS * 1440 + 1)} rows in ${seconds.toFixed(2)} s`);

      for (const symbol of SYMBOLS) {
        const minutes = await countMinutes(database, symbol);
        expect(minutes.first).toBe(bucketStart(NOW, '1m') - BACKFILL_DAYS * DAY);
        expect(minutes.last).toBe(bucketStart(NOW, '1m'));
        expect(minutes.count).toBe(BACKFILL_DAYS * 1440 + 1);
      }
      // A generous ceiling for a shared two-core machine; the figure itself is printed above.
      expect(seconds).toBeLessThan(20);
    });
  });

  describe('given a caught-up feed', () => {
    let clock: ReturnType<typeof manualClock>;
    let feed: MarketFeed;
    let updates: CandleUpdate[];

    beforeEach(async () => {
      clock = manualClock(NOW);
      ({ feed, updates } = createFeed(database, clock, { backfillDays: 2 }));
      await feed.catchUp();
    });

    it('should publish, each tick, the forming candle of every interval for every pair', async () => {
      clock.advance(1_000);
      await feed.tick();
      expect(updates.map((update) => update.symbol)).toEqual(['BTC', 'ETH', 'SOL']);
      const btc = updates[0]!;
      expect(Object.keys(btc.candles)).toEqual(INTERVALS);
      for (const interval of INTERVALS) expect(btc.candles[interval].time).toBe(bucketStart(NOW, interval));

      // What was published is what the store gives once the forming minute is written.
      await feed.persist(true);
      for (const interval of INTERVALS) {
        const [stored] = await readCandles(database.db, { symbol: 'BTC', interval, limit: 1 });
        expect(stored).toEqual(btc.candles[interval]);
      }
    });

    it('should write the forming minute only every few seconds, and a closed minute at once', async () => {
      const before = (await latestCandle(database.db, 'ETH'))!;
      clock.advance(PERSIST_FORMING_MS - 1_000);
      await feed.tick();
      expect(await latestCandle(database.db, 'ETH')).toEqual(before);
      clock.advance(1_000);
      await feed.tick();
      expect(await latestCandle(database.db, 'ETH')).toEqual(updates.at(-2)!.candles['1m']);

      // 10:30:20 -> 10:31:01: the 10:30 minute closes.
      clock.advance(41_000);
      await feed.tick();
      const closed = await minuteCandles(database.db, 'ETH', bucketStart(NOW, '1m'), bucketStart(NOW, '1m') + MINUTE);
      expect(closed).toEqual([new DemoSource().minute('ETH', bucketStart(NOW, '1m'), before.open)]);
      expect(updates.at(-2)!.candles['1m'].time).toBe(bucketStart(NOW, '1m') + MINUTE);
    });

    it('should write a new minute as it opens, however recently the forming one was written', async () => {
      // 10:30:15 -> 10:30:58: the forming 10:30 is due, and written.
      clock.advance(43_000);
      await feed.tick();
      expect((await latestCandle(database.db, 'ETH'))!.time).toBe(bucketStart(NOW, '1m'));

      // 10:31:01, 3 s later: 10:30 closes and 10:31 opens, and both are stored (the paper executor waits for the
      // minute a signal was received in to be stored).
      clock.advance(3_000);
      await feed.tick();
      expect(await latestCandle(database.db, 'ETH')).toEqual(updates.at(-2)!.candles['1m']);
      expect(updates.at(-2)!.candles['1m'].time).toBe(bucketStart(NOW, '1m') + MINUTE);
    });

    it('should publish the final values of the candles a tick closes, equal to what the store then gives', async () => {
      // 10:30:15 -> 10:30:59 and on a second at a time: the 10:30 minute is forming.
      for (let second = 0; second < 44; second++) {
        clock.advance(1_000);
        await feed.tick();
      }
      expect(updates.every((update) => update.closed === undefined)).toBe(true);
      const lastForming = updates.filter((update) => update.symbol === 'BTC').at(-1)!.candles['1m'];

      // 10:31:00: the tick that opens 10:31 carries the last trades of 10:30, and 10:30 closes (1m only:
      // 10:31 is in the same 5m, 15m, hour, 4h and day).
      updates.length = 0;
      clock.advance(1_000);
      await feed.tick();
      const btc = updates.find((update) => update.symbol === 'BTC')!;
      expect(btc.candles['1m'].time).toBe(bucketStart(NOW, '1m') + MINUTE);
      expect(Object.keys(btc.closed ?? {})).toEqual(['1m']);
      const [closedMinute] = btc.closed!['1m']!;
      const [stored] = await minuteCandles(database.db, 'BTC', bucketStart(NOW, '1m'), bucketStart(NOW, '1m') + 1);
      expect(closedMinute).toEqual(stored);
      expect(closedMinute).not.toEqual(lastForming);

      // 10:35:00: 10:34 closes, and with it the 10:30 five-minute candle.
      updates.length = 0;
      clock.advance(4 * MINUTE);
      await feed.tick();
      const eth = updates.find((update) => update.symbol === 'ETH')!;
      expect(Object.keys(eth.closed ?? {}).sort()).toEqual(['1m', '5m']);
      const [fiveMinutes] = await readCandles(database.db, {
        symbol: 'ETH',
        interval: '5m',
        limit: 1,
        before: bucketStart(NOW, '5m') + 1,
      });
      expect(eth.closed!['5m']).toEqual([fiveMinutes]);
    });

    it('should carry the closed minutes of a bucket into its forming candle', async () => {
      clock.advance(5 * MINUTE);
      await feed.tick();
      await feed.persist(true);
      const hour = updates.find((update) => update.symbol === 'SOL')!.candles['1h'];
      const minutes = await minuteCandles(database.db, 'SOL', bucketStart(NOW, '1h'), NOW + 5 * MINUTE);
      expect(minutes).toHaveLength(36);
      expect(hour).toEqual({
        time: bucketStart(NOW, '1h'),
        open: minutes[0]!.open,
        high: Math.max(...minutes.map((minute) => minute.high)),
        low: Math.min(...minutes.map((minute) => minute.low)),
        close: minutes.at(-1)!.close,
        volume: Math.round(minutes.reduce((sum, minute) => sum + minute.volume, 0) * 1e8) / 1e8,
      });
    });
  });

  describe('after a restart', () => {
    it('should resume without a gap, exactly as if it had never stopped', async () => {
      const clock = manualClock(NOW);
      const first = createFeed(database, clock, { backfillDays: 1 });
      await first.feed.catchUp();
      for (let second = 0; second < 95; second++) {
        clock.advance(1_000);
        await first.feed.tick();
      }
      await first.feed.stop();

      clock.advance(2 * 60 * MINUTE + 13 * MINUTE + 7_000);
      const second = createFeed(database, clock, { backfillDays: 1 });
      await second.feed.catchUp();

      const from = bucketStart(NOW, '1m') - DAY;
      for (const symbol of SYMBOLS) {
        const stored = await minuteCandles(database.db, symbol, from, clock() + 1);
        expect(stored).toEqual(await new DemoSource().candles(symbol, from, clock()));
      }
    });

    it('should stop a backfill at its next chunk, and finish it on the next start without a gap', async () => {
      const interrupted = createFeed(database, () => NOW);
      interrupted.feed.start();
      await interrupted.feed.stop();
      const partial = await countMinutes(database, 'BTC');
      expect(partial.count).toBeLessThan(BACKFILL_DAYS * 1440);

      await createFeed(database, () => NOW).feed.catchUp();
      for (const symbol of SYMBOLS) {
        const from = bucketStart(NOW, '1m') - BACKFILL_DAYS * DAY;
        expect(await minuteCandles(database.db, symbol, from, NOW + 1)).toEqual(
          await new DemoSource().candles(symbol, from, NOW),
        );
      }
    });

    it('should resume a long-stopped history from its last close, only so far back', async () => {
      const clock = manualClock(NOW);
      const options = { backfillDays: 1, maxCatchUpDays: 2 };
      await createFeed(database, clock, options).feed.catchUp();
      const lastClose = (await latestCandle(database.db, 'BTC'))!.close;

      clock.advance(5 * DAY);
      await createFeed(database, clock, options).feed.catchUp();

      const resumedFrom = bucketStart(clock(), '1m') - 2 * DAY;
      const minutes = await countMinutes(database, 'BTC');
      expect(minutes.count).toBe((1 + 2) * 1440 + 2);
      const [firstResumed] = await minuteCandles(database.db, 'BTC', NOW + MINUTE, clock());
      expect(firstResumed).toMatchObject({ time: resumedFrom, open: lastClose });
    });
  });
});

describe('two market feeds on one PostgreSQL schema', () => {
  let testDatabase: TestDatabase;
  const databases: DatabaseHandle[] = [];
  const feeds: MarketFeed[] = [];

  beforeEach(async () => {
    testDatabase = await createTestDatabase('postgres');
  });

  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.stop();
    for (const database of databases.splice(0)) await database.close();
    await testDatabase.cleanup();
  });

  it('should let only one of them run, and the other take over when it stops', async () => {
    const start = async () => {
      const database = await openDatabase(testDatabase.config);
      databases.push(database);
      const leadership = new PostgresLeadership(testDatabase.config.databaseUrl!, log);
      const created = createFeed(database, Date.now, { leadership, backfillDays: 0.01 });
      feeds.push(created.feed);
      created.feed.start();
      return created;
    };
    const first = await start();
    await expect.poll(() => first.updates.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const second = await start();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(second.updates).toEqual([]);

    await first.feed.stop();
    await expect.poll(() => second.updates.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const published = first.updates.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(first.updates).toHaveLength(published);
  });
});
