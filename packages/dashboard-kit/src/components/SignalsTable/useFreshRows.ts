import { useLayoutEffect, useRef, useState } from 'react';
import { FRESH_ROW_MS } from './layout';
import type { SignalRow } from './types';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * Which rows arrived after the table first showed data, and when (ms since the epoch).
 *
 * A row is fresh when its id was never shown before and it was received after every row shown
 * so far: live signals qualify, older pages appended by infinite loading do not. A list that
 * shares no id with what was shown (another ticker, a reload) starts a new baseline instead of
 * lighting up every row. Nothing is tracked until `ready` (data loaded, no error).
 */
export function useFreshRows(signals: readonly SignalRow[], ready: boolean): ReadonlyMap<string, number> {
  const seenRef = useRef<Set<string> | null>(null);
  const newestRef = useRef(-Infinity);
  const [fresh, setFresh] = useState(NONE);

  useLayoutEffect(() => {
    if (!ready) return;
    const seen = seenRef.current;
    const newestBefore = newestRef.current;
    let newest = newestBefore;
    let sharesAnId = false;
    const arrived: string[] = [];
    for (const signal of signals) {
      if (signal.receivedAt > newest) newest = signal.receivedAt;
      if (seen?.has(signal.id)) sharesAnId = true;
      else if (signal.receivedAt > newestBefore) arrived.push(signal.id);
    }

    const isNewBaseline = seen === null || (seen.size > 0 && !sharesAnId);
    if (isNewBaseline) {
      seenRef.current = new Set(signals.map((signal) => signal.id));
      newestRef.current = newest;
      return;
    }
    for (const signal of signals) seen.add(signal.id);
    newestRef.current = newest;
    if (arrived.length === 0) return;

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
