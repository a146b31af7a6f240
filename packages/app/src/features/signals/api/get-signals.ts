import { useCallback, useEffect, useRef, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { OutcomeUpdate, Signal, SignalPage } from '@signaldeck/server/api-types';
import { useUpdatesAfterLoad } from '../../../lib/updates-after-load';

/** The first page: enough to fill the screen, and quick to arrive. */
export const SIGNALS_PAGE_SIZE = 50;
/** Every later page: the API's largest, so a fast scroll through thousands of signals waits on few answers. */
export const SIGNALS_NEXT_PAGE_SIZE = 200;

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
 * The signals of `pages`, one array. The previous array is handed back while the pages are the same objects, and a
 * page added at the end is appended to it, so the table keeps its rows (and does no work for them) across SWR's
 * renders and page loads.
 */
function useFlatSignals(pages: readonly SignalPage[]): readonly Signal[] {
  const previous = useRef<{ pages: readonly SignalPage[]; signals: readonly Signal[] }>({ pages: [], signals: [] });
  const last = previous.current;
  const kept = last.pages.length <= pages.length && last.pages.every((page, index) => page === pages[index]);
  if (kept && last.pages.length === pages.length) return last.signals;
  const signals = kept
    ? last.signals.concat(...pages.slice(last.pages.length).map((page) => page.data))
    : pages.flatMap((page) => page.data);
  previous.current = { pages, signals };
  return signals;
}

/**
 * GET /api/signals, newest first, one page per cursor: 50 signals first, then 200 a page. `loadMore` shows the next
 * page; `applyEvent` merges a live signal that matches the filter, `applyOutcome` a signal's outcome (both wait
 * for the first page when they come before it).
 *
 * One page beyond those shown is always fetched ahead, once the shown ones are in: a table scrolled near its end
 * then gets its next rows at once instead of after a round trip, while the user is still scrolling, and the page
 * that comes in meanwhile is not shown, so it changes nothing on screen.
 */
export function useSignals(filter: SignalsFilter, limit = SIGNALS_PAGE_SIZE, nextLimit = SIGNALS_NEXT_PAGE_SIZE) {
  const swr = useSWRInfinite<SignalPage>(
    (index, previous: SignalPage | null) => {
      if (index === 0) return signalsPageKey(filter, null, limit);
      if (!previous?.nextCursor) return null;
      return signalsPageKey(filter, previous.nextCursor, nextLimit);
    },
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  // Only what is read here re-renders the page (SWR tracks it): not `isValidating`, which flips on every fetch.
  const { data, size, setSize, mutate, isLoading, error } = swr;
  // The pages shown, per filter: another ticker starts again at one, as SWR does with its pages.
  const filterKey = signalsPageKey(filter, null, limit);
  const [shown, setShown] = useState({ filterKey, pages: 1 });
  const shownPages = shown.filterKey === filterKey ? shown.pages : 1;

  const pages = data && data.length > shownPages ? data.slice(0, shownPages) : (data ?? []);
  const signals = useFlatSignals(pages);
  const lastShown = pages[pages.length - 1];
  const hasMore = Boolean(lastShown?.nextCursor);
  const loadingMore = data !== undefined && data.length < shownPages;

  // Fetch ahead: the page after the shown ones, once these have arrived (never before the first page is on screen).
  const wantedSize = shownPages + (hasMore && !loadingMore ? 1 : 0);
  useEffect(() => {
    if (data !== undefined && !error && size < wantedSize) void setSize(wantedSize);
  }, [data, error, size, wantedSize, setSize]);

  const loadMore = useCallback(() => {
    if (!hasMore || loadingMore) return;
    setShown({ filterKey, pages: shownPages + 1 });
  }, [hasMore, loadingMore, filterKey, shownPages]);

  // A live update that arrives before the first page waits for it (see useUpdatesAfterLoad).
  const update = useUpdatesAfterLoad<SignalPage[]>(data !== undefined, filterKey, mutate);

  const ticker = filter.ticker?.toUpperCase() ?? null;
  const applyEvent = useCallback(
    (signal: Signal) => {
      if (ticker && signal.ticker?.toUpperCase() !== ticker) return;
      update((pages) => prependSignal(pages, signal));
    },
    [ticker, update],
  );

  const applyOutcome = useCallback(
    (outcome: OutcomeUpdate) => update((pages) => withOutcome(pages, outcome)),
    [update],
  );

  return { signals, hasMore, loadingMore, loadMore, applyEvent, applyOutcome, isLoading, error, mutate };
}
