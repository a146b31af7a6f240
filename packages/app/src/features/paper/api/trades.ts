import { useEffect, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { Trade, TradePage } from '@signaldeck/server/api-types';

/** The largest page the API gives: the Trades page holds every trade, so it reads them in as few calls as it can. */
export const TRADES_PAGE_SIZE = 500;

export type TradeSideFilter = 'long' | 'short';
export type TradeResultFilter = 'win' | 'loss' | 'draw' | 'open';

export interface TradesFilter {
  strategy?: string | null;
  symbol?: string | null;
  side?: TradeSideFilter | null;
  result?: TradeResultFilter | null;
}

/** The server filters by strategy, pair and open/closed; side and win/loss/draw are read from each trade. */
export function tradesPageKey(filter: TradesFilter, cursor: string | null, limit = TRADES_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (filter.strategy) query.set('strategy', filter.strategy);
  if (filter.symbol) query.set('symbol', filter.symbol);
  if (filter.result) query.set('status', filter.result === 'open' ? 'open' : 'closed');
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(limit));
  return `/api/trades?${query.toString()}`;
}

/** A closed trade's result: break-even (net P&L exactly 0) is a draw, as the metrics count it. */
export function tradeResult(trade: Trade): TradeResultFilter {
  if (trade.status === 'open' || trade.netPnl === null) return 'open';
  if (trade.netPnl > 0) return 'win';
  if (trade.netPnl < 0) return 'loss';
  return 'draw';
}

export function matchesTradeFilter(trade: Trade, filter: TradesFilter): boolean {
  if (filter.side && trade.side !== filter.side) return false;
  if (filter.result && tradeResult(trade) !== filter.result) return false;
  return true;
}

/**
 * GET /api/trades, newest first, every page: each next page is fetched as soon as the previous one
 * arrives, so the list (and its CSV) holds every trade that matches.
 */
export function useTrades(filter: TradesFilter) {
  const serverFilter = { strategy: filter.strategy, symbol: filter.symbol, result: filter.result };
  const swr = useSWRInfinite<TradePage>(
    (index, previous: TradePage | null) => {
      if (index === 0) return tradesPageKey(serverFilter, null);
      if (!previous?.nextCursor) return null;
      return tradesPageKey(serverFilter, previous.nextCursor);
    },
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const { data, size, setSize, mutate, isLoading, error } = swr;
  const hasMore = Boolean(data && data[data.length - 1]?.nextCursor);
  const loadingMore = size > 0 && data !== undefined && data.length < size;
  useEffect(() => {
    if (hasMore && !loadingMore && !error) void setSize((s) => s + 1);
  }, [hasMore, loadingMore, error, setSize]);

  const { side, result } = filter;
  // Kept while the pages are unchanged, so a chart or table given them does not redraw on unrelated renders.
  const trades = useMemo(() => {
    const all = data?.flatMap((page) => page.data) ?? [];
    return side || result ? all.filter((trade) => matchesTradeFilter(trade, { side, result })) : all;
  }, [data, side, result]);
  return { trades, isLoading, loadingMore: hasMore || loadingMore, error, mutate };
}
