/*
 * Paper executor benchmark: accepted signals executed with their outcomes, trades, equity and account state
 * committed, per second, on the embedded database and on PostgreSQL (goal: 1,000 a second, DESIGN.md section 4).
 * The signals are stored first (ingest has its own benchmark), spread over 20 strategies and a day of BTC 1m
 * candles; then one executor run decides them all, one transaction per strategy and step, as the server does.
 *
 *   pnpm --filter @signaldeck/server exec tsx bench/paper-executor.bench.ts [--json results.json]
 *     [--signals 20000] [--strategies 20] [--dialects sqlite,postgres]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../src/db/connection';
import { openDatabase } from '../src/db/connection';
import { upsertCandles } from '../src/modules/market/store';
import { PaperExecutor } from '../src/modules/paper/executor';
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

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

async function measure(dialect: Dialect): Promise<{ signals: number; executed: number; seconds: number }> {
  const testDatabase = await createTestDatabase(dialect);
  const database = await openDatabase(testDatabase.config);
  try {
    const { db } = database;
    await upsertCandles(
      db,
      'BTC',
      Array.from({ length: DAY_MINUTES + 1 }, (_, index) => {
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
              user_id: userId,
              strategy_id: strategyId,
              ticker: 'BTC',
              action: actions[Math.floor(index / STRATEGIES) % actions.length]!,
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
            };
          }),
        )
        .execute();
    }

    const executor = new PaperExecutor({
      db,
      dialect,
      clock: () => START + DAY_MINUTES * MINUTE,
      publish: () => {},
      log: silent,
    });
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
    return { signals: SIGNALS, executed: Number(decided.executed), seconds };
  } finally {
    await database.close();
    await testDatabase.cleanup();
  }
}

const figures: Record<string, number | boolean> = { goalPerSecond: GOAL_PER_SECOND };
console.log('| database | signals | executed | seconds | signals a second |');
console.log('|---|---|---|---|---|');
for (const dialect of options.dialects.split(',') as Dialect[]) {
  const { signals, executed, seconds } = await measure(dialect);
  const perSecond = Math.round(signals / seconds);
  figures[`${dialect}PerSecond`] = perSecond;
  figures[`${dialect}WithinGoal`] = perSecond >= GOAL_PER_SECOND;
  console.log(`| ${dialect} | ${signals} | ${executed} | ${seconds.toFixed(2)} | ${perSecond} |`);
}
if (options.json) await writeFile(options.json, JSON.stringify(figures, null, 2));
