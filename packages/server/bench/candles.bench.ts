/*
 * Market data benchmark: the demo feed's first-start backfill, and candle pages read from a long history, on the
 * embedded database and on PostgreSQL.
 *
 *   packages/server/node_modules/.bin/tsx packages/server/bench/candles.bench.ts [--json results.json]
 *     [--days 1000] [--databases sqlite,postgres]
 *
 * Backfill: a fresh database, then MarketFeed.catchUp() with the demo source: BACKFILL_DAYS of 1m candles for
 * every pair, wall-clock and this process's CPU time (simulation and SQL building; PostgreSQL's own work is not
 * in it). Reads: `--days` of 1m candles for BTC written through the store (so the hourly roll-up is kept as in
 * production), then the median of 5 reads of a full page (limit 1000) per interval. 1000 days is the worst page
 * the API allows at 1d: 1,440,000 minutes, 24,000 hours.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type { Dialect } from '../src/db/connection';
import type { Candle } from '../src/modules/market/markets';
import { DemoSource } from '../src/modules/market/demo-source';
import { BACKFILL_DAYS, MarketFeed } from '../src/modules/market/feed';
import { SoleLeadership } from '../src/modules/market/leadership';
import { INTERVALS, SYMBOLS } from '../src/modules/market/markets';
import { readCandles, upsertCandles } from '../src/modules/market/store';
import { openTestDatabase } from '../src/test/database';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    days: { type: 'string', default: '1000' },
    databases: { type: 'string', default: 'sqlite,postgres' },
  },
});
const DAYS = Number(options.days);
const MINUTE = 60_000;
const NOW = Date.UTC(2025, 5, 4, 10, 30, 15);
const WRITE_BATCH_MINUTES = 50_000;
const log = Fastify({ logger: false }).log;

async function backfill(dialect: Dialect) {
  const { database, cleanup } = await openTestDatabase(dialect);
  try {
    const feed = new MarketFeed({
      db: database.db,
      createSource: async () => new DemoSource(),
      leadership: new SoleLeadership(),
      publisher: { publish: async () => {} },
      clock: () => NOW,
      log,
    });
    const cpu = process.cpuUsage();
    const started = performance.now();
    await feed.catchUp();
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = process.cpuUsage(cpu).user / 1e6;
    return { rows: SYMBOLS.length * (BACKFILL_DAYS * 1440 + 1), seconds, cpuSeconds };
  } finally {
    await cleanup();
  }
}

/** A plain random walk: the reads do not care how realistic it is, only how many rows there are. */
function* history(days: number): Generator<Candle[]> {
  let price = 80_000;
  let batch: Candle[] = [];
  for (let time = NOW - (NOW % MINUTE) - days * 1440 * MINUTE; time < NOW; time += MINUTE) {
    const close = price * (1 + (Math.random() - 0.5) * 0.002);
    batch.push({
      time,
      open: price,
      high: Math.max(price, close) + 1,
      low: Math.min(price, close) - 1,
      close,
      volume: 1,
    });
    price = close;
    if (batch.length === WRITE_BATCH_MINUTES) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function reads(dialect: Dialect) {
  const { database, cleanup } = await openTestDatabase(dialect);
  try {
    const started = performance.now();
    for (const batch of history(DAYS)) await upsertCandles(database.db, 'BTC', batch);
    const fillSeconds = (performance.now() - started) / 1000;
    const medians: Record<string, number> = {};
    for (const interval of INTERVALS) {
      const times: number[] = [];
      for (let run = 0; run < 5; run++) {
        const start = performance.now();
        const candles = await readCandles(database.db, { symbol: 'BTC', interval, limit: 1_000 });
        times.push(performance.now() - start);
        if (candles.length === 0) throw new Error(`no ${interval} candles read`);
      }
      medians[interval] = times.sort((a, b) => a - b)[2]!;
    }
    return { minutes: DAYS * 1440, fillSeconds, pageMs: medians };
  } finally {
    await cleanup();
  }
}

const results: Record<string, unknown> = {};
for (const dialect of options.databases.split(',') as Dialect[]) {
  const filled = await backfill(dialect);
  console.log(
    `${dialect}: backfill of ${BACKFILL_DAYS} days, ${filled.rows} rows: ${filled.seconds.toFixed(2)} s (${filled.cpuSeconds.toFixed(2)} s CPU here)`,
  );
  const read = await reads(dialect);
  console.log(
    `${dialect}: ${read.minutes} minutes written in ${read.fillSeconds.toFixed(1)} s; page of 1000, median of 5:`,
  );
  console.log('| interval | ms |\n|---|---|');
  for (const [interval, ms] of Object.entries(read.pageMs)) console.log(`| ${interval} | ${ms.toFixed(1)} |`);
  results[dialect] = { backfill: filled, reads: read };
}
if (options.json) await writeFile(options.json, `${JSON.stringify(results, null, 2)}\n`);
