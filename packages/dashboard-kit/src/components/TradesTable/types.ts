import type { ReactNode } from 'react';
import type { TradeSide } from '../CandlestickChart/types';

/** Which way a trade bet (`long` profits when the price rises), as on the chart's trade markers. */
export type { TradeSide };

/**
 * Why a trade closed: the strategy's own exit signal, its stop loss or take profit, a manual
 * "Close at market", or an opposite signal that reversed the position.
 */
export type TradeExitReason = 'signal' | 'stop_loss' | 'take_profit' | 'manual' | 'reverse';

/**
 * One paper trade, in the camelCase shape the API answers with. An open trade has no exit
 * (`exitPrice`, `exitTime` and `exitReason` are `null`) and its `pnl` / `pnlPct` are unrealised,
 * marked to the last price. `pnl` is net of `fees`; `pnlPct` is in percent units (9.79 = 9.79 %).
 */
export interface TradeRow {
  id: string;
  strategyId: string;
  strategyName?: string | null;
  /** The pair, normalised (`BTC`). */
  symbol: string;
  side: TradeSide;
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  /** ISO 8601. */
  entryTime: string;
  /** ISO 8601; `null` while the trade is open. */
  exitTime: string | null;
  fees: number;
  pnl: number;
  pnlPct: number;
  exitReason: TradeExitReason | null;
  entrySignalId: string | null;
  exitSignalId: string | null;
}

/**
 * The table's columns, in display order; each can be sorted and shown or hidden. `opened` and `closed`
 * are the entry and the exit: each fill's time over its price.
 */
export const TRADE_COLUMN_IDS = [
  'opened',
  'closed',
  'pair',
  'side',
  'quantity',
  'fees',
  'pnl',
  'exitReason',
  'duration',
  'strategy',
] as const;

export type TradeColumnId = (typeof TRADE_COLUMN_IDS)[number];

/** Visibility per column; a column left out is shown, `false` hides it. */
export type TradesTableColumnVisibility = Partial<Record<TradeColumnId, boolean>>;

/** The active sort: at most one column; empty keeps the order given. */
export type TradesTableSorting = { id: TradeColumnId; desc: boolean }[];

/** A link from a trade to another page: its signals, the chart at that time. */
export interface TradeLink {
  /** The link's text, also part of its accessible name ("Chart" reads "Chart for BTC long, opened …"). */
  label: string;
  href: string;
  /** Shown in place of the label (which stays its name and its tooltip), to keep the links' column narrow. */
  icon?: ReactNode;
}
