/*
 * Load benchmark: the real server process (src/main.ts) under webhook posts, the signals list and candles at
 * the same time (autocannon, one instance per endpoint), with live stream clients connected throughout.
 *
 *   packages/server/node_modules/.bin/tsx packages/server/bench/load.bench.ts [--json results.json]
 *     [--seconds 60] [--databases sqlite,postgres] [--webhook-connections 32] [--read-connections 8]
 *     [--watched 4] [--clients 2] [--seeded 4000]
 *
 * See src/proof/support/load-harness.ts. Goals: 0 errors on every endpoint; every 2xx webhook answer is one
 * stored row under the id it gave (and nothing else is stored but the posts autocannon cut off at the end);
 * every stream client received each of its trader's signals, in order; the server's resident memory, sampled
 * every second, grows by at most 50 MiB from the first half of the run to the second; the server shuts down
 * cleanly (exit 0, nothing logged at warn or above, within its 10 s grace) with the backlog it was left.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Dialect } from '../src/db/connection';
import { runLoad, type EndpointFigures, type LoadReport } from '../src/proof/support/load-harness';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    'webhook-connections': { type: 'string', default: '32' },
    'read-connections': { type: 'string', default: '8' },
    watched: { type: 'string', default: '4' },
    clients: { type: 'string', default: '2' },
    seeded: { type: 'string', default: '4000' },
  },
});
const MEMORY_GROWTH_LIMIT_MIB = 50;

const reports: LoadReport[] = [];
let failed = false;
for (const dialect of options.databases.split(',') as Dialect[]) {
  console.error(`load benchmark: ${dialect}, ${options.seconds} s...`);
  try {
    reports.push(
      await runLoad({
        dialect,
        seconds: Number(options.seconds),
        webhookConnections: Number(options['webhook-connections']),
        readConnections: Number(options['read-connections']),
        watchedTraders: Number(options.watched),
        streamClientsPerTrader: Number(options.clients),
        seededTraders: Number(options.seeded),
        log: (line) => console.error(`  ${line}`),
      }),
    );
  } catch (error) {
    failed = true;
    console.error(`${dialect}: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const goalsMet = (report: LoadReport) =>
  [report.webhook, report.signalsList, report.candles].every((endpoint) => endpoint.errors === 0) &&
  report.serverProblems.length === 0 &&
  report.shutdownExitCode === 0 &&
  report.memoryGrowthMiB <= MEMORY_GROWTH_LIMIT_MIB;

console.log('database  endpoint                     req/s   p50 ms   p99 ms   errors');
for (const report of reports) {
  const rows: [string, EndpointFigures][] = [
    ['POST /api/webhooks/{token}', report.webhook],
    ['GET /api/signals', report.signalsList],
    ['GET /api/markets/{s}/candles', report.candles],
  ];
  for (const [endpoint, figures] of rows) {
    console.log(
      `${report.dialect.padEnd(8)}  ${endpoint.padEnd(27)}${figures.requestsPerSecond.toFixed(0).padStart(7)}` +
        `${figures.p50Ms.toFixed(1).padStart(9)}${figures.p99Ms.toFixed(1).padStart(9)}${String(figures.errors).padStart(9)}`,
    );
  }
}
for (const report of reports) {
  console.log(
    `${report.dialect}: ${report.acknowledged} acknowledged posts stored once each (${report.cutOff.stored} of ` +
      `${report.cutOff.posts} cut off at the end stored too, ${report.storedRows} rows); ${report.streamClients} stream ` +
      `clients received ${report.streamEventsReceived} signal events, all in order; RSS ${report.memory.startMiB.toFixed(0)} -> ` +
      `${report.memory.endMiB.toFixed(0)} MiB (max ${report.memory.maxMiB.toFixed(0)}, growth ${report.memoryGrowthMiB.toFixed(1)} ` +
      `MiB, goal <= ${MEMORY_GROWTH_LIMIT_MIB}); shutdown exit code ${report.shutdownExitCode}: ` +
      `${goalsMet(report) ? 'goals met' : 'GOALS NOT MET'}`,
  );
  for (const problem of report.serverProblems.slice(0, 5)) console.log(`  server: ${problem}`);
}
if (options.json) {
  // Keyed by database, so that `pnpm bench` lists each figure on a row of its own.
  const byDatabase = Object.fromEntries(
    reports.map((report) => {
      const { dialect, memory, serverProblems, ...figures } = report;
      const { samplesMiB: _samples, ...memoryFigures } = memory;
      return [
        dialect,
        { ...figures, memory: memoryFigures, serverProblems: serverProblems.length, goalsMet: goalsMet(report) },
      ];
    }),
  );
  await writeFile(options.json, `${JSON.stringify(byDatabase, null, 2)}\n`);
}
process.exitCode = failed || !reports.every(goalsMet) ? 1 : 0;
