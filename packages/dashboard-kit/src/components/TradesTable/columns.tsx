import { createColumnHelper, tableFeatures, type Row } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { formatDuration, formatMoney, formatPercent, toneOf } from '../../format/performance';
import { Missing } from '../../table/cells';
import { useNow } from '../../table/clock';
import { gridFeatures, named, numberCell, orUndefined, textCell } from '../../table/gridColumns';
import { createReusingCoreRowModel } from '../../table/rowModel';
import * as grid from '../../table/table.css';
import type { TimeZoneMode } from '../../time/time-zone';
import { Badge } from '../Badge';
import { formatExactTime, formatPrice, formatQuantity } from '../SignalsTable/format';
import { EXIT_REASON_LABELS, formatTradeTime, parseTime, tradeDurationMs } from './format';
import * as styles from './TradesTable.css';
import type { TradeColumnId, TradeRow } from './types';

export interface TradeTableMeta {
  timeZone: TimeZoneMode;
}

export const tradeTableFeatures = tableFeatures({
  coreRowModel: createReusingCoreRowModel<TradeRow>(),
  ...gridFeatures,
  tableMeta: {} as TradeTableMeta,
});

export type TradeTableFeatures = typeof tradeTableFeatures;
export type TradeTableRow = Row<TradeTableFeatures, TradeRow>;

function TimeCell({ time, timeZone }: { time: number | undefined; timeZone: TimeZoneMode }) {
  if (time === undefined) return <Missing />;
  return (
    // The exact time in the tooltip; its zone is named in the column's header. (Naming the zone per
    // time builds an Intl formatter for every distinct hour: too slow for rows hours apart.)
    <time className={grid.numeric} dateTime={new Date(time).toISOString()} title={formatExactTime(time, timeZone)}>
      {formatTradeTime(time, timeZone)}
    </time>
  );
}

export function SideBadge({ side }: { side: TradeRow['side'] }) {
  return <Badge variant={side === 'long' ? 'success' : 'danger'}>{side === 'long' ? 'Long' : 'Short'}</Badge>;
}

/** Net P&L in money and percent, signed and toned; an open trade's is marked unrealised. */
export function PnlCell({ pnl, pnlPct, open }: { pnl: number; pnlPct: number; open: boolean }) {
  return (
    <span className={clsx(styles.pnl, grid.tone[toneOf(pnl)])}>
      <span>{formatMoney(pnl, { signed: true })}</span>
      <span className={styles.pnlPct}>{formatPercent(pnlPct, { signed: true })}</span>
      {open ? <span className={styles.unrealised}>unrealised</span> : null}
    </span>
  );
}

/** A quantity with its pair, so it reads alone (on a card, or with the pair column hidden). */
function QuantityCell({ quantity, symbol }: { quantity: number; symbol: string }) {
  return (
    <span className={clsx(grid.numeric, grid.isolated)}>
      {formatQuantity(quantity)} {symbol}
    </span>
  );
}

function DurationCell({ trade }: { trade: TradeRow }) {
  const open = trade.exitTime === null;
  // Only open trades count up, so only they re-render every second.
  const now = useNow(open);
  const duration = tradeDurationMs(trade, now);
  return duration === undefined ? <Missing /> : <span className={grid.numeric}>{formatDuration(duration)}</span>;
}

const helper = createColumnHelper<TradeTableFeatures, TradeRow>();
const zoneOf = (meta: TradeTableMeta | undefined) => meta?.timeZone ?? 'local';

export const tradeColumns = helper.columns([
  helper.accessor((trade: TradeRow) => parseTime(trade.entryTime), {
    ...named<TradeColumnId>('opened', 'Opened'),
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: (context) => <TimeCell time={context.getValue()} timeZone={zoneOf(context.table.options.meta)} />,
  }),
  helper.accessor((trade: TradeRow) => parseTime(trade.exitTime), {
    ...named<TradeColumnId>('closed', 'Closed'),
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: (context) =>
      context.row.original.exitTime === null ? (
        <Badge variant="info">Open</Badge>
      ) : (
        <TimeCell time={context.getValue()} timeZone={zoneOf(context.table.options.meta)} />
      ),
  }),
  helper.accessor((trade: TradeRow) => trade.symbol, {
    ...named<TradeColumnId>('pair', 'Pair'),
    sortFn: 'text',
    cell: textCell(styles.pair),
  }),
  helper.accessor((trade: TradeRow) => trade.side, {
    ...named<TradeColumnId>('side', 'Side'),
    sortFn: 'text',
    cell: (context) => <SideBadge side={context.getValue()} />,
  }),
  helper.accessor((trade: TradeRow) => trade.quantity, {
    ...named<TradeColumnId>('quantity', 'Quantity', 'end'),
    sortFn: 'basic',
    cell: (context) => <QuantityCell quantity={context.getValue()} symbol={context.row.original.symbol} />,
  }),
  helper.accessor((trade: TradeRow) => trade.entryPrice, {
    ...named<TradeColumnId>('entryPrice', 'Entry price', 'end'),
    sortFn: 'basic',
    cell: numberCell(formatPrice),
  }),
  helper.accessor((trade: TradeRow) => orUndefined(trade.exitPrice), {
    ...named<TradeColumnId>('exitPrice', 'Exit price', 'end'),
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: numberCell(formatPrice),
  }),
  helper.accessor((trade: TradeRow) => trade.fees, {
    ...named<TradeColumnId>('fees', 'Fees', 'end'),
    sortFn: 'basic',
    cell: numberCell((value) => formatMoney(value)),
  }),
  helper.accessor((trade: TradeRow) => trade.pnl, {
    ...named<TradeColumnId>('pnl', 'P&L', 'end'),
    sortFn: 'basic',
    sortDescFirst: true,
    cell: (context) => (
      <PnlCell
        pnl={context.getValue()}
        pnlPct={context.row.original.pnlPct}
        open={context.row.original.exitTime === null}
      />
    ),
  }),
  helper.accessor((trade: TradeRow) => (trade.exitReason ? EXIT_REASON_LABELS[trade.exitReason] : undefined), {
    ...named<TradeColumnId>('exitReason', 'Exit reason'),
    sortFn: 'text',
    sortUndefined: 'last',
    cell: textCell(),
  }),
  helper.accessor((trade: TradeRow) => (trade.exitTime === null ? undefined : tradeDurationMs(trade, 0)), {
    ...named<TradeColumnId>('duration', 'Duration', 'end'),
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: (context) => <DurationCell trade={context.row.original} />,
  }),
  helper.accessor((trade: TradeRow) => orUndefined(trade.strategyName) ?? trade.strategyId, {
    ...named<TradeColumnId>('strategy', 'Strategy'),
    sortFn: 'text',
    cell: textCell(),
  }),
]);
