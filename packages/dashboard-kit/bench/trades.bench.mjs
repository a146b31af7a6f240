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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import * as bench from './real-page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOAD_RUNS = 7;
const TARGET_MS = 300;
const ROW_SELECTOR = '[data-slot="trades-table-row"]';

const { jsonPath, harness, realPage, traceDir, traceSamples } = bench.benchOptions();
const rowCount = Number(bench.option('--rows', '10000'));

/** The kit's TradesTable alone on a page, handed 10,000 generated trades at once. */
async function measureHarness() {
  const workdir = mkdtempSync(path.join(tmpdir(), 'trades-bench-'));
  const outdir = path.join(workdir, 'www');
  let server;
  let browser;
  try {
    await bench.bundleHarness(path.join(here, 'trades.page.tsx'), outdir);
    server = await bench.serveHarness(outdir, 'TradesTable benchmark');
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
      commitMsMedian: bench.median(loads.map((load) => load.commit)),
      paintMsMedian: bench.median(loads.map((load) => load.paint)),
      paintMsMax: Math.max(...loads.map((load) => load.paint)),
      fullListMsMedian: bench.median(loads.map((load) => load.full)),
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

/** Performance > Trades of the real product with 10,000 stored trades, opened LOAD_RUNS times after a warm-up. */
async function measureRealPage() {
  const seed = (dataDir, email) => seedTrades(dataDir, email, rowCount);
  const initScripts = [[recordTradesPaint, rowCount]];
  return bench.withRealPage({ seed, initScripts }, async ({ page, context, errors, seedSeconds }) => {
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
    if (traceDir) {
      const cdp = await context.newCDPSession(page);
      await bench.traced(cdp, { dir: traceDir, samples: traceSamples }, 'real-trades-page-load', open);
    }
    const rowsInDom = await page.locator(ROW_SELECTOR).count();
    const countText = await page.locator('[data-slot="trades-table-toolbar"] span').first().innerText();
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    const of = (key) => bench.median(loads.map((load) => load[key]));
    return {
      storedTrades: rowCount,
      seedSeconds,
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
  });
}

function print(result) {
  const { loadAverage } = result;
  console.log(`(${bench.loadText(loadAverage)})`);
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
  bench.printTable([
    [
      'first response to first rows painted',
      bench.ms(real.firstResponseToFirstRowsPaintMsMedian),
      `< ${TARGET_MS} ms`,
      real.firstResponseToFirstRowsPaintMsMedian < TARGET_MS,
    ],
    ['  slowest of the runs', bench.ms(real.firstResponseToFirstRowsPaintMsMax), '', null],
    ['  first rows committed', bench.ms(real.firstResponseToFirstRowsCommitMsMedian), '', null],
    [
      `last response to all ${real.storedTrades.toLocaleString('en-US')} trades painted`,
      bench.ms(real.lastResponseToWholeListPaintMsMedian),
      `< ${TARGET_MS} ms`,
      real.lastResponseToWholeListPaintMsMedian < TARGET_MS,
    ],
    ['  slowest of the runs', bench.ms(real.lastResponseToWholeListPaintMsMax), '', null],
    ['  whole list committed', bench.ms(real.lastResponseToWholeListCommitMsMedian), '', null],
    ...(result.paintMsMedian !== undefined
      ? [['the kit harness in this run: first rows painted (reference)', bench.ms(result.paintMsMedian), '', null]]
      : []),
    [
      `responses (${(real.responseBytes / 1024).toFixed(0)} KiB), first to last`,
      `${real.responses}, ${bench.ms(real.firstToLastResponseMsMedian)}`,
      '',
      null,
    ],
    ['navigation to all trades painted', bench.ms(real.navigationToWholeListPaintMsMedian), '', null],
    ['rows in the DOM', String(real.rowsInDom), '<= 60', real.rowsInDom <= 60],
    ['count shown', real.countText, '', null],
  ]);
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
