#!/usr/bin/env node
/**
 * Runs the root package's scripts named on the command line (`pnpm test:static` runs typecheck, lint,
 * format:check and test:docs), as many at a time as the machine has cores (at least two, at most four): each
 * is mostly one process on one core. Put the longest first. A script's output is held back and printed whole when it ends, so two never interleave.
 * Every script runs to its end even when another fails; the run fails if any did, naming them.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-checks.mjs <script> [<script>...]');
  process.exit(2);
}
const concurrency = Math.min(4, Math.max(2, availableParallelism()));

/** Runs `pnpm run <script>`, resolving with its exit code, its combined output and its time. */
function runScript(script) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ script, code: 1, output: `${output}${error.message}\n`, startedAt }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output, startedAt }));
  });
}

const queue = [...scripts];
const failed = [];
async function worker() {
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
    const result = await runScript(script);
    const seconds = ((performance.now() - result.startedAt) / 1000).toFixed(1);
    process.stdout.write(result.output);
    console.log(`--- ${script}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${seconds} s\n`);
    if (result.code !== 0) failed.push(script);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, scripts.length) }, worker));

if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
