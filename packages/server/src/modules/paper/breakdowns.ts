import type { ClosedTrade, ExitReason } from './account';
import { DAY_MS, tradeStats, type TradeStats } from './metrics';

/*
 * Closed trades grouped by pair, strategy, exit reason, or the UTC day, ISO week or month they closed in; each
 * group with the same statistics as the whole (win rate, profit factor, expectancy...).
 */

export const BREAKDOWNS = ['pair', 'strategy', 'exitReason', 'day', 'week', 'month'] as const;
export type BreakdownBy = (typeof BREAKDOWNS)[number];

export interface BreakdownRow extends TradeStats {
  /** The pair (BTC), strategy id, exit reason, day (2026-11-23), ISO week (2026-W48) or month (2026-11). */
  key: string;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const utcMonth = (time: number) => new Date(time).toISOString().slice(0, 7);

/** ISO 8601 week: weeks start on Monday; week 1 is the one holding the year's first Thursday. */
export function isoWeek(time: number): string {
  const day = Math.floor(time / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  const weekday = (((day + 3) % 7) + 7) % 7;
  const thursday = new Date((day - weekday + 3) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${pad(week)}`;
}

const EXIT_REASON_ORDER: readonly ExitReason[] = ['signal', 'reverse', 'stop_loss', 'take_profit', 'manual'];

const KEYS: Record<BreakdownBy, (trade: ClosedTrade) => string> = {
  pair: (trade) => trade.symbol,
  strategy: (trade) => String(trade.strategyId),
  exitReason: (trade) => trade.exitReason,
  day: (trade) => utcDay(trade.closedAt),
  week: (trade) => isoWeek(trade.closedAt),
  month: (trade) => utcMonth(trade.closedAt),
};

/** Rows in a stable order: periods oldest first, exit reasons in their lifecycle order, the rest by key. */
function compareKeys(by: BreakdownBy): (a: string, b: string) => number {
  if (by === 'exitReason') {
    return (a, b) => EXIT_REASON_ORDER.indexOf(a as ExitReason) - EXIT_REASON_ORDER.indexOf(b as ExitReason);
  }
  if (by === 'strategy') return (a, b) => Number(a) - Number(b);
  return (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}

export function breakdown(trades: readonly ClosedTrade[], by: BreakdownBy): BreakdownRow[] {
  const groups = new Map<string, ClosedTrade[]>();
  for (const trade of trades) {
    const key = KEYS[by](trade);
    const group = groups.get(key);
    if (group) group.push(trade);
    else groups.set(key, [trade]);
  }
  return [...groups.keys()].sort(compareKeys(by)).map((key) => ({ key, ...tradeStats(groups.get(key)!) }));
}
