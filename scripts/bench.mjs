#!/usr/bin/env node
// `pnpm bench`: every benchmark in the project, one after another (the machine has 2 cores, and
// side-by-side figures need a quiet one), then one summary table. Each part prints its own table
// with its reference measured in the same run, and writes its figures as JSON for the summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'signaldeck-bench-'));
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));

const parts = [
  { name: 'bundle', label: 'Bundle sizes', cmd: ['node', 'scripts/bench/bundle-size.mjs'] },
  {
    name: 'ingest',
    label: 'Webhook ingest',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/ingest.bench.ts'],
  },
  {
    name: 'burst',
    label: 'Webhook burst, answered and executed (CPU to the last outcome)',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/burst.bench.ts'],
  },
  {
    name: 'ingest-statements',
    label: 'PostgreSQL ingest statements (prepared read and INSERT against both planned each time)',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/ingest-statements.bench.ts'],
  },
  {
    name: 'signal-indexes',
    label: "Ingest without HTTP into the schema before migration 0015 and the current one (the signals' indexes)",
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/signal-indexes.bench.ts'],
  },
  {
    name: 'crash',
    label: 'Crash durability',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/crash.bench.ts'],
  },
  {
    name: 'load',
    label: 'Load (webhook, reads, streams)',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/load.bench.ts'],
  },
  {
    name: 'paper',
    label: 'Paper trading replay',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/paper-replay.bench.ts'],
  },
  {
    name: 'paper-executor',
    label: 'Paper executor (signals executed with outcomes committed)',
    cmd: ['pnpm', '--filter', '@signaldeck/server', 'exec', 'tsx', 'bench/paper-executor.bench.ts'],
  },
  { name: 'signal', label: 'Signal to screen', cmd: ['node', 'scripts/bench/signal-to-screen.mjs'] },
  { name: 'chart', label: 'Candlestick chart', cmd: ['node', 'packages/dashboard-kit/bench/chart.bench.mjs'] },
  { name: 'trading', label: 'Chart on the real trading page', cmd: ['node', 'scripts/bench/trading-page.mjs'] },
  { name: 'table', label: 'Signals table', cmd: ['node', 'packages/dashboard-kit/bench/table.bench.mjs'] },
  { name: 'trades', label: 'Trades table', cmd: ['node', 'packages/dashboard-kit/bench/trades.bench.mjs'] },
];

if (!process.argv.includes('--no-build')) {
  console.log('--- building (pnpm build)');
  const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const results = {};
let failed = 0;
for (const part of parts) {
  if (only.length > 0 && !only.includes(part.name)) continue;
  const json = path.join(out, `${part.name}.json`);
  console.log(`\n=== ${part.label}`);
  const [cmd, ...args] = part.cmd;
  const run = spawnSync(cmd, [...args, '--json', json], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.log(`(${part.label} failed with exit code ${run.status})`);
    continue;
  }
  if (existsSync(json)) results[part.label] = JSON.parse(readFileSync(json, 'utf8'));
}

function flatten(value, prefix = '', rows = []) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, rows);
  } else {
    rows.push([prefix, typeof value === 'number' ? Number(value.toFixed(2)) : value]);
  }
  return rows;
}

console.log('\n=== Summary (figures from this run)');
console.log('| benchmark | figure | value |');
console.log('|---|---|---|');
for (const [label, figures] of Object.entries(results)) {
  for (const [key, value] of flatten(figures))
    console.log(`| ${label} | ${key} | ${Array.isArray(value) ? JSON.stringify(value) : value} |`);
}
process.exitCode = failed > 0 ? 1 : 0;
