import { createColumnHelper, rowExpandingFeature, tableFeatures, type Row } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { AlertTriangleIcon } from '../../icons/AlertTriangleIcon';
import { ChevronRightIcon } from '../../icons/ChevronRightIcon';
import { focusRing, visuallyHidden } from '../../theme/focus.css';
import type { TimeZoneMode } from '../../time/time-zone';
import { Missing } from '../../table/cells';
import { useNow } from '../../table/clock';
import { gridFeatures, named, orUndefined, textCell } from '../../table/gridColumns';
import { Badge, type BadgeVariant } from '../Badge';
import {
  actionTone,
  type ActionTone,
  formatPrice,
  formatQuantity,
  formatCellTime,
  formatLocalDate,
  formatRelativeTime,
  formatZonedTime,
  intervalToMinutes,
} from './format';
import { createReusingCoreRowModel } from '../../table/rowModel';
import * as grid from '../../table/table.css';
import * as styles from './SignalsTable.css';
import type { SignalColumnId, SignalRow, SignalStatus } from './types';

/** What cells read from the table they sit in. */
export interface SignalTableMeta {
  /** The DOM id of a row's expanded detail row, for `aria-controls`. */
  detailRowId: (rowId: string) => string;
  /** The zone every time is shown in. */
  timeZone: TimeZoneMode;
  /** Why a signal's price deserves a second look (for example far from the market), or `null`. */
  priceWarning?: ((signal: SignalRow) => string | null) | undefined;
}

export const signalTableFeatures = tableFeatures({
  coreRowModel: createReusingCoreRowModel<SignalRow>(),
  ...gridFeatures,
  rowExpandingFeature,
  tableMeta: {} as SignalTableMeta,
});

export type SignalTableFeatures = typeof signalTableFeatures;
export type SignalTableRow = Row<SignalTableFeatures, SignalRow>;

/** The expand toggle's column: always shown, never sorted. */
export const EXPAND_COLUMN_ID = 'expand';

/**
 * When a signal arrived: the time on the zone's clock (the zone the column's header names) over how long
 * ago, which counts up; the exact time, zone named, in the tooltip and the `<time dateTime>`.
 */
export function RelativeTime({ time, timeZone }: { time: number; timeZone: TimeZoneMode }) {
  const now = useNow();
  const relative = formatRelativeTime(time, now, timeZone);
  const clock = formatCellTime(time, now, timeZone);
  return (
    <span className={styles.timeStack}>
      <time className={grid.numeric} dateTime={new Date(time).toISOString()} title={formatZonedTime(time, timeZone)}>
        {clock}
      </time>
      {relative === clock || relative === formatLocalDate(time, timeZone) ? null : (
        <span className={styles.timeAgo}>{relative}</span>
      )}
    </span>
  );
}

const ACTION_VARIANT: Record<ActionTone, BadgeVariant> = {
  positive: 'success',
  negative: 'danger',
  neutral: 'neutral',
};

export function ActionBadge({ action }: { action: string | null }) {
  if (action === null || action.trim() === '') return <Missing />;
  return (
    <Badge variant={ACTION_VARIANT[actionTone(action)]} className={grid.isolated} title={action}>
      {action}
    </Badge>
  );
}

const STATUS_VARIANT: Record<SignalStatus, BadgeVariant> = {
  accepted: 'success',
  rejected: 'danger',
  duplicate: 'warning',
};

/**
 * The status badge (and "ignored" when the paper account ignored an accepted signal), then why (a rejection's or
 * duplicate's reason, or why it was ignored), else what it did (its outcome).
 */
export function StatusCell({
  status,
  reason,
  outcome = null,
  outOfSync = false,
  ignored = false,
}: {
  status: SignalStatus;
  reason: string | null;
  outcome?: string | null;
  /** The alert's TradingView position disagreed with the paper account's. */
  outOfSync?: boolean;
  /** Stored, then ignored by the paper account: a neutral "ignored" badge beside its status. */
  ignored?: boolean;
}) {
  const note = reason ?? outcome;
  return (
    <span className={styles.status} data-slot="signals-table-status">
      <Badge variant={STATUS_VARIANT[status]} className={styles.statusBadge}>
        {status}
      </Badge>
      {ignored ? (
        <Badge variant="neutral" className={styles.statusBadge} data-slot="signals-table-ignored">
          ignored
        </Badge>
      ) : null}
      {outOfSync ? (
        <Badge variant="danger" className={styles.statusBadge} data-slot="signals-table-out-of-sync">
          out of sync
        </Badge>
      ) : null}
      {note ? (
        <span className={clsx(styles.reason, grid.isolated)} title={note} data-slot="signals-table-reason">
          {note}
        </span>
      ) : null}
    </span>
  );
}

/** A price, flagged with a warning sign (named by the warning) when it deserves a second look. */
export function PriceCell({ value, warning }: { value: number | undefined; warning: string | null }) {
  if (value === undefined) return <Missing />;
  return (
    <span className={styles.price}>
      {warning ? (
        <span className={styles.priceWarning} title={warning} data-slot="signals-table-price-warning">
          <AlertTriangleIcon size={14} aria-hidden="true" />
          <span className={visuallyHidden}>{warning}:</span>
        </span>
      ) : null}
      <span className={styles.priceValue} data-slot="signals-table-price-value">
        {formatPrice(value)}
      </span>
    </span>
  );
}

/** A quantity to the satoshi; one too long for its cell is cut at its end, whole in its tooltip. */
export function QuantityCell({ value }: { value: number | undefined }) {
  if (value === undefined) return <Missing />;
  const text = formatQuantity(value);
  return (
    <span className={grid.numeric} title={text}>
      {text}
    </span>
  );
}

function ExpandToggle({
  row,
  detailRowId,
  timeZone,
}: {
  row: SignalTableRow;
  detailRowId: string | undefined;
  timeZone: TimeZoneMode;
}) {
  const now = useNow();
  const expanded = row.getIsExpanded();
  const { ticker, action, receivedAt } = row.original;
  const subject = [ticker, action].filter(Boolean).join(' ') || 'signal';
  return (
    <button
      type="button"
      className={clsx(styles.expandButton, focusRing)}
      aria-expanded={expanded}
      aria-controls={expanded ? detailRowId : undefined}
      // With the time its row shows: rows of one pair and action ("Details of BTC buy") are told apart by it.
      aria-label={`Details of ${subject} at ${formatCellTime(receivedAt, now, timeZone)}`}
      // The table is one Tab stop: Enter or the arrow keys open a row's details from there.
      tabIndex={-1}
      data-slot="signals-table-expand"
      onClick={() => row.toggleExpanded()}
    >
      <ChevronRightIcon className={styles.expandIcon} />
    </button>
  );
}

const helper = createColumnHelper<SignalTableFeatures, SignalRow>();

/** Intervals sort by length (1m < 15m < 1h < 1d); anything unrecognised sorts after them by text. */
function compareIntervals(rowA: SignalTableRow, rowB: SignalTableRow, columnId: string): number {
  const a = rowA.getValue<string>(columnId);
  const b = rowB.getValue<string>(columnId);
  const minutesA = intervalToMinutes(a);
  const minutesB = intervalToMinutes(b);
  if (minutesA !== undefined && minutesB !== undefined) return minutesA - minutesB;
  if (minutesA !== undefined) return -1;
  if (minutesB !== undefined) return 1;
  return a.localeCompare(b);
}

export const signalColumns = helper.columns([
  helper.display({
    id: EXPAND_COLUMN_ID,
    header: () => <span className={visuallyHidden}>Details</span>,
    cell: ({ row, table }) => (
      <ExpandToggle
        row={row}
        detailRowId={table.options.meta?.detailRowId(row.id)}
        timeZone={table.options.meta?.timeZone ?? 'local'}
      />
    ),
    enableHiding: false,
    enableSorting: false,
    meta: { label: 'Details' },
  }),
  helper.accessor((signal: SignalRow) => signal.receivedAt, {
    ...named<SignalColumnId>('time', 'Time'),
    sortFn: 'basic',
    sortDescFirst: true,
    cell: (context) => (
      <RelativeTime time={context.getValue()} timeZone={context.table.options.meta?.timeZone ?? 'local'} />
    ),
  }),
  helper.accessor((signal: SignalRow) => orUndefined(signal.ticker), {
    ...named<SignalColumnId>('ticker', 'Ticker'),
    sortFn: 'text',
    sortUndefined: 'last',
    cell: textCell(styles.ticker),
  }),
  helper.accessor((signal: SignalRow) => orUndefined(signal.action), {
    ...named<SignalColumnId>('action', 'Action'),
    sortFn: 'text',
    sortUndefined: 'last',
    cell: (context) => <ActionBadge action={context.getValue() ?? null} />,
  }),
  helper.accessor((signal: SignalRow) => orUndefined(signal.price), {
    ...named<SignalColumnId>('price', 'Price', 'end'),
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: (context) => (
      <PriceCell
        value={context.getValue()}
        warning={context.table.options.meta?.priceWarning?.(context.row.original) ?? null}
      />
    ),
  }),
  helper.accessor((signal: SignalRow) => orUndefined(signal.quantity), {
    ...named<SignalColumnId>('quantity', 'Quantity', 'end'),
    sortFn: 'basic',
    sortUndefined: 'last',
    cell: (context) => <QuantityCell value={context.getValue()} />,
  }),
  helper.accessor((signal: SignalRow) => orUndefined(signal.interval), {
    ...named<SignalColumnId>('interval', 'Interval'),
    sortFn: compareIntervals,
    sortUndefined: 'last',
    cell: textCell(),
  }),
  helper.accessor((signal: SignalRow) => orUndefined(signal.strategy), {
    ...named<SignalColumnId>('strategy', 'Strategy'),
    sortFn: 'text',
    sortUndefined: 'last',
    cell: textCell(styles.strategy),
  }),
  helper.accessor((signal: SignalRow) => signal.status, {
    ...named<SignalColumnId>('status', 'Status'),
    sortFn: 'text',
    cell: (context) => {
      const signal = context.row.original;
      const decided = signal.journey?.outcome;
      const ignored = decided?.status === 'ignored';
      return (
        <StatusCell
          status={context.getValue()}
          reason={signal.reason}
          // The "ignored" badge says what happened: its reason follows it, not an outcome that says "Ignored" again.
          outcome={ignored ? decided.reason : (signal.outcome ?? null)}
          outOfSync={signal.outOfSync ?? false}
          ignored={ignored}
        />
      );
    },
  }),
]);
