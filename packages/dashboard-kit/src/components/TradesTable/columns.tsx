import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type Row,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import { formatDuration, formatMoney, formatPercent, toneOf } from '../../format/performance';
import { useNow } from '../../table/clock';
import { createReusingCoreRowModel } from '../../table/rowModel';
import { visuallyHidden } from '../../theme/focus.css';
import type { TimeZoneMode } from '../../time/time-zone';
import { Badge } from '../Badge';
import { formatExactTime, formatPrice, formatQuantity } from '../SignalsTable/format';
import { EXIT_REASON_LABELS, formatTradeTime, parseTime, tradeDurationMs } from './format';
import * as styles from './TradesTable.css';
import type { TradeColumnId, TradeRow } from './types';

export interface TradeColumnMeta {
  /** The column's name in its header, its sort button and the columns menu. */
  label: string;
  align?: 'start' | 'end';
}

export interface TradeTableMeta {
  timeZone: TimeZoneMode;
}

export const tradeTableFeatures = tableFeatures({
  coreRowModel: createReusingCoreRowModel<TradeRow>(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
  columnVisibilityFeature,
  columnMeta: {} as TradeColumnMeta,
  tableMeta: {} as TradeTableMeta,
});

export type TradeTableFeatures = typeof tradeTableFeatures;
export type TradeTableRow = Row<TradeTableFeatures, TradeRow>;

export function Missing() {
  return (
    <>
      <span aria-hidden="true" className={styles.muted}>
        —
      </span>
      <span className={visuallyHidden}>none</span>
    </>
  );
}

function TimeCell({ time, timeZone }: { time: number | undefined; timeZone: TimeZoneMode }) {
  if (time === undefined) return <Missing />;
  return (
    // The exact time in the tooltip; its zone is named in the column's header. (Naming the zone per
    // time builds an Intl formatter for every distinct hour: too slow for rows hours apart.)
    <time className={styles.numeric} dateTime={new Date(time).toISOString()} title={formatExactTime(time, timeZone)}>
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
    <span className={clsx(styles.pnl, styles.tone[toneOf(pnl)])}>
      <span>{formatMoney(pnl, { signed: true })}</span>
      <span className={styles.pnlPct}>{formatPercent(pnlPct, { signed: true })}</span>
      {open ? <span className={styles.unrealised}>unrealised</span> : null}
    </span>
  );
}

function DurationCell({ trade }: { trade: TradeRow }) {
  const open = trade.exitTime === null;
  // Only open trades count up, so only they re-render every second.
  const now = useNow(open);
  const duration = tradeDurationMs(trade, now);
  return duration === undefined ? <Missing /> : <span className={styles.numeric}>{formatDuration(duration)}</span>;
}

function TextCell({ value, className }: { value: string | null | undefined; className?: string }) {
  if (value === undefined || value === null || value === '') return <Missing />;
  return (
    <span className={clsx(styles.isolated, className)} title={value}>
      {value}
    </span>
  );
}

function NumberCell({ value, format }: { value: number | undefined; format: (value: number) => string }) {
  if (value === undefined) return <Missing />;
  return <span className={styles.numeric}>{format(value)}</span>;
}

const helper = createColumnHelper<TradeTableFeatures, TradeRow>();
const orUndefined = <T,>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
const zoneOf = (meta: TradeTableMeta | undefined) => meta?.timeZone ?? 'local';

export const tradeColumns = helper.columns([
  helper.accessor((trade) => parseTime(trade.entryTime), {
    id: 'opened' satisfies TradeColumnId,
    header: 'Opened',
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: (context) => <TimeCell time={context.getValue()} timeZone={zoneOf(context.table.options.meta)} />,
    meta: { label: 'Opened' },
  }),
  helper.accessor((trade) => parseTime(trade.exitTime), {
    id: 'closed' satisfies TradeColumnId,
    header: 'Closed',
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: (context) =>
      context.row.original.exitTime === null ? (
        <Badge variant="info">Open</Badge>
      ) : (
        <TimeCell time={context.getValue()} timeZone={zoneOf(context.table.options.meta)} />
      ),
    meta: { label: 'Closed' },
  }),
  helper.accessor((trade) => trade.symbol, {
    id: 'pair' satisfies TradeColumnId,
    header: 'Pair',
    sortFn: 'text',
    cell: (context) => <TextCell value={context.getValue()} className={styles.pair} />,
    meta: { label: 'Pair' },
  }),
  helper.accessor((trade) => trade.side, {
    id: 'side' satisfies TradeColumnId,
    header: 'Side',
    sortFn: 'text',
    cell: (context) => <SideBadge side={context.getValue()} />,
    meta: { label: 'Side' },
  }),
  helper.accessor((trade) => trade.quantity, {
    id: 'quantity' satisfies TradeColumnId,
    header: 'Quantity',
    sortFn: 'basic',
    cell: (context) => <NumberCell value={context.getValue()} format={formatQuantity} />,
    meta: { label: 'Quantity', align: 'end' },
  }),
  helper.accessor((trade) => trade.entryPrice, {
    id: 'entryPrice' satisfies TradeColumnId,
    header: 'Entry price',
    sortFn: 'basic',
    cell: (context) => <NumberCell value={context.getValue()} format={formatPrice} />,
    meta: { label: 'Entry price', align: 'end' },
  }),
  helper.accessor((trade) => orUndefined(trade.exitPrice), {
    id: 'exitPrice' satisfies TradeColumnId,
    header: 'Exit price',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: (context) => <NumberCell value={context.getValue()} format={formatPrice} />,
    meta: { label: 'Exit price', align: 'end' },
  }),
  helper.accessor((trade) => trade.fees, {
    id: 'fees' satisfies TradeColumnId,
    header: 'Fees',
    sortFn: 'basic',
    cell: (context) => <NumberCell value={context.getValue()} format={(value) => formatMoney(value)} />,
    meta: { label: 'Fees', align: 'end' },
  }),
  helper.accessor((trade) => trade.pnl, {
    id: 'pnl' satisfies TradeColumnId,
    header: 'P&L',
    sortFn: 'basic',
    sortDescFirst: true,
    cell: (context) => (
      <PnlCell
        pnl={context.getValue()}
        pnlPct={context.row.original.pnlPct}
        open={context.row.original.exitTime === null}
      />
    ),
    meta: { label: 'P&L', align: 'end' },
  }),
  helper.accessor((trade) => (trade.exitReason ? EXIT_REASON_LABELS[trade.exitReason] : undefined), {
    id: 'exitReason' satisfies TradeColumnId,
    header: 'Exit reason',
    sortFn: 'text',
    sortUndefined: 'last',
    cell: (context) => <TextCell value={context.getValue()} />,
    meta: { label: 'Exit reason' },
  }),
  helper.accessor((trade) => (trade.exitTime === null ? undefined : tradeDurationMs(trade, 0)), {
    id: 'duration' satisfies TradeColumnId,
    header: 'Duration',
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: (context) => <DurationCell trade={context.row.original} />,
    meta: { label: 'Duration', align: 'end' },
  }),
  helper.accessor((trade) => orUndefined(trade.strategyName) ?? trade.strategyId, {
    id: 'strategy' satisfies TradeColumnId,
    header: 'Strategy',
    sortFn: 'text',
    cell: (context) => <TextCell value={context.getValue()} />,
    meta: { label: 'Strategy' },
  }),
]);
