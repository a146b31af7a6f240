import { useLayoutEffect, useRef, useState } from 'react';
import { FRESH_BATCH_MAX, FRESH_ROW_MS } from './layout';
import type { SignalRow } from './types';

const NONE: ReadonlyMap<string, number> = new Map();

interface Baseline {
  /** The latest `receivedAt` shown so far. */
  newest: number;
  /** The row that has it, to tell a grown list from a replaced one. */
  newestId: string | null;
}

/**
 * Which rows arrived after the table first showed data, and when (ms since the epoch).
 *
 * A row is fresh when it was received after every row shown so far: live signals qualify, older
 * pages appended by infinite loading do not. A list that no longer holds the newest row shown so
 * far (another ticker, a reload), or that gained more rows at once than live alerts bring (a page
 * loaded into an empty table), starts a new baseline instead of lighting up. Nothing is tracked
 * until `ready` (data loaded, no error). One pass over the list per change, no per-id bookkeeping,
 * so a live update to 100,000 rows stays cheap.
 */
export function useFreshRows(signals: readonly SignalRow[], ready: boolean): ReadonlyMap<string, number> {
  const baselineRef = useRef<Baseline | null>(null);
  const [fresh, setFresh] = useState(NONE);

  useLayoutEffect(() => {
    if (!ready) return;
    let newest = -Infinity;
    let newestId: string | null = null;
    for (const signal of signals) {
      if (signal.receivedAt > newest) {
        newest = signal.receivedAt;
        newestId = signal.id;
      }
    }

    const baseline = baselineRef.current;
    const continues =
      baseline !== null && (baseline.newestId === null || signals.some((signal) => signal.id === baseline.newestId));
    if (!continues) {
      baselineRef.current = { newest, newestId };
      return;
    }
    if (newest <= baseline.newest) return;
    baselineRef.current = { newest, newestId };

    const arrived = signals.filter((signal) => signal.receivedAt > baseline.newest).map((signal) => signal.id);
    if (arrived.length > FRESH_BATCH_MAX) return;
    const now = Date.now();
    setFresh((previous) => {
      const next = new Map<string, number>();
      for (const [id, since] of previous) if (now - since < FRESH_ROW_MS) next.set(id, since);
      for (const id of arrived) next.set(id, now);
      return next;
    });
  }, [signals, ready]);

  return fresh;
}
