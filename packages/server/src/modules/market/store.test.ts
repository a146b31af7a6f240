import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../../test/database';
import { INTERVAL_MS, INTERVALS, type Candle, type Interval } from './markets';
import { readCandles, upsertCandles } from './store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A Monday; minutes are laid out from 20:00 UTC two days before it, so buckets cross days. */
const START = Date.UTC(2025, 2, 3) - 2 * DAY + 20 * HOUR;

/** Three days of minutes with irregular values and a few gaps (a missing minute, a missing hour). */
function sampleMinutes(): Candle[] {
  const candles: Candle[] = [];
  let price = 100;
  for (let index = 0; index < 3 * 24 * 60; index++) {
    const time = START + index * MINUTE;
    if (index % 97 === 13 || (index >= 600 && index < 660)) continue;
    const open = price;
    const close = Math.round((price + Math.sin(index * 1.7) * 3 + Math.cos(index / 50)) * 100) / 100;
    const high = Math.max(open, close) + ((index * 7) % 5) / 10;
    const low = Math.min(open, close) - ((index * 3) % 4) / 10;
    candles.push({ time, open, high, low, close, volume: ((index * 37) % 101) / 8 });
    price = close;
  }
  return candles;
}

/** The aggregation, written plainly over the minutes in memory: what the SQL must agree with. */
function expectedCandles(minutes: Candle[], interval: Interval): Candle[] {
  const size = INTERVAL_MS[interval];
  const buckets = new Map<number, Candle[]>();
  for (const minute of minutes) {
    const start = Math.floor(minute.time / size) * size;
    buckets.set(start, [...(buckets.get(start) ?? []), minute]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, rows]) => ({
      time,
      open: rows[0]!.open,
      high: Math.max(...rows.map((row) => row.high)),
      low: Math.min(...rows.map((row) => row.low)),
      close: rows.at(-1)!.close,
      volume: Math.round(rows.reduce((sum, row) => sum + row.volume, 0) * 1e8) / 1e8,
    }));
}

describe.each(TEST_DIALECTS)('the candle store on %s', (dialect) => {
  let testDatabase: OpenTestDatabase;
  let database: DatabaseHandle;
  const minutes = sampleMinutes();

  beforeAll(async () => {
    testDatabase = await openTestDatabase(dialect);
    database = testDatabase.database;
    await upsertCandles(database.db, 'BTC', minutes);
    // Another pair's minutes in the same range must not leak into BTC's candles.
    await upsertCandles(
      database.db,
      'ETH',
      minutes.map((minute) => ({ ...minute, high: minute.high * 30, low: minute.low / 30, volume: 1_000 })),
    );
  });

  afterAll(async () => {
    await testDatabase.cleanup();
  });

  describe('given three days of 1m candles with gaps', () => {
    it.each(INTERVALS)(
      'should aggregate %s candles: first open, last close, extremes, summed volume',
      async (interval) => {
        // A page is the 1,000 buckets up to the latest: with gaps in the data, fewer candles.
        const windowStart = minutes.at(-1)!.time - 999 * INTERVAL_MS[interval];
        const expected = expectedCandles(minutes, interval).filter(
          (candle) => candle.time > windowStart - INTERVAL_MS[interval],
        );
        const candles = await readCandles(database.db, { symbol: 'BTC', interval, limit: 1_000 });
        expect(candles).toEqual(expected);
        expect(candles.length).toBeGreaterThan(interval === '1m' ? 900 : 2);
      },
    );

    it('should align buckets to UTC: days at midnight, four hours at 00, 04, 08...', async () => {
      const days = await readCandles(database.db, { symbol: 'BTC', interval: '1d', limit: 10 });
      expect(days.map((day) => new Date(day.time).toISOString())).toEqual([
        '2025-03-01T00:00:00.000Z',
        '2025-03-02T00:00:00.000Z',
        '2025-03-03T00:00:00.000Z',
        '2025-03-04T00:00:00.000Z',
      ]);
      const fourHours = await readCandles(database.db, { symbol: 'BTC', interval: '4h', limit: 3 });
      expect(fourHours.map((candle) => new Date(candle.time).getUTCHours())).toEqual([8, 12, 16]);
      // The first day holds only 20:00-24:00: its open is the very first minute's.
      expect(days[0]).toMatchObject({ open: minutes[0]!.open, time: START - 20 * HOUR });
    });

    it('should give the latest `limit` candles, oldest first', async () => {
      const all = await readCandles(database.db, { symbol: 'BTC', interval: '15m', limit: 1_000 });
      const latest = await readCandles(database.db, { symbol: 'BTC', interval: '15m', limit: 5 });
      expect(latest).toEqual(all.slice(-5));
    });

    it('should page back with `before`, exclusive, and end with an empty page', async () => {
      const all = await readCandles(database.db, { symbol: 'BTC', interval: '1h', limit: 1_000 });
      const pages: Candle[][] = [];
      let before: number | undefined;
      for (;;) {
        const page = await readCandles(database.db, { symbol: 'BTC', interval: '1h', limit: 7, before });
        if (page.length === 0) break;
        pages.unshift(page);
        before = page[0]!.time;
      }
      expect(pages.flat()).toEqual(all);
      // The missing hour (a gap in the data) is simply absent: no page was cut short before the start.
      expect(all).toHaveLength(71);
    });

    it('should include the bucket that starts before an unaligned `before`', async () => {
      const all = await readCandles(database.db, { symbol: 'BTC', interval: '4h', limit: 1_000 });
      const target = all[5]!;
      const page = await readCandles(database.db, { symbol: 'BTC', interval: '4h', limit: 2, before: target.time + 1 });
      expect(page).toEqual([all[4], target]);
    });

    it('should answer no candles for a pair with none stored', async () => {
      expect(await readCandles(database.db, { symbol: 'SOL', interval: '1d', limit: 10 })).toEqual([]);
    });
  });

  describe('after the forming minute is written again', () => {
    it('should show the new values in every interval', async () => {
      const last = minutes.at(-1)!;
      const grown = { ...last, high: 10_000, close: 9_000, volume: last.volume + 5 };
      await upsertCandles(database.db, 'BTC', [grown]);
      const updated = minutes.slice(0, -1).concat(grown);
      for (const interval of INTERVALS) {
        const [candle] = await readCandles(database.db, { symbol: 'BTC', interval, limit: 1 });
        expect(candle).toEqual(expectedCandles(updated, interval).at(-1));
      }
    });
  });
});
