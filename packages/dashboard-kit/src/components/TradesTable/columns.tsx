import { createColumnHelper, tableFeatures, type Row } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { formatDuration, formatMoney, formatPercent, toneOf } from '../../format/performance';
import { Missing } from '../../table/cells';
import { useNow } from '../../table/clock';
import { gridFeatures, named, numberCell, orUndefined, textCell } from '../../table/gridColumns';
import { createReusingCoreRowModel } from '../../table/rowModel';
import * as grid from '../../table/table.css';
import { visuallyHidden } from '../../theme/focus.css';
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

/**
 * A fill: its time over its price, so entry and exit each take one column. The exact time is in the
 * tooltip; its zone is named in the column's header. (Naming the zone per time builds an Intl formatter
 * for every distinct hour: too slow for rows hours apart.)
 */
function FillCell({
  time,
  price,
  timeZone,
}: {
  time: number | undefined;
  price: number | null;
  timeZone: TimeZoneMode;
}) {
  if (time === undefined) return <Missing />;
  return (
    <span className={styles.stack}>
      <time className={grid.numeric} dateTime={new Date(time).toISOString()} title={formatExactTime(time, timeZone)}>
        {formatTradeTime(time, timeZone)}
      </time>
      {price === null ? null : (
        <span className={clsx(grid.numeric, styles.secondary)}>
          <span className={visuallyHidden}>at </span>
          {formatPrice(price)}
        </span>
      )}
    </span>
  );
}

export function SideBadge({ side }: { side: TradeRow['side'] }) {
  return <Badge variant={side === 'long' ? 'success' : 'danger'}>{side === 'long' ? 'Long' : 'Short'}</Badge>;
}

/** Net P&L in money over its percent, signed and toned; an open trade's is marked unrealised, whole even in a narrow column. */
export function PnlCell({ pnl, pnlPct, open }: { pnl: number; pnlPct: number; open: boolean }) {
  return (
    <span className={clsx(styles.pnl, grid.tone[toneOf(pnl)])}>
      <span>{formatMoney(pnl, { signed: true })}</span>
      <span className={styles.pnlPct}>
        <span className={styles.pnlPctValue}>{formatPercent(pnlPct, { signed: true })}</span>
        {open ? (
          <>
            {' '}
            <span className={styles.unrealised}>unrealised</span>
          </>
        ) : null}
      </span>
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
    ...named<TradeColumnId>('opened', 'Entry'),
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: (context) => (
      <FillCell
        time={context.getValue()}
        price={context.row.original.entryPrice}
        timeZone={zoneOf(context.table.options.meta)}
      />
    ),
  }),
  helper.accessor((trade: TradeRow) => parseTime(trade.exitTime), {
    ...named<TradeColumnId>('closed', 'Exit'),
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: (context) =>
      context.row.original.exitTime === null ? (
        <Badge variant="info">Open</Badge>
      ) : (
        <FillCell
          time={context.getValue()}
          price={context.row.original.exitPrice}
          timeZone={zoneOf(context.table.options.meta)}
        />
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
