/*
 * Crash durability benchmark (DESIGN.md section 4: nothing lost in 20 kill -9 cycles under load).
 *
 *   packages/server/node_modules/.bin/tsx packages/server/bench/crash.bench.ts [--json results.json]
 *     [--cycles 20] [--databases sqlite,postgres] [--traders 12] [--concurrency 32] [--seed N]
 *
 * For each database: the real server process (src/main.ts) on a fresh DATA_DIR or PostgreSQL schema, loaded
 * with concurrent webhook posts carrying unique alert ids, killed with SIGKILL at a random moment and started
 * again on the same data, `--cycles` times (see src/proof/support/crash-harness.ts). Every acknowledged alert
 * must be stored exactly once; on SQLite the file must also pass integrity_check once the server has stopped.
 * A failure names the seed: `--seed` (or PROOF_SEED) replays the same kill moments.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Dialect } from '../src/db/connection';
import { runCrashCycles, type CrashReport } from '../src/proof/support/crash-harness';
import { proofSeed } from '../src/proof/support/random';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    cycles: { type: 'string', default: '20' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    traders: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string' },
  },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const reports: CrashReport[] = [];
let failed = false;
for (const dialect of options.databases.split(',') as Dialect[]) {
  const seed = options.seed ? Number(options.seed) : proofSeed();
  console.error(`crash benchmark: ${dialect}, ${options.cycles} cycles, seed ${seed}...`);
  try {
    reports.push(
      await runCrashCycles({
        dialect,
        cycles: Number(options.cycles),
        traders: Number(options.traders),
        concurrency: Number(options.concurrency),
        seed,
        log: (line) => console.error(`  ${line}`),
      }),
    );
  } catch (error) {
    failed = true;
    console.error(`${dialect}: FAILED (seed ${seed}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

const summaries = reports.map((report) => ({
  database: report.dialect,
  seed: report.seed,
  cycles: report.cycles.length,
  acknowledged: report.acknowledged,
  storedUnacknowledged: report.storedUnacknowledged,
  cutOff: report.cycles.reduce((sum, cycle) => sum + cycle.cutOff, 0),
  duplicatesAbsorbed: report.duplicatesAbsorbed,
  lost: 0,
  storedTwice: 0,
  verifications: report.verifications,
  restartMedianMs: median(report.cycles.map((cycle) => cycle.restartMs)),
  restartMaxMs: Math.max(...report.cycles.map((cycle) => cycle.restartMs)),
  integrityCheck: report.integrityCheck ?? 'n/a',
}));

console.log(
  'database  cycles  acknowledged  lost  stored twice  cut off (stored / posted)  duplicates absorbed  restart median / max  integrity',
);
for (const summary of summaries) {
  console.log(
    [
      summary.database.padEnd(8),
      String(summary.cycles).padStart(6),
      String(summary.acknowledged).padStart(12),
      String(summary.lost).padStart(4),
      String(summary.storedTwice).padStart(12),
      `${summary.storedUnacknowledged} / ${summary.cutOff}`.padStart(25),
      String(summary.duplicatesAbsorbed).padStart(19),
      `${summary.restartMedianMs.toFixed(0)} / ${summary.restartMaxMs.toFixed(0)} ms`.padStart(20),
      summary.integrityCheck.padStart(9),
    ].join('  '),
  );
}
if (options.json) {
  // Keyed by database, so that `pnpm bench` lists each figure on a row of its own.
  const byDatabase = Object.fromEntries(summaries.map(({ database, ...summary }) => [database, summary]));
  await writeFile(options.json, `${JSON.stringify(byDatabase, null, 2)}\n`);
}
process.exitCode = failed ? 1 : 0;
