import type { Position, Trade } from '@signaldeck/server/api-types';
import {
  CandlestickChartIcon,
  LogInIcon,
  LogOutIcon,
  type PositionRow,
  type TradeLink,
  type TradeRow,
} from 'dashboard-kit';
import { createElement } from 'react';
import { paths } from '../../config/paths';

const positionKey = (strategyId: string, symbol: string) => `${strategyId}:${symbol}`;

/**
 * The API's trades as the kit's TradesTable rows. A closed trade's P&L is net of fees; an open one shows its
 * position's unrealised P&L at the mark (0 until the positions have loaded).
 */
export function toTradeRows(
  trades: readonly Trade[],
  positions: readonly Position[],
  names: ReadonlyMap<string, string>,
): TradeRow[] {
  const open = new Map(positions.map((p) => [positionKey(p.strategyId, p.symbol), p]));
  return trades.map((trade) => {
    const position = trade.status === 'open' ? open.get(positionKey(trade.strategyId, trade.symbol)) : undefined;
    const cost = trade.entryPrice * trade.quantity;
    const pnl = trade.netPnl ?? position?.unrealisedPnl ?? 0;
    return {
      id: trade.id,
      strategyId: trade.strategyId,
      strategyName: names.get(trade.strategyId) ?? null,
      symbol: trade.symbol,
      side: trade.side,
      quantity: trade.quantity,
      entryPrice: trade.entryPrice,
      exitPrice: trade.exitPrice,
      entryTime: new Date(trade.openedAt).toISOString(),
      exitTime: trade.closedAt === null ? null : new Date(trade.closedAt).toISOString(),
      fees: trade.fees,
      pnl,
      pnlPct: trade.returnPct ?? (cost > 0 ? (pnl / cost) * 100 : 0),
      exitReason: trade.exitReason,
      entrySignalId: trade.entrySignalIds[0] ?? null,
      exitSignalId: trade.exitSignalId,
    };
  });
}

const ICON_SIZE = 16;

/**
 * A trade's links: the signal that opened it, the one that closed it, and the chart at its entry. Each is
 * drawn as an icon (its label is its tooltip and, with the trade, its accessible name), so the three fit
 * one narrow column.
 */
export function tradeLinks(trade: TradeRow): TradeLink[] {
  const links: TradeLink[] = [];
  if (trade.entrySignalId)
    links.push({
      label: 'Entry signal',
      href: `/signals?selected=${encodeURIComponent(trade.entrySignalId)}`,
      icon: createElement(LogInIcon, { size: ICON_SIZE }),
    });
  if (trade.exitSignalId)
    links.push({
      label: 'Exit signal',
      href: `/signals?selected=${encodeURIComponent(trade.exitSignalId)}`,
      icon: createElement(LogOutIcon, { size: ICON_SIZE }),
    });
  const at = Date.parse(trade.entryTime);
  const chart = `${paths.trading(trade.symbol, '1m')}?at=${at}${trade.entrySignalId ? `&signal=${encodeURIComponent(trade.entrySignalId)}` : ''}`;
  links.push({ label: 'Chart', href: chart, icon: createElement(CandlestickChartIcon, { size: ICON_SIZE }) });
  return links;
}

/** Open positions as the kit's PositionList rows. */
export function toPositionRows(positions: readonly Position[], names: ReadonlyMap<string, string>): PositionRow[] {
  return positions.map((p) => {
    const cost = p.entryPrice * p.quantity;
    return {
      id: p.id,
      strategyId: p.strategyId,
      strategyName: names.get(p.strategyId) ?? null,
      symbol: p.symbol,
      side: p.side,
      quantity: p.quantity,
      entryPrice: p.entryPrice,
      markPrice: p.markPrice,
      unrealisedPnl: p.unrealisedPnl,
      unrealisedPnlPct: cost > 0 ? (p.unrealisedPnl / cost) * 100 : 0,
      stopLoss: p.stopLoss,
      takeProfit: p.takeProfit,
      openedAt: new Date(p.openedAt).toISOString(),
    };
  });
}
