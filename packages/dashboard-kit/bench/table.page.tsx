// The page the signals-table benchmark loads (bundled by table.bench.mjs, not part of the kit).
// It exposes window.signalsBench for the driver: each step resolves once its frames are painted.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { SignalsTable } from '../src/components/SignalsTable';
import { generateSignals } from '../src/components/SignalsTable/fixtures';
import type { SignalRow } from '../src/components/SignalsTable';
import '../src/theme/themes.css';
import '../src/theme/global.css';

const ROW_SELECTOR = '[data-slot="signals-table-row"]';

let setSignals: (signals: SignalRow[]) => void = () => {};

function BenchPage() {
  const [signals, set] = useState<SignalRow[]>([]);
  const [loading, setLoading] = useState(true);
  setSignals = (next) => {
    setLoading(false);
    set(next);
  };
  return <SignalsTable signals={signals} loading={loading && signals.length === 0} style={{ height: '720px' }} />;
}

/** Resolves after the next frame has been painted (a task queued from rAF runs after paint). */
const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );

/** Resolves with the time the first data row was committed to the DOM. */
const firstRowCommitted = () =>
  new Promise<number>((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector(ROW_SELECTOR)) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });

let dataset: SignalRow[] = [];

const bench = {
  generate(count: number) {
    dataset = generateSignals(count, { now: Date.now() });
    return dataset.length;
  },

  /** Clears the table, then hands it the data set: ms to the first rows committed and painted. */
  async load() {
    flushSync(() => setSignals([]));
    await afterPaint();
    const committed = firstRowCommitted();
    const start = performance.now();
    // A fresh array each run, as a new API response would be.
    setSignals(dataset.slice());
    const commitAt = await committed;
    const paintAt = await afterPaint();
    // Long lists arrive in two steps (first screen, then the rest): time the whole list too.
    const full = `table[aria-rowcount="${dataset.length + 1}"]`;
    while (!document.querySelector(full)) await new Promise((resolve) => setTimeout(resolve, 1));
    const fullAt = await afterPaint();
    return { commit: commitAt - start, paint: paintAt - start, full: fullAt - start };
  },

  /** Scrolls back to the top, where live signals appear. */
  async toTop() {
    const scroller = document.querySelector<HTMLElement>('[data-slot="signals-table-scroller"]');
    if (scroller) scroller.scrollTop = 0;
    await afterPaint();
    await afterPaint();
  },

  /** Animation frames with nothing to do: the floor this machine and browser reach right now. */
  async idle(frames: number) {
    const deltas: number[] = [];
    let previous = 0;
    await new Promise<void>((resolve) => {
      let frame = 0;
      const tick = (now: number) => {
        if (previous) deltas.push(now - previous);
        previous = now;
        if (frame++ >= frames) return resolve();
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return { deltas, maxRows: 0, maxElements: 0, distance: 0 };
  },

  /** One new signal at the top of the full list, as the live stream delivers it: ms to painted. */
  async prepend(sequence: number) {
    const [signal] = generateSignals(1, { now: Date.now(), seed: 1_000 + sequence, idPrefix: `live-${sequence}` });
    dataset = [signal as SignalRow, ...dataset];
    const start = performance.now();
    setSignals(dataset);
    await new Promise<void>((resolve) => {
      const check = () =>
        document.querySelector(`[data-row-id="${signal?.id}"]`) ? resolve() : requestAnimationFrame(check);
      check();
    });
    return (await afterPaint()) - start;
  },

  /**
   * Scrolls the table by `rowsPerFrame` rows on every animation frame for `frames` frames and
   * records the time between frames and the largest number of rows in the DOM.
   */
  async scroll(frames: number, rowsPerFrame: number) {
    const scroller = document.querySelector<HTMLElement>('[data-slot="signals-table-scroller"]');
    if (!scroller) throw new Error('no scroller');
    scroller.scrollTop = 0;
    await afterPaint();
    // Read the geometry once: reading it inside the loop would force a layout every frame.
    const end = scroller.scrollHeight - scroller.clientHeight;
    const step = rowsPerFrame * 40;
    let position = 0;
    const deltas: number[] = [];
    let maxRows = 0;
    let maxElements = 0;
    let previous = 0;
    await new Promise<void>((resolve) => {
      let frame = 0;
      const tick = (now: number) => {
        if (previous) deltas.push(now - previous);
        previous = now;
        const rows = scroller.querySelectorAll(ROW_SELECTOR).length;
        if (rows > maxRows) maxRows = rows;
        if (frame % 30 === 0) maxElements = Math.max(maxElements, scroller.getElementsByTagName('*').length);
        if (frame++ >= frames) return resolve();
        position = position + step > end ? 0 : position + step;
        scroller.scrollTop = position;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return { deltas, maxRows, maxElements, distance: frames * step };
  },

  domElements: () => document.getElementsByTagName('*').length,
};

declare global {
  interface Window {
    signalsBench: typeof bench;
  }
}

window.signalsBench = bench;
createRoot(document.getElementById('root')!).render(<BenchPage />);
