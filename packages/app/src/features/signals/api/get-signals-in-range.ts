import { useCallback } from 'react';
import type { Signal, SignalPage } from '@signaldeck/server/api-types';
import useSWR from 'swr';
import { http } from '../../../lib/http';
import { useUpdatesAfterLoad } from '../../../lib/updates-after-load';

/** Signals asked for a page at a time (the API's most). */
const RANGE_PAGE_SIZE = 200;
/** A bound on one chart's markers: past it the oldest are left out (they would fold into counts anyway). */
export const MAX_RANGE_SIGNALS = 2_000;

export function signalsRangeKey(ticker: string, from: number, cursor: string | null = null): string {
  const query = new URLSearchParams({ ticker, from: String(from), limit: String(RANGE_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `/api/signals?${query.toString()}`;
}

/** Every signal of `ticker` from `from` on, newest first, following the pages. */
async function fetchRange([, ticker, from]: readonly [string, string, number]): Promise<Signal[]> {
  const signals: Signal[] = [];
  let cursor: string | null = null;
  do {
    const page: SignalPage = await http.get<SignalPage>(signalsRangeKey(ticker, from, cursor));
    signals.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor && signals.length < MAX_RANGE_SIGNALS);
  return signals;
}

/**
 * GET /api/signals by time range: every signal of `ticker` at or after `from` (the chart's first loaded
 * candle), for markers. `applyEvent` adds a live signal of the ticker (one that comes before the range waits for it).
 */
export function useSignalsInRange(ticker: string | null, from: number | null) {
  const key = ticker && from !== null ? (['signals-range', ticker, from] as const) : null;
  const swr = useSWR(key, fetchRange, { revalidateOnFocus: false });
  const { mutate } = swr;
  // A live signal that arrives while the range loads waits for it (see useUpdatesAfterLoad).
  const update = useUpdatesAfterLoad<Signal[]>(swr.data !== undefined, key ? key.join(' ') : '', mutate);
  const applyEvent = useCallback(
    (signal: Signal) => {
      if (!ticker || signal.ticker?.toUpperCase() !== ticker) return;
      update((signals) => (!signals || signals.some((s) => s.id === signal.id) ? signals : [signal, ...signals]));
    },
    [ticker, update],
  );
  return { signals: swr.data, error: swr.error as unknown, mutate, applyEvent };
}
