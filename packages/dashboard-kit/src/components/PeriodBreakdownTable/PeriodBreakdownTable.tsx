import { clsx } from 'clsx';
import { forwardRef, useMemo, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { MetricNumber } from '../../format/MetricNumber';
import { formatMoney, isInfinite, toneOf, type RatioValue } from '../../format/performance';
import { ArrowDownIcon } from '../../icons/ArrowDownIcon';
import { ArrowUpDownIcon } from '../../icons/ArrowUpDownIcon';
import { ArrowUpIcon } from '../../icons/ArrowUpIcon';
import { errorText, isFailure, TableMessage } from '../../table/TableMessage';
import * as grid from '../../table/table.css';
import { focusRing, visuallyHidden } from '../../theme/focus.css';
import { Skeleton } from '../Skeleton';
import { EXIT_REASON_LABELS } from '../TradesTable/format';
import type { TradeExitReason } from '../TradesTable/types';
import * as styles from './PeriodBreakdownTable.css';

/** What the rows are grouped by, as `GET /api/performance/breakdown?by=` takes it. */
export type BreakdownBy = 'pair' | 'strategy' | 'exitReason' | 'day' | 'week' | 'month';

/** One group of closed trades, in the shape the breakdown endpoint answers with. */
export interface BreakdownRow {
  /** The pair, strategy id, exit reason, day (2026-11-23), ISO week (2026-W48) or month (2026-11). */
  key: string;
  /** Shown instead of the key: a strategy's name for its id. */
  label?: string;
  tradeCount: number;
  wins: number;
  losses: number;
  /** Break-even trades (net P&L of exactly 0). */
  draws: number;
  /** wins ÷ trades, 0 to 1; `null` with no trades. */
  winRate: number | null;
  netPnl: number;
  /** gross profit ÷ |gross loss|; `"Infinity"` (or `Infinity`) with no losses, `null` with nothing to divide. */
  profitFactor: RatioValue;
  /** Σ P&L of the wins; with `grossLoss` on every row, the total row's profit factor is computed. */
  grossProfit?: number;
  /** Σ P&L of the losses (0 or negative). */
  grossLoss?: number;
}

export type BreakdownColumnId =
  'key' | 'tradeCount' | 'wins' | 'losses' | 'draws' | 'winRate' | 'netPnl' | 'profitFactor';

/** At most one sorted column; empty keeps the order given (chronological for periods). */
export type PeriodBreakdownSorting = { id: BreakdownColumnId; desc: boolean }[];

export interface PeriodBreakdownTableProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  rows: readonly BreakdownRow[];
  /** What the rows are grouped by: names the first column. */
  by: BreakdownBy;
  /** The table's accessible name (default "Breakdown by pair", and so on). */
  label?: string;
  /** The total row. Left out, it is summed from the rows (profit factor only when every row has its gross profit and loss). */
  total?: Omit<BreakdownRow, 'key' | 'label'>;
  loading?: boolean;
  error?: Error | string | null;
  onRetry?: () => void;
  sorting?: PeriodBreakdownSorting;
  defaultSorting?: PeriodBreakdownSorting;
  onSortingChange?: (sorting: PeriodBreakdownSorting) => void;
  emptyState?: ReactNode;
}

const BY_LABELS: Record<BreakdownBy, string> = {
  pair: 'Pair',
  strategy: 'Strategy',
  exitReason: 'Exit reason',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

interface Column<Id extends BreakdownColumnId = BreakdownColumnId> {
  id: Id;
  label: string;
}

const VALUE_COLUMNS: readonly Column<Exclude<BreakdownColumnId, 'key'>>[] = [
  { id: 'tradeCount', label: 'Trades' },
  { id: 'wins', label: 'Wins' },
  { id: 'losses', label: 'Losses' },
  { id: 'draws', label: 'Draws' },
  { id: 'winRate', label: 'Win rate' },
  { id: 'netPnl', label: 'Net P&L' },
  { id: 'profitFactor', label: 'Profit factor' },
];

function keyLabel(row: BreakdownRow, by: BreakdownBy): string {
  if (row.label) return row.label;
  if (by === 'exitReason') return EXIT_REASON_LABELS[row.key as TradeExitReason] ?? row.key;
  return row.key;
}

/** A number to sort by: infinity above every ratio, nothing below every value. */
function sortValue(row: BreakdownRow, id: BreakdownColumnId): number {
  const value = row[id as Exclude<BreakdownColumnId, 'key'>];
  if (isInfinite(value)) return Infinity;
  return typeof value === 'number' ? value : -Infinity;
}

/** The total of the rows; its profit factor only when every row brings its gross profit and loss. */
export function totalOf(rows: readonly BreakdownRow[]): Omit<BreakdownRow, 'key' | 'label'> {
  let tradeCount = 0;
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let netPnl = 0;
  let grossProfit: number | undefined = 0;
  let grossLoss: number | undefined = 0;
  for (const row of rows) {
    tradeCount += row.tradeCount;
    wins += row.wins;
    losses += row.losses;
    draws += row.draws;
    netPnl += row.netPnl;
    grossProfit =
      grossProfit === undefined || row.grossProfit === undefined ? undefined : grossProfit + row.grossProfit;
    grossLoss = grossLoss === undefined || row.grossLoss === undefined ? undefined : grossLoss + row.grossLoss;
  }
  let profitFactor: RatioValue = null;
  if (grossProfit !== undefined && grossLoss !== undefined) {
    if (grossLoss < 0) profitFactor = grossProfit / -grossLoss;
    else if (grossProfit > 0) profitFactor = 'Infinity';
  }
  return {
    tradeCount,
    wins,
    losses,
    draws,
    winRate: tradeCount === 0 ? null : wins / tradeCount,
    netPnl: Math.round(netPnl * 1e6) / 1e6,
    profitFactor,
  };
}

function ValueCells({ row, rowHeader }: { row: Omit<BreakdownRow, 'key' | 'label'>; rowHeader: ReactNode }) {
  return (
    <>
      {rowHeader}
      {VALUE_COLUMNS.map((column) => {
        let content: ReactNode;
        if (column.id === 'winRate') {
          content = <MetricNumber value={row.winRate === null ? null : row.winRate * 100} format="percent" />;
        } else if (column.id === 'netPnl') {
          content = <span className={grid.tone[toneOf(row.netPnl)]}>{formatMoney(row.netPnl, { signed: true })}</span>;
        } else if (column.id === 'profitFactor') {
          content = <MetricNumber value={row.profitFactor} format="ratio" />;
        } else {
          content = <MetricNumber value={row[column.id]} format="count" />;
        }
        return (
          <td
            key={column.id}
            className={clsx(styles.cell, grid.align.end, styles.area[column.id])}
            data-column={column.id}
          >
            {content}
          </td>
        );
      })}
    </>
  );
}

/**
 * Closed trades grouped by pair, strategy, exit reason, day, week or month, with each group's
 * trades, wins, losses, draws, win rate, net P&L and profit factor, and a total row. Every
 * column sorts from its header. A phone shows every column too, each group as a small card.
 */
export const PeriodBreakdownTable = forwardRef<HTMLDivElement, PeriodBreakdownTableProps>(function PeriodBreakdownTable(
  {
    rows,
    by,
    label,
    total,
    loading = false,
    error = null,
    onRetry,
    sorting,
    defaultSorting,
    onSortingChange,
    emptyState,
    className,
    ...rest
  },
  ref,
) {
  const [sortingState, setSortingState] = useControllableState<PeriodBreakdownSorting>({
    prop: sorting,
    defaultProp: defaultSorting ?? [],
    onChange: onSortingChange,
  });
  const sorted = sortingState[0];
  const sortedRows = useMemo(() => {
    if (!sorted) return rows;
    const direction = sorted.desc ? -1 : 1;
    return [...rows].sort((a, b) => {
      const order =
        sorted.id === 'key'
          ? keyLabel(a, by).localeCompare(keyLabel(b, by))
          : sortValue(a, sorted.id) - sortValue(b, sorted.id) || 0;
      return order * direction;
    });
  }, [rows, sorted, by]);
  const totals = useMemo(() => total ?? totalOf(rows), [total, rows]);

  const columns: readonly Column[] = [{ id: 'key', label: BY_LABELS[by] }, ...VALUE_COLUMNS];
  const tableLabel = label ?? `Breakdown by ${BY_LABELS[by].toLowerCase()}`;
  const showError = isFailure(error);
  const toggleSort = (id: BreakdownColumnId) => {
    // Numbers start highest first, names A to Z; a third press returns to the order given.
    const firstDesc = id !== 'key';
    if (sorted?.id !== id) setSortingState([{ id, desc: firstDesc }]);
    else if (sorted.desc === firstDesc) setSortingState([{ id, desc: !firstDesc }]);
    else setSortingState([]);
  };

  let body: ReactNode;
  if (loading && rows.length === 0) {
    body = Array.from({ length: 4 }, (_, index) => (
      <tr key={index} aria-hidden="true" className={styles.row} data-slot="period-breakdown-skeleton">
        {columns.map((column) => (
          <td key={column.id} className={clsx(styles.cell, styles.area[column.id])}>
            <Skeleton shape="text" className={styles.skeleton} />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr className={styles.row}>
        <td colSpan={columns.length} className={styles.stateCell}>
          <TableMessage
            error={error}
            onRetry={onRetry}
            errorTitle="Could not load the breakdown"
            emptyState={emptyState}
            emptyTitle="No closed trades yet"
            emptyDescription="Each group appears once a trade in it has closed."
          />
        </td>
      </tr>
    );
  } else {
    body = sortedRows.map((row) => {
      const text = keyLabel(row, by);
      return (
        <tr key={row.key} className={styles.row} data-slot="period-breakdown-row" data-key={row.key}>
          <ValueCells
            row={row}
            rowHeader={
              <th scope="row" className={clsx(styles.keyCell, styles.area.key)} title={text}>
                {text}
              </th>
            }
          />
        </tr>
      );
    });
  }

  return (
    <div ref={ref} className={clsx(styles.root, className)} data-slot="period-breakdown-table" {...rest}>
      {showError && rows.length > 0 ? (
        <p role="alert" className={styles.stateCell}>
          Could not refresh the breakdown: {errorText(error)}
        </p>
      ) : null}
      <table className={styles.table} aria-label={tableLabel} aria-busy={loading || undefined}>
        <thead className={styles.rowGroup}>
          <tr className={clsx(styles.row, styles.headerRow)}>
            {columns.map((column) => {
              const direction = sorted?.id === column.id ? (sorted.desc ? 'desc' : 'asc') : undefined;
              const SortIcon =
                direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={clsx(
                    styles.headerCell,
                    grid.align[column.id === 'key' ? 'start' : 'end'],
                    styles.area[column.id],
                  )}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  <button
                    type="button"
                    className={clsx(grid.sortButton, styles.sortButton, focusRing)}
                    data-sorted={direction}
                    onClick={() => toggleSort(column.id)}
                  >
                    {column.label}
                    <SortIcon size={14} className={grid.sortIcon} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={styles.rowGroup}>{body}</tbody>
        {rows.length > 0 ? (
          <tfoot className={styles.rowGroup}>
            <tr className={clsx(styles.row, styles.totalRow)} data-slot="period-breakdown-total">
              <ValueCells
                row={totals}
                rowHeader={
                  <th scope="row" className={clsx(styles.keyCell, styles.area.key)}>
                    Total
                  </th>
                }
              />
            </tr>
          </tfoot>
        ) : null}
      </table>
      {loading && rows.length === 0 ? (
        <span role="status" className={visuallyHidden}>
          Loading breakdown…
        </span>
      ) : null}
    </div>
  );
});
