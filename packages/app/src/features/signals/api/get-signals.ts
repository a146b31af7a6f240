import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { OutcomeUpdate, Signal, SignalPage } from '@signaldeck/server/api-types';

export const SIGNALS_PAGE_SIZE = 50;

export interface SignalsFilter {
  ticker?: string | null;
}

export function signalsPageKey(filter: SignalsFilter, cursor: string | null, limit = SIGNALS_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (filter.ticker) query.set('ticker', filter.ticker);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(limit));
  return `/api/signals?${query.toString()}`;
}

/** Puts a live signal at the top of the first page unless it is already there. */
export function prependSignal(pages: SignalPage[] | undefined, signal: Signal): SignalPage[] | undefined {
  if (!pages || pages.length === 0) return pages;
  if (pages.some((page) => page.data.some((s) => s.id === signal.id))) return pages;
  const [first, ...rest] = pages as [SignalPage, ...SignalPage[]];
  return [{ ...first, data: [signal, ...first.data] }, ...rest];
}

/** Gives the signal an `outcome` event names its outcome; the pages are unchanged when it is not among them. */
export function withOutcome(pages: SignalPage[] | undefined, update: OutcomeUpdate): SignalPage[] | undefined {
  if (!pages?.some((page) => page.data.some((s) => s.id === update.signalId))) return pages;
  return pages.map((page) =>
    page.data.some((s) => s.id === update.signalId)
      ? { ...page, data: page.data.map((s) => (s.id === update.signalId ? { ...s, outcome: update.outcome } : s)) }
      : page,
  );
}

/**
 * GET /api/signals, newest first, one page per cursor. `loadMore` fetches the next page;
 * `applyEvent` merges a live signal that matches the filter.
 */
export function useSignals(filter: SignalsFilter, limit = SIGNALS_PAGE_SIZE) {
  const swr = useSWRInfinite<SignalPage>(
    (index, previous: SignalPage | null) => {
      if (index === 0) return signalsPageKey(filter, null, limit);
      if (!previous?.nextCursor) return null;
      return signalsPageKey(filter, previous.nextCursor, limit);
    },
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const { data, size, setSize, mutate, isLoading, isValidating, error } = swr;
  // The same array until a page changes: a new one on every render made the signals page rebuild the table's
  // row model (every loaded row) on each of SWR's renders while pages load during a scroll.
  const signals = useMemo(() => data?.flatMap((page) => page.data) ?? [], [data]);
  const hasMore = Boolean(data && data[data.length - 1]?.nextCursor);
  const loadingMore = size > 0 && data !== undefined && data.length < size;

  const loadMore = useCallback(() => {
    if (hasMore && !loadingMore) void setSize((s) => s + 1);
  }, [hasMore, loadingMore, setSize]);

  const ticker = filter.ticker?.toUpperCase() ?? null;
  const applyEvent = useCallback(
    (signal: Signal) => {
      if (ticker && signal.ticker?.toUpperCase() !== ticker) return;
      void mutate((pages) => prependSignal(pages, signal), { revalidate: false });
    },
    [ticker, mutate],
  );

  const applyOutcome = useCallback(
    (update: OutcomeUpdate) => void mutate((pages) => withOutcome(pages, update), { revalidate: false }),
    [mutate],
  );

  return { signals, hasMore, loadingMore, loadMore, applyEvent, applyOutcome, isLoading, isValidating, error, mutate };
}
