#!/usr/bin/env node
// Trades table benchmark: renders TradesTable with 10,000 generated trades in headless Chromium
// and measures what issue 14 asks of the Performance pages: the first rows painted within 300 ms
// of the data arriving, with a bounded DOM.
//
//   node packages/dashboard-kit/bench/trades.bench.mjs [--json results.json] [--rows 10000]
//
// Uses Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium) through playwright-core.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOAD_RUNS = 7;
const TARGET_MS = 300;

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const jsonPath = option('--json', null);
const rowCount = Number(option('--rows', '10000'));

const PAGE_HTML = `<!doctype html>
<html lang="en" data-theme="dark">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="/page.css">
<title>TradesTable benchmark</title></head>
<body><div id="root" style="padding:16px"></div><script type="module" src="/page.js"></script></body>
</html>`;

function serve(outdir) {
  const types = { '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE_HTML);
    const file = path.join(outdir, path.basename(url.pathname));
    if (!existsSync(file)) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const workdir = mkdtempSync(path.join(tmpdir(), 'trades-bench-'));
const outdir = path.join(workdir, 'www');
let server;
let browser;
try {
  await build({
    entryPoints: { page: path.join(here, 'trades.page.tsx') },
    bundle: true,
    outdir,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    conditions: ['source'],
    ignoreAnnotations: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    logLevel: 'warning',
  });
  server = await serve(outdir);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.tradesBench !== undefined);
  await page.evaluate((count) => window.tradesBench.generate(count), rowCount);
  // Warm-up: the first render also compiles the code paths.
  await page.evaluate(() => window.tradesBench.load());
  const loads = [];
  for (let run = 0; run < LOAD_RUNS; run++) loads.push(await page.evaluate(() => window.tradesBench.load()));
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);

  const result = {
    rows: rowCount,
    runs: LOAD_RUNS,
    commitMsMedian: median(loads.map((load) => load.commit)),
    paintMsMedian: median(loads.map((load) => load.paint)),
    paintMsMax: Math.max(...loads.map((load) => load.paint)),
    fullListMsMedian: median(loads.map((load) => load.full)),
    maxRowsInDom: Math.max(...loads.map((load) => load.rowsInDom)),
    targetMs: TARGET_MS,
  };
  console.log(
    `TradesTable, ${rowCount.toLocaleString('en-US')} trades: first rows painted ${result.paintMsMedian.toFixed(1)} ms ` +
      `after the data (median of ${LOAD_RUNS}; max ${result.paintMsMax.toFixed(1)} ms; target < ${TARGET_MS} ms), ` +
      `${result.maxRowsInDom} rows in the DOM; the whole list built ${result.fullListMsMedian.toFixed(1)} ms after the data`,
  );
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify(result, null, 2));
  if (result.paintMsMedian >= TARGET_MS) process.exitCode = 1;
} finally {
  await browser?.close();
  server?.close();
  rmSync(workdir, { recursive: true, force: true });
}
