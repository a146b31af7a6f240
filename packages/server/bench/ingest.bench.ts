/*
 * Webhook ingest benchmark (DESIGN.md section 4): durable webhook throughput against a bare Fastify route on
 * the same server in the same run, on the embedded database and on PostgreSQL.
 *
 *   packages/server/node_modules/.bin/tsx packages/server/bench/ingest.bench.ts [--json results.json]
 *     [--duration 10] [--connections 50] [--databases sqlite,postgres] [--history 0] [--profile dir]
 *
 * For each database: a fresh one (a temporary DATA_DIR, or a new schema on TEST_DATABASE_URL /
 * postgres://127.0.0.1:5432/test), the real server in a child process (ingest-server.ts), then autocannon from
 * this process: a warm-up, the bare route, the webhook. Every request carries a unique alert id, made in a
 * request builder (autocannon's -I is broken with current hyperid). Afterwards every 2xx autocannon read must be
 * a stored, accepted signal; the only rows beyond those are the alerts in flight when autocannon's time was up
 * (stored, their answers unread): at most one per connection per run.
 * --history N stores N decided signals first, spread over the traders and the past 30 days: a server that has run
 * for a while, whose paper executor must not cost more per run for what it has already decided.
 * On PostgreSQL a last run adds a second instance on the same database and loads both at once (--instances 1
 * leaves it out): their combined webhook rate is compared with one instance's.
 * Goals: webhook/bare >= 0.6, webhook p99 < 20 ms, 0 errors; on PostgreSQL two instances above one. The exit code is 1 only when the run was not
 * correct (errors, non-2xx answers, stored rows that do not match the answers); the goals are reported.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'autocannon';
import type { Dialect } from '../src/db/connection';
import { createTestDatabase } from '../src/test/database';
import { ask, databaseCpu, load as post, settledStats, startServer, stopServer, type Server } from './ingest-client';
import { postgresCpuBetween } from './postgres-cpu';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    /** Signals already stored and decided before the runs (a server that has run for a while); none by default. */
    history: { type: 'string', default: '0' },
    /** Instances on PostgreSQL in the last run (2: one beside the first; 1: no such run). */
    instances: { type: 'string', default: '2' },
    /** Writes a V8 CPU profile of the server's main thread during each measured run into this directory. */
    profile: { type: 'string' },
  },
});
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const WARM_UP_S = 2;
const GOALS = { ratio: 0.6, p99Ms: 20 };

const load = (server: Server, target: 'bare' | 'webhook', durationS: number) =>
  post(server, target, { connections: CONNECTIONS, durationS });

/** The load run, with a CPU profile of the server around it when --profile is given. */
async function measuredLoad(server: Server, dialect: Dialect, target: 'bare' | 'webhook'): Promise<Result> {
  if (!options.profile) return load(server, target, DURATION_S);
  await ask(server, { profile: 'start' }, 'profiling');
  const result = await load(server, target, DURATION_S);
  await ask(
    server,
    { profile: 'stop', file: path.join(options.profile, `ingest-${dialect}-${target}.cpuprofile`) },
    'profiled',
  );
  return result;
}

interface Measurement {
  requestsPerSecond: number;
  /** Server CPU time (all threads) per request: what the route costs, however busy the machine is. */
  cpuMicrosecondsPerRequest: number;
  /** PostgreSQL's CPU time per request (its processes on this machine); 0 on SQLite, which runs in the server. */
  databaseCpuMicrosecondsPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  responses2xx: number;
}

const measure = (result: Result, cpuMicroseconds: number, databaseCpuMicroseconds: number): Measurement => ({
  requestsPerSecond: result.requests.average,
  cpuMicrosecondsPerRequest: cpuMicroseconds / result.requests.total,
  databaseCpuMicrosecondsPerRequest: databaseCpuMicroseconds / result.requests.total,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  responses2xx: result['2xx'],
});

interface DatabaseResult {
  database: Dialect;
  bare: Measurement;
  webhook: Measurement;
  ratio: number;
  storedRows: number;
  /** 2xx answers autocannon read from the webhook (warm-up included). */
  acknowledged: number;
  /** Stored alerts whose answers were still in flight when autocannon's time was up. */
  cutOff: number;
  transactions: number;
  rowsPerTransaction: number;
  /** From the start of a batch's transaction to its commit, averaged. */
  msPerTransaction: number;
  /** No errors or non-2xx answers, and the stored rows match the answers. */
  correct: boolean;
  /** Correct, and the ratio and p99 goals reached. */
  goalsMet: boolean;
  /** PostgreSQL: both instances loaded at once, each with --connections. */
  twoInstances?: TwoInstances;
}

interface TwoInstances {
  requestsPerSecond: number;
  /** The higher of the two instances' p99. */
  p99Ms: number;
  faults: number;
  acknowledged: number;
  storedRows: number;
  /** The combined rate over one instance's alone. */
  speedup: number;
  correct: boolean;
}

/** The webhook on `first` and on a second instance of the same database at once. */
async function twoInstances(first: Server, env: Record<string, string>, single: number): Promise<TwoInstances> {
  const second = await startServer({ ...env, BENCH_WEBHOOKS: '0' });
  try {
    const before = await settledStats(first);
    const results = await Promise.all([
      load(first, 'webhook', DURATION_S),
      load({ ...second, tokens: first.tokens }, 'webhook', DURATION_S),
    ]);
    const after = await settledStats(first);
    const acknowledged = results.reduce((sum, result) => sum + result['2xx'], 0);
    const storedRows = after.rows - before.rows;
    const faults = results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
    const requestsPerSecond = results.reduce((sum, result) => sum + result.requests.average, 0);
    return {
      requestsPerSecond,
      p99Ms: Math.max(...results.map((result) => result.latency.p99)),
      faults,
      acknowledged,
      storedRows,
      speedup: requestsPerSecond / single,
      correct:
        faults === 0 &&
        after.accepted === after.rows &&
        storedRows >= acknowledged &&
        storedRows - acknowledged <= 2 * CONNECTIONS,
    };
  } finally {
    await stopServer(second);
  }
}

async function run(dialect: Dialect): Promise<DatabaseResult> {
  const testDatabase = await createTestDatabase(dialect);
  const server = await startServer({ ...testDatabase.env, BENCH_HISTORY: options.history });
  try {
    const history = (await settledStats(server)).rows;
    const warmBare = await load(server, 'bare', WARM_UP_S);
    const warmWebhook = await load(server, 'webhook', WARM_UP_S);
    const cpuBefore = (await settledStats(server)).cpuMicroseconds;
    const databaseCpuBefore = databaseCpu(dialect);
    const bareResult = await measuredLoad(server, dialect, 'bare');
    const cpuBetween = (await settledStats(server)).cpuMicroseconds;
    const databaseCpuMiddle = databaseCpu(dialect);
    const webhookResult = await measuredLoad(server, dialect, 'webhook');
    const stats = await settledStats(server);
    const databaseCpuAfter = databaseCpu(dialect);
    const bare = measure(bareResult, cpuBetween - cpuBefore, postgresCpuBetween(databaseCpuBefore, databaseCpuMiddle));
    const webhook = measure(
      webhookResult,
      stats.cpuMicroseconds - cpuBetween,
      postgresCpuBetween(databaseCpuMiddle, databaseCpuAfter),
    );

    const both =
      dialect === 'postgres' && Number(options.instances) >= 2
        ? await twoInstances(server, testDatabase.env, webhook.requestsPerSecond)
        : undefined;

    const acknowledged = warmWebhook['2xx'] + webhook.responses2xx;
    const cutOff = stats.rows - history - acknowledged;
    const ratio = webhook.requestsPerSecond / bare.requestsPerSecond;
    const faults = [warmBare, warmWebhook].reduce(
      (sum, result) => sum + result.errors + result.timeouts + result.non2xx,
      0,
    );
    const correct =
      faults + webhook.errors + webhook.timeouts + webhook.non2xx + bare.errors + bare.timeouts + bare.non2xx === 0 &&
      stats.accepted === stats.rows &&
      cutOff >= 0 &&
      cutOff <= 2 * CONNECTIONS;
    return {
      database: dialect,
      bare,
      webhook,
      ratio,
      storedRows: stats.rows - history,
      acknowledged,
      cutOff,
      transactions: stats.batches,
      rowsPerTransaction: stats.batchedRows / stats.batches,
      msPerTransaction: stats.commitMs / stats.batches,
      correct: correct && (both?.correct ?? true),
      goalsMet: correct && ratio >= GOALS.ratio && webhook.p99Ms < GOALS.p99Ms && (both ? both.speedup > 1 : true),
      twoInstances: both,
    };
  } finally {
    await stopServer(server);
    await testDatabase.cleanup();
  }
}

function printTable(results: DatabaseResult[]): void {
  const header = [
    'database',
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    '2xx',
    'CPU µs/req',
    'DB CPU µs/req',
  ];
  const rows: string[][] = [];
  for (const result of results) {
    for (const [route, measurement] of [
      ['bare Fastify', result.bare],
      ['webhook', result.webhook],
    ] as const) {
      rows.push([
        result.database,
        route,
        measurement.requestsPerSecond.toFixed(0),
        measurement.p50Ms.toFixed(1),
        measurement.p99Ms.toFixed(1),
        String(measurement.errors + measurement.timeouts),
        String(measurement.non2xx),
        String(measurement.responses2xx),
        measurement.cpuMicrosecondsPerRequest.toFixed(0),
        result.database === 'postgres' ? measurement.databaseCpuMicrosecondsPerRequest.toFixed(0) : 'in server',
      ]);
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log();
  for (const result of results) {
    console.log(
      `${result.database}: webhook/bare ${result.ratio.toFixed(2)} (goal >= ${GOALS.ratio}), webhook p99 ${result.webhook.p99Ms} ms ` +
        `(goal < ${GOALS.p99Ms}), stored rows ${result.storedRows} = 2xx read ${result.acknowledged} + ` +
        `${result.cutOff} cut off at the deadlines${result.cutOff >= 0 && result.cutOff <= 2 * CONNECTIONS ? '' : ' MISMATCH'}, ` +
        `${result.transactions} transactions ` +
        `(${result.rowsPerTransaction.toFixed(1)} rows, ${result.msPerTransaction.toFixed(1)} ms each): ` +
        `${result.correct ? '' : 'INCORRECT RUN, '}${result.goalsMet ? 'goals met' : 'GOALS NOT MET'}`,
    );
    const both = result.twoInstances;
    if (both) {
      console.log(
        `${result.database}, two instances on one database: webhook ${both.requestsPerSecond.toFixed(0)} req/s ` +
          `together (${both.speedup.toFixed(2)}x one instance's, goal > 1), p99 ${both.p99Ms} ms, ` +
          `${both.faults} errors or non-2xx, stored rows ${both.storedRows} for ${both.acknowledged} 2xx read` +
          `${both.correct ? '' : ' INCORRECT'}`,
      );
    }
  }
}

const results: DatabaseResult[] = [];
for (const database of options.databases.split(',') as Dialect[]) {
  console.error(`ingest benchmark: ${database}, ${CONNECTIONS} connections, ${DURATION_S} s per route...`);
  results.push(await run(database));
}
printTable(results);
if (options.json) {
  await writeFile(
    options.json,
    `${JSON.stringify({ connections: CONNECTIONS, durationSeconds: DURATION_S, results }, null, 2)}\n`,
  );
}
process.exitCode = results.every((result) => result.correct) ? 0 : 1;
