// What the table benchmarks (table.bench.mjs, trades.bench.mjs) share: their command-line options, the kit
// harness page (bundled with esbuild and served on a local port), Chrome traces, the real product's page
// (the built server with a fresh data directory, a seeded trader signed in, in Chromium) and the printed tables.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';

/** The value after `name` on the command line, or `fallback`. */
export function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}

/** The options both benchmarks take: `--json FILE`, `--no-harness`, `--no-real-page`, `--trace DIR`, `--trace-js`. */
export function benchOptions() {
  return {
    jsonPath: option('--json', null),
    harness: !process.argv.includes('--no-harness'),
    realPage: !process.argv.includes('--no-real-page'),
    /** A directory to write Chrome traces to (open them in DevTools' Performance panel). */
    traceDir: option('--trace', null),
    /** JavaScript samples in the traces too: they name the functions, but slow the page down noticeably. */
    traceSamples: process.argv.includes('--trace-js'),
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Bundles the harness page `entry` (a `*.page.tsx` beside this file) into `outdir` as page.js and page.css. */
export async function bundleHarness(entry, outdir) {
  await build({
    entryPoints: { page: entry },
    bundle: true,
    outdir,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    conditions: ['source'],
    // The kit's `sideEffects` lists `*.css` only, which would drop the theme's bare `.css.ts` imports.
    ignoreAnnotations: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    logLevel: 'warning',
  });
}

const harnessHtml = (title) => `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/page.css">
<title>${title}</title>
</head>
<body><div id="root" style="padding:16px"></div><script type="module" src="/page.js"></script></body>
</html>`;

/** Serves the bundled harness in `outdir` on a free local port, its page titled `title`; resolves to the server. */
export function serveHarness(outdir, title) {
  const types = { '.js': 'text/javascript', '.css': 'text/css' };
  const html = harnessHtml(title);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
      return;
    }
    const file = path.join(outdir, path.basename(url.pathname));
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Runs `run` while Chrome records a trace of the page (timeline, and JavaScript samples with `samples`) through
 * the CDP session `cdp`, written to `dir/name.trace.json`; without `dir`, just runs it.
 */
export async function traced(cdp, { dir, samples }, name, run) {
  if (!dir) return run();
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        ...(samples ? ['disabled-by-default-v8.cpu_profiler'] : []),
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
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.trace.json`);
  writeFileSync(file, chunks.join(''));
  console.log(`trace: ${file}`);
  return result;
}

/**
 * The real product for one measurement: starts the built server (fresh data directory) and Chromium, registers
 * a trader, lets `seed(dataDir, email)` store its data (timed), and opens a 1280x800 page signed in as that
 * trader, with `initScripts` ([script, argument] pairs) run before the app; then calls
 * `measure({ page, context, server, user, errors, seedSeconds })` and stops everything, whatever happens.
 */
export async function withRealPage({ seed, initScripts = [] }, measure) {
  const product = await import('../../../scripts/lib/product.mjs');
  const server = await product.startServer();
  const browser = await product.launchBrowser();
  try {
    const user = await product.registerUser(server.url, { name: 'Bench Trader' });
    const seedStarted = performance.now();
    seed(server.dataDir, user.email, product);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      ['signaldeck.auth', JSON.stringify({ user: { id: 0, name: user.name, email: user.email }, token: user.token })],
    );
    for (const [script, argument] of initScripts) await context.addInitScript(script, argument);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      return await measure({ page, context, server, user, errors, seedSeconds });
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const ms = (value) => `${value.toFixed(1)} ms`;

/** The load average before and after, as the benchmarks print it. */
export const loadText = ({ before, after }) =>
  `load average ${before[0].toFixed(2)} -> ${after[0].toFixed(2)}, 1-minute, from \`uptime\``;

/** Prints [measure, value, goal, met] rows as a Markdown table (`met` null: no goal). */
export function printTable(rows) {
  console.log('| measure | value | goal | met |');
  console.log('|---|---|---|---|');
  for (const [name, value, goal, met] of rows) {
    console.log(`| ${name} | ${value} | ${goal || '-'} | ${met === null ? '-' : met ? 'yes' : 'NO'} |`);
  }
}
