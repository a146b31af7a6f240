#!/usr/bin/env node
/**
 * Chart benchmark: SignalDeck's CandlestickChart (Victory) beside lightweight-charts (the
 * reference) and a hand-rolled SVG renderer (the floor), on the same generated data, in one run of
 * headless Chromium.
 *
 *   node packages/dashboard-kit/bench/chart.bench.mjs [--json results.json] [--quick] [--indicators]
 *   (--indicators: our chart with two overlays, SMA 20 and Bollinger Bands, and the RSI pane on)
 *   (--only paint|live|size: that part alone, so a busy machine disturbs one part at a time)
 *
 * Prints one table (medians; ratios to lightweight-charts) and the results as JSON on the last
 * line of stdout, or into the file given with --json.
 */
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../../../scripts/lib/product.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kit = resolve(here, '..');
const args = process.argv.slice(2);
const jsonPath = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const quick = args.includes('--quick');
const withIndicators = args.includes('--indicators');
/** `--only paint|live|size`: one part of the benchmark alone (the others print n/a). */
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const runs = (part) => only === null || only === part;
const extra = withIndicators ? '&indicators=1' : '';

const RENDERERS = [
  { id: 'ours', name: 'CandlestickChart', entry: 'chart-page/ours.jsx' },
  { id: 'lightweight', name: 'lightweight-charts', entry: 'chart-page/lightweight.jsx' },
  { id: 'floor', name: 'hand-rolled SVG', entry: 'chart-page/floor.jsx' },
];
const HISTORIES = [1_000, 20_000];
const PAINT_RUNS = quick ? 2 : 9;
const ROUNDS = 4;
const TICKS = quick ? 60 : 200;
const CLOSE_EVERY = 50;
/** Closes measured a round on top of those among the ticks (one a round), each after a few edits: a median of 4 was noise. */
const EXTRA_CLOSES = quick ? 2 : 8;
const EDITS_BEFORE_CLOSE = 4;
const MOVES = quick ? 32 : 80;
const log = (message) => process.stderr.write(`${message}\n`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const production = { 'process.env.NODE_ENV': '"production"' };

/**
 * The three pages; React (and the harness) in a chunk they share. Each page lists the chunks its entry
 * imports statically as `modulepreload` links, as Vite writes them into the app's index.html (and its
 * preload helper fetches a lazy route's chunks), so a page's chunks load side by side rather than one
 * after the other as each module is parsed.
 */
async function buildPages(outdir) {
  const result = await build({
    absWorkingDir: kit,
    entryPoints: Object.fromEntries(RENDERERS.map((r) => [r.id, join('bench', r.entry)])),
    bundle: true,
    splitting: true,
    // Tree-shaken as the app's bundler shakes the kit (its "sideEffects" keeps the theme's .css.ts modules).
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    define: production,
    outdir,
    metafile: true,
    logLevel: 'error',
    plugins: [vanillaExtractPlugin({ identifiers: 'short' })],
  });
  const outputs = result.metafile.outputs;
  const staticImports = (name, seen = new Set()) => {
    for (const imported of outputs[name]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !seen.has(imported.path)) {
        seen.add(imported.path);
        staticImports(imported.path, seen);
      }
    }
    return seen;
  };
  for (const { id } of RENDERERS) {
    const entry = Object.keys(outputs).find((name) => name.endsWith(`/${id}.js`));
    const preloads = [...staticImports(entry)]
      .map((name) => `<link rel="modulepreload" href="/${relative(outdir, resolve(kit, name))}">`)
      .join('');
    const css = existsSync(join(outdir, `${id}.css`)) ? `<link rel="stylesheet" href="/${id}.css">` : '';
    await writeFile(
      join(outdir, `${id}.html`),
      `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">${css}${preloads}` +
        `<style>body{margin:0}#chart{width:960px;height:420px}</style></head>` +
        `<body><div id="chart"></div><script type="module" src="/${id}.js"></script></body></html>`,
    );
  }
}

/**
 * Gzip size of a renderer's own code: React (an app already has it) left out, minified, split as an app's bundler
 * splits it. `jsGzip` is what the first paint needs (the entry and the chunks it imports statically); code it
 * imports dynamically (our Indicators menu, loaded after the first paint) is `lazyJsGzip`.
 */
async function chunkSizes() {
  const entries = {
    ours: { entryPoints: ['src/components/CandlestickChart/index.ts'] },
    lightweight: {
      stdin: {
        contents: "export { createChart, CandlestickSeries, HistogramSeries } from 'lightweight-charts';",
        resolveDir: kit,
      },
    },
    floor: { entryPoints: ['bench/chart-page/floor.jsx'] },
  };
  const outdir = join(tmpdir(), 'chart-size');
  const sizes = {};
  for (const [id, input] of Object.entries(entries)) {
    const result = await build({
      ...input,
      absWorkingDir: kit,
      bundle: true,
      format: 'esm',
      splitting: true,
      minify: true,
      target: 'es2022',
      jsx: 'automatic',
      define: production,
      write: false,
      metafile: true,
      outdir,
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      logLevel: 'error',
      plugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    });
    const gzipOf = new Map(
      result.outputFiles.map((file) => [relative(kit, file.path), gzipSync(file.contents, { level: 9 }).length]),
    );
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint !== undefined && name.endsWith('.js'));
    const eager = new Set();
    const visit = (name) => {
      if (eager.has(name)) return;
      eager.add(name);
      for (const imported of outputs[name]?.imports ?? []) {
        if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
      }
    };
    visit(entry);
    const js = Object.keys(outputs).filter((name) => name.endsWith('.js'));
    const sum = (names) => names.reduce((total, name) => total + (gzipOf.get(name) ?? 0), 0);
    sizes[id] = {
      jsGzip: sum(js.filter((name) => eager.has(name))),
      lazyJsGzip: sum(js.filter((name) => !eager.has(name))),
      cssGzip: sum(Object.keys(outputs).filter((name) => name.endsWith('.css'))),
    };
  }
  return sizes;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(root) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    try {
      const body = await readFile(join(root, path === '/' ? 'index.html' : path));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolvePromise) => server.listen(0, '127.0.0.1', () => resolvePromise(server)));
}

async function heapUsed(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** First paint: fresh page loads, renderers interleaved so machine noise hits them alike. */
async function measurePaint(context, origin, results) {
  for (const n of HISTORIES) {
    for (let run = 0; run < PAINT_RUNS; run++) {
      for (const { id } of RENDERERS) {
        const page = await context.newPage();
        await page.goto(`${origin}/${id}.html?n=${n}${extra}`);
        const paint = await page
          .waitForFunction(() => window.__paint, null, { timeout: 30_000 })
          .then((h) => h.jsonValue());
        await page.close();
        const entry = (results[id][n] ??= { navigationToPaint: [], mountToPaint: [] });
        entry.navigationToPaint.push(paint.navigationToPaint);
        entry.mountToPaint.push(paint.mountToPaint);
        entry.dom = paint.dom;
      }
    }
    log(`  first paint, ${n} candles: done`);
  }
}

/**
 * Heap, live ticks and crosshair moves, one page per renderer, in rounds that alternate between the
 * renderers (the page in front runs; the others wait), so load from elsewhere falls on all three. Each round
 * also times EXTRA_CLOSES more candle closes, after the heap is read, for the close's median.
 */
async function measureLive(context, origin, n, results) {
  const pages = [];
  for (const { id } of RENDERERS) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${origin}/${id}.html?n=${n}&defer=1${extra}`);
    await page.waitForFunction(() => window.__bench);
    const before = await heapUsed(cdp);
    await page.evaluate(() => window.__bench.mount());
    const mounted = await heapUsed(cdp);
    const entry = results[id][n];
    Object.assign(entry, {
      heapChartMB: (mounted - before) / 2 ** 20,
      heapGrowthMB: 0,
      tickEdits: [],
      tickCloses: [],
      crosshair: [],
    });
    pages.push({ id, page, cdp, entry });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const { page, cdp, entry } of pages) {
      await page.bringToFront();
      const start = await heapUsed(cdp);
      const ticks = await page.evaluate(
        ([count, every]) => window.__bench.ticks(count, every),
        [TICKS / ROUNDS, CLOSE_EVERY],
      );
      entry.heapGrowthMB += ((await heapUsed(cdp)) - start) / 2 ** 20;
      entry.tickEdits.push(...ticks.edits);
      entry.tickCloses.push(...ticks.closes);
      entry.tickCloses.push(
        ...(await page.evaluate(
          ([count, edits]) => window.__bench.closes(count, edits),
          [EXTRA_CLOSES, EDITS_BEFORE_CLOSE],
        )),
      );
      await page.mouse.move(5, 5);
      await page.evaluate(() => window.__bench.resetProbe());
      for (let i = 0; i < MOVES / ROUNDS; i++) {
        const move = round * (MOVES / ROUNDS) + i;
        await page.mouse.move(60 + ((move * 9) % 700), 80 + ((move * 37) % 200));
        await page.evaluate((count) => window.__bench.waitProbe(count), i + 1);
      }
      entry.crosshair.push(...(await page.evaluate(() => window.__bench.probeSamples())));
    }
  }
  for (const { page, entry } of pages) {
    entry.domAfterTicks = await page.evaluate(() => window.__bench.dom());
    await page.close();
  }
}

function summarise(results, sizes) {
  const summary = {};
  for (const { id } of RENDERERS) {
    const r = results[id];
    summary[id] = {
      chunkGzipKB: sizes[id].jsGzip / 1024,
      lazyChunkGzipKB: sizes[id].lazyJsGzip / 1024,
      cssGzipKB: sizes[id].cssGzip / 1024,
    };
    for (const n of HISTORIES) {
      const e = r[n];
      summary[id][n] = {
        firstPaintMs: median(e.navigationToPaint),
        mountToPaintMs: median(e.mountToPaint),
        tickP50Ms: percentile(e.tickEdits, 50),
        tickP95Ms: percentile(e.tickEdits, 95),
        ticksWithinFramePct: (100 * e.tickEdits.filter((t) => t <= 16.7).length) / e.tickEdits.length,
        candleCloseMedianMs: median(e.tickCloses),
        crosshairP50Ms: percentile(e.crosshair, 50),
        crosshairP95Ms: percentile(e.crosshair, 95),
        domElements: e.dom,
        domElementsAfterTicks: e.domAfterTicks,
        heapChartMB: e.heapChartMB,
        heapGrowthMB: e.heapGrowthMB,
      };
    }
  }
  return summary;
}

function printTable(summary) {
  const rows = [];
  const fmt = (v, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  const metrics = [
    ['first paint, navigation to chart (ms)', 'firstPaintMs', '<= 1.2x LWC'],
    ['  of which mount to paint (ms)', 'mountToPaintMs', ''],
    ['live tick p50 (ms)', 'tickP50Ms', ''],
    ['live tick p95 (ms)', 'tickP95Ms', '<= 16.7'],
    ['live ticks within a frame (%)', 'ticksWithinFramePct', ''],
    ['candle close, median (ms)', 'candleCloseMedianMs', ''],
    ['crosshair move p50 (ms)', 'crosshairP50Ms', ''],
    ['crosshair move p95 (ms)', 'crosshairP95Ms', '<= 8'],
    ['DOM elements', 'domElements', '<= 1000', 0],
    ['heap of the mounted chart (MB)', 'heapChartMB', '', 2],
    [`heap growth after ${TICKS} ticks (MB)`, 'heapGrowthMB', '<= 5', 2],
  ];
  for (const n of HISTORIES) {
    for (const [label, key, goal, digits] of metrics) {
      const [ours, lwc, floor] = RENDERERS.map(({ id }) => summary[id][n][key]);
      rows.push([
        `${label} @${n.toLocaleString('en-US')}`,
        fmt(ours, digits),
        fmt(lwc, digits),
        fmt(floor, digits),
        ratio(ours, lwc),
        goal,
      ]);
    }
  }
  const [ours, lwc, floor] = RENDERERS.map(({ id }) => summary[id].chunkGzipKB);
  rows.push(['chart chunk, JS gzip (KB)', fmt(ours), fmt(lwc), fmt(floor), ratio(ours, lwc), '<= 90']);
  rows.push(['loaded after first paint, JS gzip (KB)', fmt(summary.ours.lazyChunkGzipKB), '-', '-', '', '']);
  rows.push(['chart CSS gzip (KB)', fmt(summary.ours.cssGzipKB), '-', '-', '', '']);
  const header = ['metric', 'CandlestickChart', 'lightweight-charts', 'SVG floor', 'ours/LWC', 'goal'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => console.log(line(r)));
  console.log('Times are main-thread work per update (the wait for the frame left out); below 1x beats the reference.');
}

async function main() {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const outdir = await mkdtemp(join(tmpdir(), 'signaldeck-chart-bench-'));
  let server;
  let browser;
  try {
    log('building pages…');
    await buildPages(outdir);
    const sizes = await chunkSizes();
    server = await serve(outdir);
    const origin = `http://127.0.0.1:${server.address().port}`;
    // Debian's Chromium with the project's flags and a fresh profile.
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1100, height: 600 } });
    const results = Object.fromEntries(RENDERERS.map(({ id }) => [id, {}]));
    for (const { id } of RENDERERS) {
      for (const n of HISTORIES) {
        results[id][n] = { navigationToPaint: [], mountToPaint: [], tickEdits: [], tickCloses: [], crosshair: [] };
      }
    }
    if (runs('paint')) await measurePaint(context, origin, results);
    for (const n of HISTORIES) {
      if (!runs('live')) break;
      await measureLive(context, origin, n, results);
      log(`  live ticks, crosshair and heap, ${n} candles: done`);
    }
    const summary = summarise(results, sizes);
    const seconds = (Date.now() - started) / 1000;
    printTable(summary);
    // Figures from a busy machine are noisy; the load says how busy it was.
    const load = { before: loadBefore, after: loadavg()[0] };
    console.log(`1-minute load average: ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after.`);
    const json = JSON.stringify({
      bench: 'chart',
      date: new Date().toISOString(),
      seconds,
      load,
      settings: {
        histories: HISTORIES,
        paintRuns: PAINT_RUNS,
        ticks: TICKS,
        closeEvery: CLOSE_EVERY,
        extraClosesPerRound: EXTRA_CLOSES,
        editsBeforeClose: EDITS_BEFORE_CLOSE,
        moves: MOVES,
      },
      renderers: Object.fromEntries(RENDERERS.map(({ id, name }) => [id, name])),
      results: summary,
    });
    if (jsonPath) {
      await writeFile(jsonPath, `${json}\n`);
      log(`results written to ${jsonPath} (${seconds.toFixed(0)} s)`);
    } else {
      console.log(json);
    }
  } finally {
    await browser?.close();
    server?.close();
    await rm(outdir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
