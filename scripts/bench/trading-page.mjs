#!/usr/bin/env node
// The chart benchmark on the real trading page: the built server with its demo market, a signed-in
// user, `/trading/BTC/1m` in Chromium at 1280x800. It measures what the trader gets:
// - first paint: navigation start to the first frame with the candles drawn (median of runs);
// - live ticks: the main-thread work each live tick of the real stream costs (every renderer task
//   of one tick, from a Chromium trace), p50 and p95 over the ticks of a minute or so;
// - crosshair: for each real pointer move over the plot, the listeners' work plus the frame that
//   shows it (the kit benchmark's probe), p50 and p95.
// Usage: node scripts/bench/trading-page.mjs [--quick] [--json out.json] [--indicators]
// --indicators: the chart with two overlays (SMA 20, Bollinger Bands) and one pane (RSI 14) on.
import { writeFileSync } from 'node:fs';
import { launchBrowser, registerUser, startServer } from '../lib/product.mjs';

const quick = process.argv.includes('--quick');
const indicators = process.argv.includes('--indicators');
const jsonAt = process.argv.indexOf('--json');
const jsonPath = jsonAt > 0 ? process.argv[jsonAt + 1] : null;
const PAINT_RUNS = quick ? 3 : 7;
const TICK_SECONDS = quick ? 20 : 60;
const MOVES = quick ? 100 : 300;

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;

/** The kit benchmark's input probe: per pointer move, listener work plus the frame that shows the result. */
const INPUT_PROBE = `(() => {
  const samples = [];
  window.__probe = samples;
  const afterFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback();
    channel.port2.postMessage(null);
  };
  let current = null;
  window.addEventListener('pointermove', () => {
    const sample = { start: performance.now(), end: 0 };
    current = sample;
    requestAnimationFrame(() => {
      const frameStart = performance.now();
      afterFrame(() => {
        samples.push(sample.end - sample.start + (performance.now() - frameStart));
      });
    });
  }, { capture: true });
  window.addEventListener('mousemove', () => { if (current) current.end = performance.now(); });
})();`;

/** Renderer main-thread tasks from a trace, as [start ms, duration ms]. */
function mainThreadTasks(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  return events
    .filter((e) => e.ph === 'X' && /(^|::)RunTask$/.test(e.name) && e.pid === main.pid && e.tid === main.tid)
    .map((e) => [e.ts / 1000, e.dur / 1000])
    .sort((a, b) => a[0] - b[0])
    .filter(
      // Top-level tasks only: one nested in another is already in its duration.
      (task, i, all) => !all.slice(Math.max(0, i - 8), i).some(([start, duration]) => start + duration > task[0]),
    );
}

/** Tasks in bursts (a tick and the frames it causes), split where the main thread idles 250 ms. */
function burstsOf(tasks) {
  const bursts = [];
  let current = null;
  for (const [start, duration] of tasks) {
    if (!current || start - current.end > 250) {
      current = { start, end: start + duration, work: 0 };
      bursts.push(current);
    }
    current.work += duration;
    current.end = Math.max(current.end, start + duration);
  }
  return bursts;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const user = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([auth]) => localStorage.setItem('signaldeck.auth', auth),
    [JSON.stringify({ user: { id: 0, name: user.name, email: user.email }, token: user.token })],
  );
  if (indicators) {
    // The trader's stored chart settings for BTC, under whichever user the page is signed in as.
    await context.addInitScript(() => {
      const auth = JSON.parse(localStorage.getItem('signaldeck.auth') ?? '{}');
      const settings = { indicators: { sma: 20, ema: null, bollinger: true, vwap: false, rsi: true, macd: false } };
      localStorage.setItem(`signaldeck.chart.${auth.user?.id ?? 'anonymous'}.BTC`, JSON.stringify(settings));
    });
  }
  await context.addInitScript(INPUT_PROBE);
  await context.addInitScript(() => {
    // The first frame with candles on screen.
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-slot="candle"]')) {
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__candlesPaintedAt = performance.now();
        });
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();

  // First paint: a warm-up load, then fresh navigations.
  const paints = [];
  for (let run = 0; run <= PAINT_RUNS; run++) {
    await page.goto('/trading/BTC/1m');
    await page.waitForFunction(() => window.__candlesPaintedAt !== undefined, null, { timeout: 30_000 });
    if (run > 0) paints.push(await page.evaluate(() => window.__candlesPaintedAt));
  }
  await page.waitForTimeout(2_000);

  // Live ticks: trace the renderer while the stream ticks, with the pointer away from the chart.
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline', transferMode: 'ReportEvents' });
  await page.waitForTimeout(TICK_SECONDS * 1_000);
  await cdp.send('Tracing.end');
  await traced;
  // Each burst is one tick; the first and last may be cut by the trace's ends.
  const ticks = burstsOf(mainThreadTasks(events))
    .slice(1, -1)
    .map((burst) => burst.work);
  // Crosshair: real pointer moves across the plot.
  const plot = await page.getByRole('slider', { name: 'Crosshair' }).boundingBox();
  await page.evaluate(() => (window.__probe.length = 0));
  for (let i = 0; i < MOVES; i++) {
    const x = plot.x + 10 + ((i * 7) % (plot.width - 20));
    const y = plot.y + 20 + ((i * 13) % (plot.height - 40));
    await page.mouse.move(x, y);
  }
  await page.waitForTimeout(500);
  const moves = await page.evaluate(() => window.__probe.slice());

  const figures = {
    page: '/trading/BTC/1m at 1280x800',
    firstPaintMedianMs: round(percentile(paints, 50)),
    liveTicks: ticks.length,
    tickP50Ms: round(percentile(ticks, 50)),
    tickP95Ms: round(percentile(ticks, 95)),
    ticksWithinFramePct: round((100 * ticks.filter((t) => t <= 16.7).length) / ticks.length),
    crosshairMoves: moves.length,
    crosshairP50Ms: round(percentile(moves, 50)),
    crosshairP95Ms: round(percentile(moves, 95)),
  };
  console.log('| measure on the real page | value | goal |');
  console.log('| --- | --- | --- |');
  console.log(
    `| first paint, navigation to candles drawn (median of ${paints.length}) | ${figures.firstPaintMedianMs} ms | |`,
  );
  console.log(
    `| live tick p50 / p95 (${ticks.length} ticks) | ${figures.tickP50Ms} / ${figures.tickP95Ms} ms | p95 <= 16.7 ms |`,
  );
  console.log(`| live ticks within a frame | ${figures.ticksWithinFramePct} % | |`);
  console.log(
    `| crosshair move p50 / p95 (${moves.length} moves) | ${figures.crosshairP50Ms} / ${figures.crosshairP95Ms} ms | p95 <= 8 ms |`,
  );
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify(figures, null, 2));
  else console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
