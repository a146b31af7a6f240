/*
 * Burst benchmark: how long a burst of webhooks takes to be answered and then executed, and what it costs to the
 * end. Where the ingest benchmark (ingest.bench.ts) measures the webhook's rate in a 10-second window, this one
 * counts everything a webhook sets off (its batch, the paper executor's step, the notification planner's records,
 * the live events) whenever it runs: the figure that compares two versions doing equal work.
 *
 *   packages/server/node_modules/.bin/tsx packages/server/bench/burst.bench.ts [--json results.json]
 *     [--webhooks 8000] [--connections 50] [--databases sqlite,postgres] [--profile dir]
 *
 * For each database: a fresh one and the real server in a child process (ingest-server.ts, 4,000 traders each
 * with a paper account), a warm-up burst of 2,000 webhooks executed to the last, then the measured burst: its
 * webhooks posted --connections at once, one per request over the traders' URLs in turn, until every accepted
 * signal has its outcome. The server's CPU (all threads) and PostgreSQL's (its processes) are counted from the
 * first post to the last outcome. The exit code is 1 when a post failed or a signal was not decided in time.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Dialect } from '../src/db/connection';
import { createTestDatabase } from '../src/test/database';
import { ask, databaseCpu, load, readStats, startServer, stopServer, type Server } from './ingest-client';
import { postgresCpuBetween } from './postgres-cpu';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    webhooks: { type: 'string', default: '8000' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    /** Writes a V8 CPU profile of the server's main thread from the first post to the last outcome. */
    profile: { type: 'string' },
  },
});
const WEBHOOKS = Number(options.webhooks);
const CONNECTIONS = Number(options.connections);
const WARM_UP_WEBHOOKS = 2_000;
/** A burst not executed within this long is a failure (the executor fell over, or never caught up). */
const DECIDE_TIMEOUT_MS = 300_000;

interface BurstResult {
  database: Dialect;
  webhooks: number;
  requestsPerSecond: number;
  p99Ms: number;
  faults: number;
  /** From the first post to the last answer. */
  answeredSeconds: number;
  /** From the first post to the last signal's outcome. */
  decidedSeconds: number;
  /** The server's CPU (all threads) per webhook, from the first post to the last outcome. */
  cpuMicrosecondsPerWebhook: number;
  /** PostgreSQL's CPU per webhook over the same time (0 on SQLite, which runs in the server). */
  databaseCpuMicrosecondsPerWebhook: number;
  correct: boolean;
}

/** Resolves with the stats once every accepted signal has its outcome, or with null after DECIDE_TIMEOUT_MS. */
async function allDecided(server: Server) {
  const deadline = performance.now() + DECIDE_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const stats = await readStats(server);
    if (stats.decided >= stats.accepted) return stats;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function run(dialect: Dialect): Promise<BurstResult> {
  const testDatabase = await createTestDatabase(dialect);
  const server = await startServer(testDatabase.env);
  try {
    const warmUp = await load(server, 'webhook', { connections: CONNECTIONS, amount: WARM_UP_WEBHOOKS });
    if (!(await allDecided(server))) throw new Error('the warm-up burst was not executed in time');
    if (options.profile) await ask(server, { profile: 'start' }, 'profiling');

    const before = await readStats(server);
    const databaseBefore = databaseCpu(dialect);
    const started = performance.now();
    let lastAnswer = started;
    const burst = await load(server, 'webhook', { connections: CONNECTIONS, amount: WEBHOOKS }).on(
      'response',
      () => (lastAnswer = performance.now()),
    );
    // autocannon ends on its next one-second tick; the burst was answered at its last response.
    const answeredSeconds = (lastAnswer - started) / 1000;
    const after = await allDecided(server);
    const decidedSeconds = (performance.now() - started) / 1000;
    const databaseMicroseconds = postgresCpuBetween(databaseBefore, databaseCpu(dialect));

    if (options.profile) {
      await ask(
        server,
        { profile: 'stop', file: path.join(options.profile, `burst-${dialect}.cpuprofile`) },
        'profiled',
      );
    }
    const faults = [warmUp, burst].reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
    const end = after ?? (await readStats(server));
    return {
      database: dialect,
      webhooks: WEBHOOKS,
      requestsPerSecond: WEBHOOKS / answeredSeconds,
      p99Ms: burst.latency.p99,
      faults,
      answeredSeconds,
      decidedSeconds,
      cpuMicrosecondsPerWebhook: (end.cpuMicroseconds - before.cpuMicroseconds) / WEBHOOKS,
      databaseCpuMicrosecondsPerWebhook: databaseMicroseconds / WEBHOOKS,
      correct: faults === 0 && after !== null && end.accepted === end.rows,
    };
  } finally {
    await stopServer(server);
    await testDatabase.cleanup();
  }
}

const results: BurstResult[] = [];
for (const dialect of options.databases.split(',') as Dialect[]) {
  console.log(`burst benchmark: ${dialect}, ${WEBHOOKS} webhooks, ${CONNECTIONS} at once...`);
  results.push(await run(dialect));
}

const header = [
  'database',
  'webhooks',
  'req/s',
  'p99 ms',
  'answered s',
  'decided s',
  'CPU µs/webhook',
  'DB CPU µs/webhook',
];
const rows = results.map((result) => [
  result.database,
  String(result.webhooks),
  result.requestsPerSecond.toFixed(0),
  result.p99Ms.toFixed(0),
  result.answeredSeconds.toFixed(2),
  result.decidedSeconds.toFixed(2),
  result.cpuMicrosecondsPerWebhook.toFixed(0),
  result.database === 'postgres' ? result.databaseCpuMicrosecondsPerWebhook.toFixed(0) : 'in server',
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
for (const row of [header, widths.map((width) => '-'.repeat(width)), ...rows]) {
  console.log(row.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
}
for (const result of results) {
  if (!result.correct) console.log(`${result.database}: NOT CORRECT (failed posts, or signals not decided in time)`);
}
if (options.json) await writeFile(options.json, JSON.stringify(results, null, 2));
process.exitCode = results.every((result) => result.correct) ? 0 : 1;
