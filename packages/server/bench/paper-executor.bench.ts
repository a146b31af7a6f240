/*
 * Paper executor benchmark: accepted signals executed with their outcomes, trades, equity and account state
 * committed, per second, on the embedded database and on PostgreSQL (goal: 1,000 a second, DESIGN.md section 4).
 * The signals are stored first (ingest has its own benchmark), spread over 20 strategies and a day of BTC 1m
 * candles; then one executor run decides them all, one transaction per strategy and step, as the server does.
 * Then the steady state: AFTER_RUNS runs, each after one new signal (of the strategies in turn), timed one by one:
 * what a run costs beside the signals already decided (its median), and the slowest (a run that also sweeps below
 * the executor's watermark).
 *
 *   pnpm --filter @signaldeck/server exec tsx bench/paper-executor.bench.ts [--json results.json]
 *     [--signals 20000] [--strategies 20] [--dialects sqlite,postgres]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Dialect } from '../src/db/connection';
import { openDatabase } from '../src/db/connection';
import { upsertCandles } from '../src/modules/market/store';
import { LATE_COMMIT_MS, PaperExecutor } from '../src/modules/paper/executor';
import { insertDefaultStrategy } from '../src/modules/signals/webhook-secrets';
import { createTestDatabase } from '../src/test/database';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    signals: { type: 'string', default: '20000' },
    strategies: { type: 'string', default: '20' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const SIGNALS = Number(options.signals);
const STRATEGIES = Number(options.strategies);
const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5);
const DAY_MINUTES = 1440;
const GOAL_PER_SECOND = 1_000;

/** Runs timed after the first, each after one new signal. */
const AFTER_RUNS = 60;
/** Minutes of candles past the day: the steady state's runs come LATE_COMMIT_MS after the backlog's. */
const STEADY_MINUTES = LATE_COMMIT_MS / MINUTE + 5;

const signalRow = (userId: number, strategyId: number, index: number, receivedAt: number) => ({
  user_id: userId,
  strategy_id: strategyId,
  ticker: 'BTC',
  action: 'buy',
  price: null,
  quantity: 0.01,
  position_size: null,
  interval: '1m',
  alert_time: null,
  received_at: receivedAt,
  strategy: null,
  comment: null,
  client_id: null,
  body_hash: `bench-${index}`,
  status: 'accepted' as const,
  reason: null,
  duplicate_of: null,
  raw: '{}',
});

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

interface Measured {
  signals: number;
  executed: number;
  seconds: number;
  runMedianMs: number;
  runMaxMs: number;
}

async function measure(dialect: Dialect): Promise<Measured> {
  const testDatabase = await createTestDatabase(dialect);
  const database = await openDatabase(testDatabase.config);
  try {
    const { db } = database;
    await upsertCandles(
      db,
      'BTC',
      // Past the day: the runs after the first read the minutes their signals were received in.
      Array.from({ length: DAY_MINUTES + STEADY_MINUTES }, (_, index) => {
        const price = 95_000 + 500 * Math.sin(index / 30);
        return {
          time: START + index * MINUTE,
          open: price,
          high: price + 40,
          low: price - 40,
          close: price,
          volume: 1,
        };
      }),
    );
    const strategies: { userId: number; strategyId: number }[] = [];
    for (let index = 0; index < STRATEGIES; index += 1) {
      const { id: userId } = await db
        .insertInto('users')
        .values({
          name: `Bench trader ${index}`,
          email: `paper-bench-${index}@example.com`,
          password_hash: 'not used by the benchmark',
          created_at: START,
          updated_at: START,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      strategies.push({ userId, strategyId: await insertDefaultStrategy(db, userId, START) });
    }
    const actions = ['buy', 'sell', 'exit', 'buy', 'sell'];
    for (let start = 0; start < SIGNALS; start += 500) {
      await db
        .insertInto('signals')
        .values(
          Array.from({ length: Math.min(500, SIGNALS - start) }, (_, offset) => {
            const index = start + offset;
            const { userId, strategyId } = strategies[index % STRATEGIES]!;
            // Spread over the day, after the first candle closed.
            const receivedAt = START + MINUTE + Math.floor((index * (DAY_MINUTES - 1) * MINUTE) / SIGNALS);
            return {
              ...signalRow(userId, strategyId, index, receivedAt),
              action: actions[Math.floor(index / STRATEGIES) % actions.length]!,
            };
          }),
        )
        .execute();
    }

    let now = START + DAY_MINUTES * MINUTE;
    const executor = new PaperExecutor({ db, dialect, clock: () => now, publish: () => {}, log: silent });
    const started = performance.now();
    await executor.run();
    const seconds = (performance.now() - started) / 1000;
    const decided = await db
      .selectFrom('signal_outcomes')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'executed').then(1).else(0).end()).as('executed'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(decided.all) !== SIGNALS) throw new Error(`${decided.all} of ${SIGNALS} signals were decided`);

    // Then the server's steady state: one new signal at a time, each followed by a run (as a webhook's batch wakes
    // the executor). What a run costs must not grow with the signals already decided. The executor has run for
    // LATE_COMMIT_MS by then, as a server has after its first minutes: until then a strategy's steps read every id
    // (nothing the process has passed is old enough to be sure of), and a run costs what it did before.
    if (dialect === 'postgres') await sql`analyze`.execute(db);
    // A second run takes the watermark past the backlog (the first never passes what it read).
    await executor.run();
    now += LATE_COMMIT_MS + MINUTE;
    await executor.run();
    const runs: number[] = [];
    for (let index = 0; index < AFTER_RUNS; index += 1) {
      const { userId, strategyId } = strategies[index % STRATEGIES]!;
      now += 1_000;
      await db
        .insertInto('signals')
        .values({ ...signalRow(userId, strategyId, SIGNALS + index, now - 30_000), action: 'exit' })
        .execute();
      const runStarted = performance.now();
      await executor.run();
      runs.push(performance.now() - runStarted);
    }
    runs.sort((a, b) => a - b);
    const undecided = await db
      .selectFrom('signals')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('signal_outcomes').select('signal_id').whereRef('signal_id', '=', 'signals.id'))),
      )
      .executeTakeFirstOrThrow();
    if (Number(undecided.count) !== 0) throw new Error(`${undecided.count} new signals were left undecided`);
    return {
      signals: SIGNALS,
      executed: Number(decided.executed),
      seconds,
      runMedianMs: runs[Math.floor(runs.length / 2)]!,
      runMaxMs: runs.at(-1)!,
    };
  } finally {
    await database.close();
    await testDatabase.cleanup();
  }
}

const figures: Record<string, number | boolean> = { goalPerSecond: GOAL_PER_SECOND };
console.log(
  `| database | signals | executed | seconds | signals a second | then a run per new signal, median / max ms (${AFTER_RUNS} runs) |`,
);
console.log('|---|---|---|---|---|---|');
for (const dialect of options.dialects.split(',') as Dialect[]) {
  const { signals, executed, seconds, runMedianMs, runMaxMs } = await measure(dialect);
  const perSecond = Math.round(signals / seconds);
  figures[`${dialect}PerSecond`] = perSecond;
  figures[`${dialect}WithinGoal`] = perSecond >= GOAL_PER_SECOND;
  figures[`${dialect}RunMedianMs`] = runMedianMs;
  figures[`${dialect}RunMaxMs`] = runMaxMs;
  console.log(
    `| ${dialect} | ${signals} | ${executed} | ${seconds.toFixed(2)} | ${perSecond} | ${runMedianMs.toFixed(2)} / ${runMaxMs.toFixed(1)} |`,
  );
}
if (options.json) await writeFile(options.json, JSON.stringify(figures, null, 2));
