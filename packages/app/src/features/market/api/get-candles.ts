import { useCallback } from 'react';
import useSWR from 'swr';
import type { Candle, CandleUpdate, Candles } from '@signaldeck/server/api-types';

export const DEFAULT_CANDLE_LIMIT = 500;

export function candlesKey(symbol: string, interval: string, limit = DEFAULT_CANDLE_LIMIT): string {
  const query = new URLSearchParams({ interval, limit: String(limit) });
  return `/api/markets/${encodeURIComponent(symbol)}/candles?${query.toString()}`;
}

/**
 * Puts a forming candle into a series: it replaces the last candle when it is the same bucket,
 * follows it when it is newer, and is ignored when it is older (a late event after a refetch).
 */
export function mergeCandle(candles: readonly Candle[], next: Candle): Candle[] {
  const last = candles[candles.length - 1];
  if (!last || next.time > last.time) return [...candles, next];
  if (next.time === last.time) return [...candles.slice(0, -1), next];
  return candles as Candle[];
}

/**
 * GET /api/markets/{symbol}/candles, kept live: `applyEvent` merges a stream event into the cache
 * without refetching.
 */
export function useCandles(symbol: string | null, interval: string, limit = DEFAULT_CANDLE_LIMIT) {
  const key = symbol ? candlesKey(symbol, interval, limit) : null;
  const swr = useSWR<Candles>(key, { revalidateOnFocus: false, keepPreviousData: false });
  const { mutate } = swr;

  const applyEvent = useCallback(
    (event: CandleUpdate) => {
      if (event.symbol !== symbol) return;
      // The interval comes from the URL, so it may be one the event does not carry.
      const candle = (event.candles as Partial<Record<string, Candle>>)[interval];
      if (!candle) return;
      void mutate((current) => (current ? { ...current, candles: mergeCandle(current.candles, candle) } : current), {
        revalidate: false,
      });
    },
    [symbol, interval, mutate],
  );

  return { ...swr, applyEvent };
}
