// Shared by the three benchmark pages: the same data, the same ticks, the same timing. Each page
// is a React page (as a SignalDeck pair page is), so all three pay for React alike.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  openNextCandle,
  sampleCandles,
  seededRandom,
  tickCandle,
} from '../../src/components/CandlestickChart/fixtures.ts';

export const WIDTH = 960;
export const HEIGHT = 420;
export const MINUTE = 60_000;

const params = new URLSearchParams(location.search);

/** Runs `callback` as a task right after the current frame's style, layout and paint. */
function afterFrame(callback) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => callback();
  channel.port2.postMessage(null);
}

const frameDone = () => new Promise((resolve) => requestAnimationFrame(() => afterFrame(resolve)));

/**
 * Main-thread work of one update: the synchronous part (`apply`) plus the next frame's work
 * (animation-frame callbacks, where canvas libraries draw, then style, layout and paint). The idle
 * wait for the frame is left out, so a figure is comparable to the 16.7 ms frame budget.
 */
async function timeUpdate(apply) {
  await frameDone();
  let frameStart = 0;
  const frameEnd = new Promise((resolve) =>
    requestAnimationFrame(() => {
      frameStart = performance.now();
      afterFrame(() => resolve(performance.now()));
    }),
  );
  const start = performance.now();
  apply();
  const synchronous = performance.now() - start;
  return synchronous + ((await frameEnd) - frameStart);
}

/**
 * Input probe: for each real pointer move, the time from the first pointermove listener to the
 * last mousemove listener, plus the work of the frame that shows the result.
 */
function installInputProbe() {
  const samples = [];
  let current = null;
  const waiters = [];
  window.addEventListener(
    'pointermove',
    () => {
      const sample = { start: performance.now(), end: 0 };
      current = sample;
      requestAnimationFrame(() => {
        const frameStart = performance.now();
        afterFrame(() => {
          samples.push(sample.end - sample.start + (performance.now() - frameStart));
          while (waiters.length && waiters[0].count <= samples.length) waiters.shift().resolve();
        });
      });
    },
    { capture: true },
  );
  window.addEventListener('mousemove', () => {
    if (current) current.end = performance.now();
  });
  return {
    samples,
    waitFor(count) {
      if (samples.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push({ count, resolve });
        setTimeout(resolve, 1000);
      });
    },
  };
}

/**
 * Starts a benchmark page for one renderer: `render(candles)` gives the React element that shows
 * the chart, `update(candles, kind)` applies a live tick (`'edit'` or `'close'`). With `?defer=1`
 * the driver mounts it (so it can read the heap first); otherwise it mounts at once and records
 * first paint.
 */
export function startBench(renderer) {
  const count = Number(params.get('n') ?? 1000);
  let candles = sampleCandles({ count });
  const container = document.getElementById('chart');
  const probe = installInputProbe();
  const random = seededRandom(99);
  let tickNumber = 0;

  const mount = () =>
    new Promise((resolve) => {
      const start = performance.now();
      const root = createRoot(container);
      flushSync(() => root.render(renderer.render(candles)));
      requestAnimationFrame(() =>
        afterFrame(() => {
          const now = performance.now();
          resolve({ navigationToPaint: now, mountToPaint: now - start, dom: container.querySelectorAll('*').length });
        }),
      );
    });

  /** One live tick, timed: it edits the forming candle, or closes it and opens a new one. */
  const tick = (closing) => {
    const last = candles[candles.length - 1];
    const next = closing
      ? [...candles, openNextCandle(last, MINUTE)]
      : [...candles.slice(0, -1), tickCandle(last, random)];
    candles = next;
    return timeUpdate(() => renderer.update(next, closing ? 'close' : 'edit'));
  };

  window.__bench = {
    mount,
    dom: () => container.querySelectorAll('*').length,
    /** `count` live ticks; every `closeEvery`-th tick of the page closes the candle and opens a new one. */
    async ticks(tickCount, closeEvery) {
      const edits = [];
      const closes = [];
      for (let i = 1; i <= tickCount; i++) {
        const closing = ++tickNumber % closeEvery === 0;
        (closing ? closes : edits).push(await tick(closing));
      }
      return { edits, closes };
    },
    /**
     * `count` more candle closes, each after `editsBefore` live ticks (whose times are left out), so the
     * close's median is taken over more than the few closes of `ticks`.
     */
    async closes(count, editsBefore) {
      const closes = [];
      for (let i = 0; i < count; i++) {
        for (let j = 0; j < editsBefore; j++) await tick(false);
        closes.push(await tick(true));
      }
      return closes;
    },
    probeSamples: () => probe.samples.slice(),
    waitProbe: (n) => probe.waitFor(n),
    resetProbe: () => {
      probe.samples.length = 0;
    },
  };
  if (params.get('defer') !== '1') mount().then((result) => (window.__paint = result));
}
