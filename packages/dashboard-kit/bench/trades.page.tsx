// The page the trades-table benchmark loads (bundled by trades.bench.mjs, not part of the kit).
// It exposes window.tradesBench for the driver: each step resolves once its frames are painted.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { TradesTable, type TradeRow } from '../src/components/TradesTable';
import { generateTrades } from '../src/components/TradesTable/fixtures';
import '../src/theme/themes.css';
import '../src/theme/global.css';

const ROW_SELECTOR = '[data-slot="trades-table-row"]';

let setTrades: (trades: TradeRow[]) => void = () => {};

function BenchPage() {
  const [trades, set] = useState<TradeRow[]>([]);
  const [loading, setLoading] = useState(true);
  setTrades = (next) => {
    setLoading(false);
    set(next);
  };
  return (
    <TradesTable
      trades={trades}
      loading={loading && trades.length === 0}
      getTradeLinks={(trade) => [
        { label: 'Signals', href: `/signals?signal=${trade.entrySignalId ?? ''}` },
        { label: 'Chart', href: `/trading/${trade.symbol}/1m?at=${trade.entryTime}` },
      ]}
      style={{ height: '720px' }}
    />
  );
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

let dataset: TradeRow[] = [];

const bench = {
  generate(count: number) {
    dataset = generateTrades(count, { now: Date.now(), open: 3 });
    return dataset.length;
  },

  /** Clears the table, then hands it the trades: ms to the first rows committed and painted. */
  async load() {
    flushSync(() => setTrades([]));
    await afterPaint();
    const start = performance.now();
    // A fresh array each run, as a new API response would be.
    flushSync(() => setTrades(dataset.slice()));
    const commitAt = performance.now();
    const rows = document.querySelectorAll(ROW_SELECTOR).length;
    const paintAt = await afterPaint();
    // Long lists arrive in two steps (first screens, then the rest): time the whole list too.
    const full = `table[aria-rowcount="${dataset.length + 1}"]`;
    while (!document.querySelector(full)) await new Promise((resolve) => setTimeout(resolve, 1));
    const fullAt = await afterPaint();
    return { commit: commitAt - start, paint: paintAt - start, full: fullAt - start, rowsInDom: rows };
  },
};

declare global {
  interface Window {
    tradesBench: typeof bench;
  }
}

window.tradesBench = bench;
createRoot(document.getElementById('root') as HTMLElement).render(<BenchPage />);
