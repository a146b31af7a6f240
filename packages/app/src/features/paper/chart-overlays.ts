import type { Position, Trade } from '@signaldeck/server/api-types';
import { formatMoney, type PriceLine, type TradeMarker } from 'dashboard-kit';
import { formatPrice } from '../market/format';

// As the trades table and the signals list write it: to the satoshi, so the flag and the row read the same.
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
const capitalised = (side: string) => side.charAt(0).toUpperCase() + side.slice(1);

/**
 * An open position's entry, stop and target as the chart's price lines; with several strategies holding the
 * pair, each line names its strategy.
 */
export function positionPriceLines(positions: readonly Position[], names: ReadonlyMap<string, string>): PriceLine[] {
  const named = new Set(positions.map((p) => p.strategyId)).size > 1;
  return positions.flatMap((p) => {
    const of = named ? ` (${names.get(p.strategyId) ?? `strategy ${p.strategyId}`})` : '';
    const lines: PriceLine[] = [
      { id: `${p.id}-entry`, price: p.entryPrice, label: `${capitalised(p.side)} entry${of}`, kind: 'entry' },
    ];
    if (p.stopLoss !== null) lines.push({ id: `${p.id}-stop`, price: p.stopLoss, label: `Stop${of}`, kind: 'stop' });
    if (p.takeProfit !== null) {
      lines.push({ id: `${p.id}-target`, price: p.takeProfit, label: `Target${of}`, kind: 'target' });
    }
    return lines;
  });
}

/**
 * Each trade's entry, and its exit once closed, as flags on the chart, from `from` (the oldest candle shown) on;
 * each names its strategy (its tooltip and accessible name say it), as the flags of several strategies mix.
 */
export function tradeMarkers(
  trades: readonly Trade[],
  from: number | null,
  names: ReadonlyMap<string, string> = new Map(),
): TradeMarker[] {
  const markers: TradeMarker[] = [];
  for (const trade of trades) {
    const source = names.get(trade.strategyId);
    if (from === null || trade.openedAt >= from) {
      markers.push({
        id: `${trade.id}-entry`,
        time: trade.openedAt,
        price: trade.entryPrice,
        side: trade.side,
        kind: 'entry',
        label: `${capitalised(trade.side)} ${quantityFormat.format(trade.quantity)} @ ${formatPrice(trade.entryPrice)}`,
        ...(source && { source }),
      });
    }
    if (trade.closedAt !== null && trade.exitPrice !== null && (from === null || trade.closedAt >= from)) {
      markers.push({
        id: `${trade.id}-exit`,
        time: trade.closedAt,
        price: trade.exitPrice,
        side: trade.side,
        kind: 'exit',
        // As the trades table writes it: `Exit −$2.04`, with the typographic minus.
        label: `Exit ${trade.netPnl === null ? '' : formatMoney(trade.netPnl, { signed: true })}`.trim(),
        ...(source && { source }),
      });
    }
  }
  return markers;
}

/**
 * The signal behind a flag of `tradeMarkers`: the alert that opened the trade (an entry flag) or closed it (an exit
 * flag); null for an exit by stop, target or hand, which no alert made.
 */
export function fillSignalId(trades: readonly Trade[], marker: Pick<TradeMarker, 'id' | 'kind'>): string | null {
  const tradeId = marker.id.slice(0, marker.id.lastIndexOf('-'));
  const trade = trades.find((candidate) => candidate.id === tradeId);
  if (!trade) return null;
  return marker.kind === 'exit' ? trade.exitSignalId : (trade.entrySignalIds[0] ?? null);
}
