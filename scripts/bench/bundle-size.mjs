#!/usr/bin/env node
// Bundle sizes of the built app, from Vite's manifest: what the login page downloads, and what
// the chart and signals pages add on top. Run `pnpm build` first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'packages/app/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** Every chunk a manifest entry loads up front (itself and its static imports, transitively). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function jsBytes(keys) {
  let total = 0;
  for (const key of keys) total += gz(manifest[key].file);
  return total;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const lazyKey = (name) => Object.keys(manifest).find((k) => k.endsWith(`app/routes/${name}.tsx`));

function added(name) {
  const key = lazyKey(name);
  if (!key) return null;
  const keys = [...closure(key)].filter((k) => !entry.has(k));
  return { bytes: jsBytes(keys), chunks: keys.length };
}

const cssBytes = (manifest[entryKey].css ?? []).reduce((sum, f) => sum + gz(f), 0);
const entryJs = jsBytes(entry);
const chart = added('trading');
const signals = added('signals');
const loginHasChart = [...entry].some((k) => /victory|CandlestickChart/i.test(k + manifest[k].file));

const rows = [
  ['login page JS (gzip)', entryJs, 200 * 1024, 'budget 200 KB'],
  ['app CSS (gzip)', cssBytes, null, ''],
  ['trading page adds (gzip)', chart?.bytes ?? NaN, 90 * 1024, 'chart budget 90 KB (issue #16)'],
  ['signals page adds (gzip)', signals?.bytes ?? NaN, null, ''],
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('\nBundle sizes');
console.log('| what | size | budget | within |');
console.log('|---|---|---|---|');
for (const [name, bytes, budget] of rows) {
  console.log(
    `| ${name} | ${kb(bytes)} | ${budget ? kb(budget) : '-'} | ${budget ? (bytes <= budget ? 'yes' : 'NO') : '-'} |`,
  );
}
console.log(`login page loads chart code: ${loginHasChart ? 'YES' : 'no'}`);

const jsonAt = process.argv.indexOf('--json');
if (jsonAt !== -1) {
  writeFileSync(
    process.argv[jsonAt + 1],
    JSON.stringify({
      loginJs: entryJs,
      css: cssBytes,
      tradingAdds: chart?.bytes,
      signalsAdds: signals?.bytes,
      loginHasChart,
    }),
  );
}
