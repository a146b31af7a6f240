import { clsx } from 'clsx';
import { forwardRef, useId, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { Skeleton } from '../components/Skeleton';
import { AlertTriangleIcon } from '../icons/AlertTriangleIcon';
import { ArrowDownIcon } from '../icons/ArrowDownIcon';
import { ArrowUpDownIcon } from '../icons/ArrowUpDownIcon';
import { ArrowUpIcon } from '../icons/ArrowUpIcon';
import { focusRing } from '../theme/focus.css';
import { ColumnsMenu } from './ColumnsMenu';
import { SKELETON_ROWS } from './layout';
import { SortMenu } from './SortMenu';
import { errorText, isFailure, TableMessage } from './TableMessage';
import * as grid from './table.css';

/** What a data grid knows of a column beyond TanStack's own definition. */
export interface GridColumnMeta {
  /** The column's name in its header, its sort button and the columns menu. */
  label: string;
  align?: 'start' | 'end';
}

/** The part of a TanStack column (with sorting and visibility) that the grid's header and menus use. */
export interface GridColumn {
  id: string;
  columnDef: { meta?: GridColumnMeta | undefined };
  getCanSort: () => boolean;
  getCanHide: () => boolean;
  getIsVisible: () => boolean;
  getIsSorted: () => false | 'asc' | 'desc';
  getFirstSortDir: () => 'asc' | 'desc';
  getToggleSortingHandler: () => ((event: unknown) => void) | undefined;
  toggleVisibility: (visible?: boolean) => void;
}

export const columnLabel = (column: GridColumn): string => column.columnDef.meta?.label ?? column.id;

const countFormat = new Intl.NumberFormat('en-US');

export interface DataGridProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Names the parts: `data-slot` is this, and `-toolbar`, `-scroller`, `-error`, `-empty`, `-sort`, `-columns` after it. */
  slot: string;
  /** The grid's accessible name. */
  label: string;
  /** What one row is, and many ("trade", "trades"): for the count, the loading status and a failed refresh. */
  noun: { one: string; many: string };
  /** How many records were given. */
  total: number;
  /** Every column, for the Sort and Columns menus. */
  columns: readonly GridColumn[];
  /** Puts the table's own columns back; left out, the Columns menu offers no reset. */
  onResetColumns?: (() => void) | undefined;
  sortedBy: { id: string; desc: boolean } | undefined;
  onSortChange: (id: string | null, descending: boolean) => void;
  /** The Sort menu's choice for the order given ("Newest first (as received)"). */
  givenOrderLabel: string;
  /** Toolbar buttons before the Sort menu. */
  actions?: ReactNode;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: Error | string | null | undefined;
  onRetry: (() => void) | undefined;
  /** How many rows there are to show (none: skeleton rows or the empty state stand in). */
  rowCount: number;
  /** How many entries the body lists (rows and any opened details), for `aria-rowcount`. */
  itemCount: number;
  columnCount: number;
  /** Phone width: the scroller says it holds cards. */
  compact: boolean;
  onScroller: (scroller: HTMLDivElement | null) => void;
  tableStyle: CSSProperties | undefined;
  /** The `<col>` of each column shown. */
  colgroup: ReactNode;
  /** The header row's cells. */
  headerCells: ReactNode;
  /** How the keyboard moves through the grid, read as its description. */
  keysHint: ReactNode;
  /** Which cells of a skeleton row hold a bar (the others stay blank). */
  skeletonCells: readonly boolean[];
  /** The classes of the table's rows and cells, which skeleton rows take too. */
  rowClassName: string;
  cellClassName: string;
  /** The default empty state's text, under "No trades yet" (as `noun` says). */
  emptyDescription: string;
  /** The caller's own empty state, in place of the default one. */
  emptyState?: ReactNode;
  /** The body of rows, shown when there are any. */
  children: ReactNode;
}

/**
 * The frame every virtualised data table shares: a toolbar (the count, the table's own actions,
 * the Sort and Columns menus), a failed refresh above the rows, and a scroller holding one `grid`
 * that is a single Tab stop. Loading and empty states stand in for the body; the body itself and
 * the columns are the table's own.
 */
export const DataGrid = forwardRef<HTMLDivElement, DataGridProps>(function DataGrid(
  {
    slot,
    label,
    noun,
    total,
    columns,
    onResetColumns,
    sortedBy,
    onSortChange,
    givenOrderLabel,
    actions,
    loading,
    loadingMore,
    hasMore,
    error,
    onRetry,
    rowCount,
    itemCount,
    columnCount,
    compact,
    onScroller,
    tableStyle,
    colgroup,
    headerCells,
    keysHint,
    skeletonCells,
    rowClassName,
    cellClassName,
    emptyDescription,
    emptyState,
    children,
    className,
    ...rest
  },
  ref,
) {
  const showSkeleton = loading && rowCount === 0;
  const showError = isFailure(error);
  const hasRows = rowCount > 0;
  const keysId = `${useId()}-keys`;
  const countText = `${countFormat.format(total)} ${total === 1 ? noun.one : noun.many}${hasMore ? ' loaded' : ''}`;

  let body: ReactNode;
  if (showSkeleton) {
    body = (
      <tbody className={grid.body}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <tr key={index} className={rowClassName} aria-hidden="true" data-slot={`${slot}-skeleton`}>
            {skeletonCells.map((bar, cell) => (
              <td key={cell} className={cellClassName}>
                {bar ? <Skeleton shape="text" className={grid.skeleton} /> : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    );
  } else if (!hasRows) {
    body = (
      <tbody className={grid.body}>
        <tr role="row">
          <td
            role="gridcell"
            colSpan={columnCount}
            className={grid.stateCell}
            data-slot={showError ? undefined : `${slot}-empty`}
          >
            <TableMessage
              error={error}
              onRetry={onRetry}
              errorTitle={`Could not load ${noun.many}`}
              emptyState={emptyState}
              emptyTitle={`No ${noun.many} yet`}
              emptyDescription={emptyDescription}
              errorSlot={`${slot}-error`}
            />
          </td>
        </tr>
      </tbody>
    );
  } else {
    body = children;
  }

  return (
    <div ref={ref} {...rest} className={clsx(grid.root, className)} data-slot={slot}>
      <div className={grid.toolbar} data-slot={`${slot}-toolbar`}>
        {showSkeleton ? (
          <span className={grid.count} role="status">
            Loading {noun.many}…
          </span>
        ) : (
          <span className={grid.count}>{showError && !hasRows ? '' : countText}</span>
        )}
        <span className={grid.toolbarActions}>
          {actions}
          <SortMenu
            tableLabel={label}
            options={columns
              .filter((column) => column.getCanSort())
              .map((column) => ({
                id: column.id,
                label: columnLabel(column),
                firstDescending: column.getFirstSortDir() === 'desc',
              }))}
            sortedBy={sortedBy?.id ?? null}
            descending={sortedBy?.desc ?? true}
            onSortChange={onSortChange}
            givenOrderLabel={givenOrderLabel}
            slot={`${slot}-sort`}
          />
          <ColumnsMenu
            tableLabel={label}
            options={columns
              .filter((column) => column.getCanHide())
              .map((column) => ({ id: column.id, label: columnLabel(column), visible: column.getIsVisible() }))}
            onVisibleChange={(id, visible) => columns.find((column) => column.id === id)?.toggleVisibility(visible)}
            onReset={onResetColumns}
            slot={`${slot}-columns`}
          />
        </span>
      </div>
      {showError && hasRows ? (
        <div className={grid.banner} role="alert" data-slot={`${slot}-error`}>
          <AlertTriangleIcon className={grid.errorIcon} />
          <span className={grid.bannerText}>
            Could not refresh {noun.many}: {errorText(error)}
          </span>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
      <div
        ref={onScroller}
        className={grid.scroller}
        data-layout={compact ? 'cards' : 'table'}
        data-slot={`${slot}-scroller`}
      >
        {/* A grid: one Tab stop; the arrow keys move between rows (aria-activedescendant). */}
        <table
          role="grid"
          className={grid.table}
          style={tableStyle}
          aria-label={label}
          aria-rowcount={hasRows ? (hasMore ? -1 : itemCount + 1) : undefined}
          aria-colcount={columnCount}
          aria-busy={loading || loadingMore || undefined}
          aria-describedby={hasRows ? keysId : undefined}
          tabIndex={hasRows ? 0 : undefined}
        >
          <colgroup>{colgroup}</colgroup>
          <thead className={grid.cardsHiddenHeader}>
            <tr role="row" aria-rowindex={hasRows ? 1 : undefined}>
              {headerCells}
            </tr>
          </thead>
          {body}
        </table>
        <span id={keysId} hidden>
          {keysHint}
        </span>
      </div>
    </div>
  );
});

/**
 * A column's header. A sortable one holds a button for pointers (the keyboard sorts from the Sort
 * menu, so the grid stays one Tab stop) and says how it is sorted; another shows `children`.
 */
export function GridHeaderCell({
  column,
  label,
  children,
}: {
  column: GridColumn;
  /** The header's text, which may say more than the column's label (a time column names its zone). */
  label: string;
  children?: ReactNode;
}) {
  const align = column.columnDef.meta?.align ?? 'start';
  if (!column.getCanSort()) {
    return (
      <th scope="col" role="columnheader" className={clsx(grid.headerCell, grid.align[align])}>
        {children}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const SortIcon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <th
      scope="col"
      role="columnheader"
      aria-label={label}
      data-column={column.id}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={clsx(grid.headerCell, grid.align[align])}
    >
      <button
        type="button"
        className={clsx(grid.sortButton, focusRing)}
        aria-label={`Sort by ${label}`}
        // Pointer only: the keyboard sorts from the Sort menu, so the table stays one Tab stop.
        tabIndex={-1}
        data-sorted={sorted || undefined}
        onClick={column.getToggleSortingHandler()}
      >
        {label}
        <SortIcon size={14} className={grid.sortIcon} />
      </button>
    </th>
  );
}
