import { useCallback, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { Candle, CandleUpdate, Candles } from '@signaldeck/server/api-types';
import { http } from '../../../lib/http';

export const DEFAULT_CANDLE_LIMIT = 500;
/** Live candles kept beside the loaded history: the forming one and the few that closed since it loaded. */
const LIVE_CANDLES_KEPT = 8;

export function candlesKey(symbol: string, interval: string, limit = DEFAULT_CANDLE_LIMIT, before?: number): string {
  const query = new URLSearchParams({ interval, limit: String(limit) });
  if (before !== undefined) query.set('before', String(before));
  return `/api/markets/${encodeURIComponent(symbol)}/candles?${query.toString()}`;
}

/**
 * Puts a candle into a series, oldest first: it replaces the candle of the same time (the forming one as
 * it ticks, or a closed one whose final values arrived), follows the last one when it is newer, and is
 * ignored when it is older than the series' first candle.
 */
export function mergeCandle(candles: readonly Candle[], next: Candle): Candle[] {
  const last = candles[candles.length - 1];
  if (!last || next.time > last.time) return [...candles, next];
  for (let index = candles.length - 1; index >= 0 && (candles[index] as Candle).time >= next.time; index--) {
    if ((candles[index] as Candle).time === next.time) {
      const merged = candles.slice();
      merged[index] = next;
      return merged;
    }
  }
  return candles as Candle[];
}

/** The loaded history with the live candles received since put over it. Without history there is nothing to show. */
export function mergeLive(
  history: readonly Candle[] | undefined,
  live: readonly Candle[],
): readonly Candle[] | undefined {
  if (!history) return undefined;
  return live.reduce<readonly Candle[]>((series, candle) => mergeCandle(series, candle), history);
}

/** The live candles of one series: `next` folded into `kept` by time, newest last, the oldest dropped past the limit. */
function keepLive(kept: readonly Candle[], next: readonly Candle[]): Candle[] {
  let live = kept as Candle[];
  for (const candle of next) live = mergeCandle(live, candle);
  return live.length > LIVE_CANDLES_KEPT ? live.slice(-LIVE_CANDLES_KEPT) : live;
}

export interface CandlesOptions {
  limit?: number;
  /** Load the history before this time (a past view): live candles are then not merged. */
  before?: number;
}

/**
 * GET /api/markets/{symbol}/candles, kept live. `applyEvent` takes a stream event: the forming candle and
 * the final values of any candle that closed are kept beside the loaded history and put over it, never in
 * place of it, so a tick that arrives while the history loads cannot empty the chart, and a refetch (Retry,
 * reconnect) is never discarded for a tick.
 */
export function useCandles(symbol: string | null, interval: string, options: CandlesOptions = {}) {
  const { limit = DEFAULT_CANDLE_LIMIT, before } = options;
  const key = symbol ? candlesKey(symbol, interval, limit, before) : null;
  const swr = useSWR<Candles>(key, { revalidateOnFocus: false, keepPreviousData: false });
  const [live, setLive] = useState<{ key: string | null; candles: Candle[] }>({ key, candles: [] });
  const liveCandles = live.key === key ? live.candles : NO_CANDLES;

  const follows = before === undefined;
  const applyEvent = useCallback(
    (event: CandleUpdate) => {
      if (!follows || event.symbol !== symbol) return;
      // The interval comes from the URL, so it may be one the event does not carry.
      const forming = (event.candles as Partial<Record<string, Candle>>)[interval];
      const closed = (event.closed as Partial<Record<string, Candle[]>> | undefined)?.[interval] ?? [];
      if (!forming && closed.length === 0) return;
      const received = forming ? [...closed, forming] : closed;
      setLive((current) => ({ key, candles: keepLive(current.key === key ? current.candles : [], received) }));
    },
    [follows, symbol, interval, key],
  );

  // Older pages, loaded as the trader pans back, put before the history; none left once a page comes back empty.
  const [older, setOlder] = useState<{ key: string | null; candles: Candle[]; done: boolean }>({
    key,
    candles: [],
    done: false,
  });
  const olderNow = older.key === key ? older : { key, candles: NO_CANDLES, done: false };
  const loadingOlder = useRef<string | null>(null);
  const fetched = swr.data?.candles;
  const history = useMemo(
    () => (fetched && olderNow.candles.length > 0 ? [...olderNow.candles, ...fetched] : fetched),
    [fetched, olderNow.candles],
  );
  const loadOlder = useCallback(async () => {
    const first = history?.[0];
    if (!symbol || !first || olderNow.done || loadingOlder.current === key) return;
    loadingOlder.current = key;
    try {
      const page = await http.get<Candles>(candlesKey(symbol, interval, limit, first.time));
      const before = page.candles.filter((candle) => candle.time < first.time);
      setOlder((current) => {
        const kept = current.key === key ? current.candles : [];
        return { key, candles: [...before, ...kept], done: before.length === 0 };
      });
    } finally {
      loadingOlder.current = null;
    }
  }, [history, symbol, interval, limit, key, olderNow.done]);

  const candles = useMemo(() => mergeLive(history, liveCandles), [history, liveCandles]);
  return {
    /** The history as loaded (older pages included), without live candles: changes only when it is fetched. */
    loaded: history,
    /** Loads the page before the oldest loaded candle (nothing once the start of the stored history is reached). */
    loadOlder,
    /** The start of the stored history is loaded. */
    complete: olderNow.done,
    candles,
    error: swr.error as unknown,
    isLoading: swr.isLoading,
    isValidating: swr.isValidating,
    mutate: swr.mutate,
    applyEvent,
  };
}

const NO_CANDLES: Candle[] = [];
