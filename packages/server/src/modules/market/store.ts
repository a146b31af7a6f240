import { sql, type Kysely, type RawBuilder } from 'kysely';
import { writeTransaction } from '../../db/connection';
import type { Database } from '../../db/schema';
import { bucketStart, INTERVAL_MS, type Candle, type Interval, type MarketSymbol } from './markets';

/*
 * The candle store. `candles_1m` holds every minute; `candles_1h` is its hourly roll-up, refreshed from the
 * minutes in the same transaction as every write, so the two never disagree. Intervals below an hour are
 * aggregated from minutes, an hour and above from hours: a page of 1,000 day candles reads 24,000 hourly rows
 * instead of 1,440,000 minutes.
 */

type CandleTable = 'candles_1m' | 'candles_1h';

const HOUR_MS = INTERVAL_MS['1h'];

/** Rows per INSERT: 7 parameters each stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK_ROWS = 1_000;

/** Sums of many volumes pick up binary rounding noise (0.1 + 0.2); volumes are given to 8 decimals. */
export function roundVolume(volume: number): number {
  return Math.round(volume * 1e8) / 1e8;
}

/**
 * The `size`-long buckets of `table`'s rows for `symbol` with `from <= time < to`, as (time, open, high, low,
 * close, volume): the open of each bucket's first row, the close of its last, the highest high, the lowest low
 * and the summed volume. Buckets are `time - time % size`, aligned to UTC. `size` is one of INTERVAL_MS's
 * constants and is written into the SQL as a literal, so both dialects group by the very same expression;
 * the first and last rows are found by primary-key lookups, which keeps the plan the same on both.
 */
function aggregatedCandles(
  table: CandleTable,
  size: number,
  symbol: string,
  from: number,
  to: number,
): RawBuilder<Candle> {
  const source = sql.table(table);
  return sql<Candle>`
    select buckets.bucket as "time",
           (select open from ${source} first_row where first_row.symbol = ${symbol} and first_row."time" = buckets.first_time) as open,
           buckets.high as high, buckets.low as low,
           (select close from ${source} last_row where last_row.symbol = ${symbol} and last_row."time" = buckets.last_time) as close,
           buckets.volume as volume
    from (
      select "time" - "time" % ${sql.lit(size)} as bucket, min("time") as first_time, max("time") as last_time,
             max(high) as high, min(low) as low, sum(volume) as volume
      from ${source}
      where symbol = ${symbol} and "time" >= ${from} and "time" < ${to}
      group by 1
    ) buckets
    where true
  `;
}

/** Recomputes the hourly roll-up of `symbol` for every hour that overlaps `from <= time < to`. */
async function refreshHours(db: Kysely<Database>, symbol: MarketSymbol, from: number, to: number): Promise<void> {
  const start = bucketStart(from, '1h');
  const end = bucketStart(to - 1, '1h') + HOUR_MS;
  await sql`
    insert into candles_1h (symbol, "time", open, high, low, close, volume)
    select ${symbol}, hours."time", hours.open, hours.high, hours.low, hours.close, hours.volume
    from (${aggregatedCandles('candles_1m', HOUR_MS, symbol, start, end)}) hours
    where true
    on conflict (symbol, "time") do update set
      open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume
  `.execute(db);
}

/**
 * Inserts 1m candles, replacing any stored candle of the same minute (the forming one is written again as it
 * grows), and refreshes the hours they fall in, all in one write transaction (the caller's, if it passes one).
 */
export async function upsertCandles(
  db: Kysely<Database>,
  symbol: MarketSymbol,
  candles: readonly Candle[],
): Promise<void> {
  if (candles.length === 0) return;
  if (!db.isTransaction) return writeTransaction(db, (trx) => upsertCandles(trx, symbol, candles));
  let from = Infinity;
  let to = -Infinity;
  for (let start = 0; start < candles.length; start += INSERT_CHUNK_ROWS) {
    const rows = candles.slice(start, start + INSERT_CHUNK_ROWS).map((candle) => {
      from = Math.min(from, candle.time);
      to = Math.max(to, candle.time + INTERVAL_MS['1m']);
      return { symbol, ...candle };
    });
    await db
      .insertInto('candles_1m')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['symbol', 'time']).doUpdateSet((update) => ({
          open: update.ref('excluded.open'),
          high: update.ref('excluded.high'),
          low: update.ref('excluded.low'),
          close: update.ref('excluded.close'),
          volume: update.ref('excluded.volume'),
        })),
      )
      .execute();
  }
  await refreshHours(db, symbol, from, to);
}

/**
 * Stores hourly candles of history older than the stored minutes (the demo's long backfill): they go into
 * `candles_1h` alone, never over an hour that minutes were rolled up into.
 */
export async function insertOlderHours(
  db: Kysely<Database>,
  symbol: MarketSymbol,
  candles: readonly Candle[],
): Promise<void> {
  if (candles.length === 0) return;
  if (!db.isTransaction) return writeTransaction(db, (trx) => insertOlderHours(trx, symbol, candles));
  for (let start = 0; start < candles.length; start += INSERT_CHUNK_ROWS) {
    const rows = candles.slice(start, start + INSERT_CHUNK_ROWS).map((candle) => ({ symbol, ...candle }));
    await db
      .insertInto('candles_1h')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['symbol', 'time']).doNothing())
      .execute();
  }
}

/** The stored hour with the earliest time, if any: where the history begins. */
export async function earliestHour(db: Kysely<Database>, symbol: MarketSymbol): Promise<Candle | undefined> {
  return db
    .selectFrom('candles_1h')
    .select(['time', 'open', 'high', 'low', 'close', 'volume'])
    .where('symbol', '=', symbol)
    .orderBy('time', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** The stored 1m candle with the latest time, if any. */
export async function latestCandle(db: Kysely<Database>, symbol: MarketSymbol): Promise<Candle | undefined> {
  return db
    .selectFrom('candles_1m')
    .select(['time', 'open', 'high', 'low', 'close', 'volume'])
    .where('symbol', '=', symbol)
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stored candles of `table` with `from <= time < to`, oldest first. */
function storedCandles(
  db: Kysely<Database>,
  table: CandleTable,
  symbol: MarketSymbol,
  from: number,
  to: number,
): Promise<Candle[]> {
  return db
    .selectFrom(table)
    .select(['time', 'open', 'high', 'low', 'close', 'volume'])
    .where('symbol', '=', symbol)
    .where('time', '>=', from)
    .where('time', '<', to)
    .orderBy('time')
    .execute();
}

/** Stored 1m candles with `from <= time < to`, oldest first. */
export function minuteCandles(db: Kysely<Database>, symbol: MarketSymbol, from: number, to: number): Promise<Candle[]> {
  return storedCandles(db, 'candles_1m', symbol, from, to);
}

export interface CandleQuery {
  symbol: MarketSymbol;
  interval: Interval;
  /** At most this many candles, the latest ones. */
  limit: number;
  /** Only candles that start before this time (exclusive), UTC milliseconds. */
  before?: number;
}

/**
 * The latest `limit` candles of `interval` that start before `before`, oldest first.
 *
 * The window ends at the latest stored minute before `before` rather than at the clock, so a page is never
 * empty while older candles exist, and a gap in the history (an exchange outage) costs a page no more than its
 * width. Each read is one primary-key range of at most `limit` buckets.
 */
export async function readCandles(
  db: Kysely<Database>,
  { symbol, interval, limit, before }: CandleQuery,
): Promise<Candle[]> {
  const size = INTERVAL_MS[interval];
  const table: CandleTable = size >= HOUR_MS ? 'candles_1h' : 'candles_1m';
  // A bucket starts before `before` exactly when its rows start before the end of the bucket holding before - 1.
  // An hour and above read the hours, which reach further back than the minutes (older history is hourly).
  const rowsBefore = before === undefined ? undefined : bucketStart(before - 1, interval) + size;
  const last = await db
    .selectFrom(table)
    .select((select) => select.fn.max('time').as('time'))
    .where('symbol', '=', symbol)
    .$if(rowsBefore !== undefined, (query) => query.where('time', '<', rowsBefore!))
    .executeTakeFirst();
  if (last?.time === null || last?.time === undefined) return [];

  const to = bucketStart(last.time, interval) + size;
  const from = to - limit * size;
  const candles =
    size === INTERVAL_MS['1m'] || size === HOUR_MS
      ? await storedCandles(db, table, symbol, from, to)
      : (
          await sql<Candle>`
            select * from (${aggregatedCandles(table, size, symbol, from, to)}) candles order by "time"
          `.execute(db)
        ).rows;
  // Hourly volumes are sums too.
  return candles.map((candle) => ({ ...candle, volume: roundVolume(candle.volume) }));
}
