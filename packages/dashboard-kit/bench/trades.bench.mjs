#!/usr/bin/env node
// Trades table benchmark: renders TradesTable with 10,000 generated trades in headless Chromium
// and measures what issue 14 asks of the Performance pages: the first rows painted within 300 ms
// of the data arriving, with a bounded DOM.
//
//   node packages/dashboard-kit/bench/trades.bench.mjs [--json results.json] [--rows 10000]
//
// Then the same on the real product: the built server with 10,000 closed trades stored for one
// trader (written through SQL in one transaction), its Performance > Trades page opened at
// 1280x800 several times, timed from the arrival of the trades' responses to the rows painted
// (skip with --no-real-page, or skip the kit part with --no-harness; needs `pnpm build`).
// `--trace DIR` also writes a Chrome trace of one load of the real page there (`--trace-js`: with JavaScript samples).
//
// Uses Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium) through playwright-core.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOAD_RUNS = 7;
const TARGET_MS = 300;
const ROW_SELECTOR = '[data-slot="trades-table-row"]';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const jsonPath = option('--json', null);
const rowCount = Number(option('--rows', '10000'));
const harness = !process.argv.includes('--no-harness');
const realPage = !process.argv.includes('--no-real-page');
const traceDir = option('--trace', null);
/** JavaScript samples in the traces too: they name the functions, but slow the page down noticeably. */
const traceSamples = process.argv.includes('--trace-js');

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

/** The kit's TradesTable alone on a page, handed 10,000 generated trades at once. */
async function measureHarness() {
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
    return {
      commitMsMedian: median(loads.map((load) => load.commit)),
      paintMsMedian: median(loads.map((load) => load.paint)),
      paintMsMax: Math.max(...loads.map((load) => load.paint)),
      fullListMsMedian: median(loads.map((load) => load.full)),
      maxRowsInDom: Math.max(...loads.map((load) => load.rowsInDom)),
    };
  } finally {
    await browser?.close();
    server?.close();
    rmSync(workdir, { recursive: true, force: true });
  }
}

/**
 * Stores `count` closed trades for the user with `email` (their Default strategy) straight into the running
 * server's SQLite file, in one transaction, with the columns the paper executor fills. Newest first in the list is
 * the highest id; trades are 3 hours apart, on three pairs, long and short, won and lost.
 */
function seedTrades(dataDir, email, count, { now = Date.now() } = {}) {
  // The driver build this Node runs: the same choice as packages/server/src/db/sqlite-driver.ts.
  const requireFromServer = createRequire(path.join(here, '../../server/package.json'));
  const Database = requireFromServer(
    Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
  );
  const db = new Database(path.join(dataDir, 'signaldeck.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const user = db.prepare('select id from users where email = ?').get(email);
    if (!user) throw new Error(`no user ${email}`);
    const strategy = db.prepare('select id from strategies where user_id = ? order by id limit 1').get(user.id);
    if (!strategy) throw new Error(`no strategy for ${email}`);
    const insert = db.prepare(
      `insert into paper_trades (strategy_id, user_id, number, symbol, side, status, quantity, entry_price, exit_price,
        entry_fee, exit_fee, gross_pnl, net_pnl, return_pct, stop_loss, take_profit, opened_at, closed_at,
        entry_signal_ids, exit_signal_id, exit_reason)
       values (@strategy_id, @user_id, @number, @symbol, @side, 'closed', @quantity, @entry_price, @exit_price,
        @entry_fee, @exit_fee, @gross_pnl, @net_pnl, @return_pct, null, null, @opened_at, @closed_at,
        @entry_signal_ids, @exit_signal_id, @exit_reason)`,
    );
    const symbols = ['BTC', 'ETH', 'SOL'];
    const prices = { BTC: 84_000, ETH: 3_100, SOL: 150 };
    const reasons = ['signal', 'reverse', 'stop_loss', 'take_profit'];
    const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;
    db.transaction(() => {
      // Oldest first, so the newest gets the highest id.
      for (let i = count - 1; i >= 0; i--) {
        const symbol = symbols[i % 3];
        const side = i % 5 < 3 ? 'long' : 'short';
        const entry = round(prices[symbol] * (1 + ((i % 41) - 20) / 400), 2);
        // Won and lost in turn, by up to 3%.
        const move = (((i * 7919) % 61) - 27) / 1000;
        const exit = round(entry * (1 + (side === 'long' ? move : -move)), 2);
        const quantity = round(1_000 / entry, 6);
        const entryFee = round(entry * quantity * 0.001, 6);
        const exitFee = round(exit * quantity * 0.001, 6);
        const gross = round((side === 'long' ? exit - entry : entry - exit) * quantity, 6);
        const net = round(gross - entryFee - exitFee, 6);
        const closedAt = now - i * 3 * 3_600_000;
        insert.run({
          strategy_id: strategy.id,
          user_id: user.id,
          number: count - i,
          symbol,
          side,
          quantity,
          entry_price: entry,
          exit_price: exit,
          entry_fee: entryFee,
          exit_fee: exitFee,
          gross_pnl: gross,
          net_pnl: net,
          return_pct: round((net / (entry * quantity)) * 100, 4),
          opened_at: closedAt - 90 * 60_000,
          closed_at: closedAt,
          entry_signal_ids: JSON.stringify([2 * (count - i)]),
          exit_signal_id: 2 * (count - i) + 1,
          exit_reason: reasons[i % reasons.length],
        });
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Installed before the app loads: notes when each trades response arrived (its last byte, from the resource timing),
 * when the first rows were committed to the DOM and painted, and when the whole list was (the grid's row count).
 */
function recordTradesPaint(total) {
  const record = { responses: [], firstCommit: null, firstPaint: null, wholeCommit: null, wholePaint: null };
  window.tradesRecord = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name.includes('/api/trades'))
        record.responses.push({ end: entry.responseEnd, bytes: entry.encodedBodySize });
  }).observe({ type: 'resource', buffered: true });
  // A task queued from an animation frame runs after that frame is painted.
  const afterPaint = (set) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => set(performance.now());
      channel.port2.postMessage(null);
    });
  const whole = `table[aria-rowcount="${total + 1}"]`;
  const observer = new MutationObserver(() => {
    if (record.firstCommit === null && document.querySelector('[data-slot="trades-table-row"]')) {
      record.firstCommit = performance.now();
      afterPaint((time) => (record.firstPaint = time));
    }
    if (record.wholeCommit === null && document.querySelector(whole)) {
      record.wholeCommit = performance.now();
      afterPaint((time) => (record.wholePaint = time));
      observer.disconnect();
    }
  });
  const start = () =>
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-rowcount'],
    });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** Records a Chrome trace of `run` into DIR/name.trace.json when `--trace DIR` is given. */
async function traced(page, name, run) {
  if (!traceDir) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        ...(traceSamples ? ['disabled-by-default-v8.cpu_profiler'] : []),
        'v8.execute',
        'blink.user_timing',
        'loading',
      ],
    },
  });
  const result = await run();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  const chunks = [];
  for (;;) {
    const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream });
    chunks.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data);
    if (eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  mkdirSync(traceDir, { recursive: true });
  const file = path.join(traceDir, `${name}.trace.json`);
  writeFileSync(file, chunks.join(''));
  console.log(`trace: ${file}`);
  return result;
}

/** Performance > Trades of the real product with 10,000 stored trades, opened LOAD_RUNS times after a warm-up. */
async function measureRealPage() {
  const product = await import('../../../scripts/lib/product.mjs');
  const server = await product.startServer();
  const browser = await product.launchBrowser();
  try {
    const user = await product.registerUser(server.url, { name: 'Bench Trader' });
    const seedStarted = performance.now();
    seedTrades(server.dataDir, user.email, rowCount);
    const seedMs = performance.now() - seedStarted;
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      ['signaldeck.auth', JSON.stringify({ user: { id: 0, name: user.name, email: user.email }, token: user.token })],
    );
    await context.addInitScript(recordTradesPaint, rowCount);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const open = async () => {
      await page.goto('/performance/trades');
      await page.waitForFunction(() => window.tradesRecord?.wholePaint != null, null, { timeout: 120_000 });
      const record = await page.evaluate(() => window.tradesRecord);
      const first = record.responses[0];
      const last = record.responses.at(-1);
      return {
        responses: record.responses.length,
        bytes: record.responses.reduce((sum, response) => sum + response.bytes, 0),
        firstPaint: record.firstPaint - first.end,
        firstCommit: record.firstCommit - first.end,
        wholePaint: record.wholePaint - last.end,
        wholeCommit: record.wholeCommit - last.end,
        navigationToWhole: record.wholePaint,
        firstToLastResponse: last.end - first.end,
      };
    };
    // Warm-up: the first load also compiles the code paths and fills the HTTP cache with the app's files.
    await open();
    const loads = [];
    for (let run = 0; run < LOAD_RUNS; run++) loads.push(await open());
    if (traceDir) await traced(page, 'real-trades-page-load', open);
    const rowsInDom = await page.locator(ROW_SELECTOR).count();
    const countText = await page.locator('[data-slot="trades-table-toolbar"] span').first().innerText();
    await context.close();
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    const of = (key) => median(loads.map((load) => load[key]));
    return {
      storedTrades: rowCount,
      seedSeconds: seedMs / 1000,
      runs: LOAD_RUNS,
      responses: loads[0].responses,
      responseBytes: loads[0].bytes,
      firstResponseToFirstRowsPaintMsMedian: of('firstPaint'),
      firstResponseToFirstRowsPaintMsMax: Math.max(...loads.map((load) => load.firstPaint)),
      firstResponseToFirstRowsCommitMsMedian: of('firstCommit'),
      lastResponseToWholeListPaintMsMedian: of('wholePaint'),
      lastResponseToWholeListPaintMsMax: Math.max(...loads.map((load) => load.wholePaint)),
      lastResponseToWholeListCommitMsMedian: of('wholeCommit'),
      firstToLastResponseMsMedian: of('firstToLastResponse'),
      navigationToWholeListPaintMsMedian: of('navigationToWhole'),
      rowsInDom,
      countText,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;

function print(result) {
  const { loadAverage } = result;
  console.log(
    `(load average ${loadAverage.before[0].toFixed(2)} -> ${loadAverage.after[0].toFixed(2)}, 1-minute, from \`uptime\`)`,
  );
  if (result.paintMsMedian !== undefined) {
    console.log(
      `TradesTable, ${rowCount.toLocaleString('en-US')} trades: first rows painted ${result.paintMsMedian.toFixed(1)} ms ` +
        `after the data (median of ${LOAD_RUNS}; max ${result.paintMsMax.toFixed(1)} ms; target < ${TARGET_MS} ms), ` +
        `${result.maxRowsInDom} rows in the DOM; the whole list built ${result.fullListMsMedian.toFixed(1)} ms after the data`,
    );
  }
  const real = result.realPage;
  if (!real) return;
  console.log(
    `\nThe real Performance > Trades page, ${real.storedTrades.toLocaleString('en-US')} stored trades ` +
      `(seeded in ${real.seedSeconds.toFixed(1)} s), 1280x800, median of ${real.runs} loads`,
  );
  console.log('| measure | value | goal | met |');
  console.log('|---|---|---|---|');
  const rows = [
    [
      'first response to first rows painted',
      ms(real.firstResponseToFirstRowsPaintMsMedian),
      `< ${TARGET_MS} ms`,
      real.firstResponseToFirstRowsPaintMsMedian < TARGET_MS,
    ],
    ['  slowest of the runs', ms(real.firstResponseToFirstRowsPaintMsMax), '', null],
    ['  first rows committed', ms(real.firstResponseToFirstRowsCommitMsMedian), '', null],
    [
      `last response to all ${real.storedTrades.toLocaleString('en-US')} trades painted`,
      ms(real.lastResponseToWholeListPaintMsMedian),
      `< ${TARGET_MS} ms`,
      real.lastResponseToWholeListPaintMsMedian < TARGET_MS,
    ],
    ['  slowest of the runs', ms(real.lastResponseToWholeListPaintMsMax), '', null],
    ['  whole list committed', ms(real.lastResponseToWholeListCommitMsMedian), '', null],
    ...(result.paintMsMedian !== undefined
      ? [['the kit harness in this run: first rows painted (reference)', ms(result.paintMsMedian), '', null]]
      : []),
    [
      `responses (${(real.responseBytes / 1024).toFixed(0)} KiB), first to last`,
      `${real.responses}, ${ms(real.firstToLastResponseMsMedian)}`,
      '',
      null,
    ],
    ['navigation to all trades painted', ms(real.navigationToWholeListPaintMsMedian), '', null],
    ['rows in the DOM', String(real.rowsInDom), '<= 60', real.rowsInDom <= 60],
    ['count shown', real.countText, '', null],
  ];
  for (const [name, value, goal, met] of rows) {
    console.log(`| ${name} | ${value} | ${goal || '-'} | ${met === null ? '-' : met ? 'yes' : 'NO'} |`);
  }
}

const loadBefore = loadavg();
const kit = harness ? await measureHarness() : null;
const real = realPage ? await measureRealPage() : null;
const result = {
  rows: rowCount,
  runs: LOAD_RUNS,
  loadAverage: { before: loadBefore, after: loadavg() },
  ...kit,
  targetMs: TARGET_MS,
  ...(real ? { realPage: real } : {}),
};
print(result);
if (jsonPath) writeFileSync(jsonPath, JSON.stringify(result, null, 2));
if (kit && kit.paintMsMedian >= TARGET_MS) process.exitCode = 1;
