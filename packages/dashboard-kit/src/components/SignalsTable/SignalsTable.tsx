import {
  FlexRender,
  useTable,
  type ColumnVisibilityState,
  type ExpandedState,
  type Header,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import {
  forwardRef,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { AlertTriangleIcon } from '../../icons/AlertTriangleIcon';
import { ArrowDownIcon } from '../../icons/ArrowDownIcon';
import { ArrowUpDownIcon } from '../../icons/ArrowUpDownIcon';
import { ArrowUpIcon } from '../../icons/ArrowUpIcon';
import { InboxIcon } from '../../icons/InboxIcon';
import { focusRing } from '../../theme/focus.css';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Skeleton } from '../Skeleton';
import { ColumnsMenu } from './ColumnsMenu';
import { EXPAND_COLUMN_ID, signalColumns, signalTableFeatures, type SignalTableFeatures } from './columns';
import { COMPACT_MEDIA_QUERY, SKELETON_ROWS, tableMinWidth } from './layout';
import * as styles from './SignalsTable.css';
import { columnClass, SignalsTableBody, type ListItem } from './SignalsTableBody';
import type { SignalRow, SignalsTableColumnVisibility, SignalsTableSorting } from './types';
import { useFreshRows } from './useFreshRows';
import { useProgressiveRows } from './useProgressiveRows';

/** Columns a phone-width screen starts without; the columns menu brings them back. */
const COMPACT_HIDDEN_COLUMNS: ColumnVisibilityState = { quantity: false, interval: false, strategy: false };

export interface SignalsTableProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The rows, in the order to show them when no column is sorted (newest first, as the API answers). */
  signals: readonly SignalRow[];
  /** The table's accessible name. */
  label?: string;
  /** The first page is loading: skeleton rows stand in for the data. */
  loading?: boolean;
  /** Loading failed. Shown in place of the rows, or above them when some are already loaded. */
  error?: Error | string | null;
  /** Offered as a Retry button next to the error. */
  onRetry?: () => void;
  /** More (older) signals can be loaded. */
  hasMore?: boolean;
  /** A further page is on its way. */
  loadingMore?: boolean;
  /** Called once per row count when the user scrolls near the end and `hasMore` is set. */
  onEndReached?: () => void;
  /** Makes rows selectable by click, Enter or Space. */
  onRowClick?: (signal: SignalRow) => void;
  /** The selected row (for example the one behind a clicked chart marker); scrolled into view. */
  selectedId?: string | null;
  /** A row to point at (for example while a chart marker is hovered); scrolled into view. */
  highlightedId?: string | null;
  /** Called when a row's details open or close, for example to fetch its raw body. */
  onRowExpandedChange?: (signal: SignalRow, expanded: boolean) => void;
  /** The sorted column (controlled). Empty keeps the order of `signals`. */
  sorting?: SignalsTableSorting;
  defaultSorting?: SignalsTableSorting;
  onSortingChange?: (sorting: SignalsTableSorting) => void;
  /** Which columns show (controlled). Left out, phone widths start with fewer columns. */
  columnVisibility?: SignalsTableColumnVisibility;
  defaultColumnVisibility?: SignalsTableColumnVisibility;
  onColumnVisibilityChange?: (visibility: SignalsTableColumnVisibility) => void;
  /** Replaces the default "No signals yet" message. */
  emptyState?: ReactNode;
}

function startingVisibility(): ColumnVisibilityState {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return {};
  return window.matchMedia(COMPACT_MEDIA_QUERY).matches ? COMPACT_HIDDEN_COLUMNS : {};
}

const getRowId = (signal: SignalRow) => signal.id;

const countFormat = new Intl.NumberFormat('en-US');

function errorMessage(error: Error | string): string {
  return typeof error === 'string' ? error : error.message;
}

/**
 * A virtualised, sortable table of webhook signals. Rows have a fixed height and only those in
 * view (plus a margin) are in the DOM, so 100,000 signals scroll like 20. The root element takes
 * a default height; give it another through `className` or `style`.
 */
export const SignalsTable = forwardRef<HTMLDivElement, SignalsTableProps>(function SignalsTable(
  {
    signals,
    label = 'Signals',
    loading = false,
    error = null,
    onRetry,
    hasMore = false,
    loadingMore = false,
    onEndReached,
    onRowClick,
    selectedId = null,
    highlightedId = null,
    onRowExpandedChange,
    sorting,
    defaultSorting,
    onSortingChange,
    columnVisibility,
    defaultColumnVisibility,
    onColumnVisibilityChange,
    emptyState,
    className,
    ...rest
  },
  ref,
) {
  const idPrefix = useId();
  // State, not a ref: the body's virtualiser needs a render once the scroller exists.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  const [sortingState, setSortingState] = useControllableState<SortingState>({
    prop: sorting,
    defaultProp: defaultSorting ?? [],
    onChange: onSortingChange as ((sorting: SortingState) => void) | undefined,
  });
  const [startingColumns] = useState(() => (defaultColumnVisibility as ColumnVisibilityState) ?? startingVisibility());
  const [visibilityState, setVisibilityState] = useControllableState<ColumnVisibilityState>({
    prop: columnVisibility as ColumnVisibilityState | undefined,
    defaultProp: startingColumns,
    onChange: onColumnVisibilityChange as ((visibility: ColumnVisibilityState) => void) | undefined,
  });

  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const expandedRef = useRef(expanded);
  const onRowExpandedChangeRef = useRef(onRowExpandedChange);
  onRowExpandedChangeRef.current = onRowExpandedChange;

  const detailRowId = useCallback((rowId: string) => `${idPrefix}-detail-${encodeURIComponent(rowId)}`, [idPrefix]);
  const meta = useMemo(() => ({ detailRowId }), [detailRowId]);

  const data = useProgressiveRows(signals, sortingState.length === 0);
  const sortOrder = sortingState.map((sort) => `${sort.id}:${sort.desc ? 'desc' : 'asc'}`).join(',');
  const table = useTable({
    features: signalTableFeatures,
    columns: signalColumns,
    data,
    getRowId,
    meta,
    state: { sorting: sortingState, columnVisibility: visibilityState, expanded },
    onSortingChange: setSortingState,
    onColumnVisibilityChange: setVisibilityState,
    onExpandedChange: (updater: Updater<ExpandedState>) => {
      const previous = expandedRef.current;
      const resolved = typeof updater === 'function' ? updater(previous) : updater;
      // `true` means "every row"; this table only ever opens rows one at a time.
      if (resolved === true) return;
      expandedRef.current = resolved;
      setExpanded(resolved);
      const rowsById = table.getCoreRowModel().rowsById;
      for (const id of new Set([...Object.keys(previous), ...Object.keys(resolved)])) {
        const isOpen = resolved[id] === true;
        const signal = rowsById[id]?.original;
        if (isOpen !== (previous[id] === true) && signal) onRowExpandedChangeRef.current?.(signal, isOpen);
      }
    },
    getRowCanExpand: () => true,
    // Live signals change the data every second; an open row must stay open through that.
    autoResetExpanded: false,
    enableMultiSort: false,
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const visibleColumnKey = visibleColumns.map((column) => column.id).join(' ');
  const columnCount = visibleColumns.length;

  // Expanded rows add a detail row after them; without any, the list is the rows themselves.
  const items = useMemo<ListItem[] | null>(() => {
    if (!Object.values(expanded).some(Boolean)) return null;
    const list: ListItem[] = [];
    for (const row of rows) {
      list.push({ row, detail: false });
      if (expanded[row.id]) list.push({ row, detail: true });
    }
    return list;
  }, [rows, expanded]);
  const itemCount = items ? items.length : rows.length;

  const fresh = useFreshRows(data, !loading && !error);
  const showSkeleton = loading && rows.length === 0;
  const showError = error !== null && error !== undefined && error !== '';

  const onRowClickRef = useRef(onRowClick);
  onRowClickRef.current = onRowClick;
  const activateRow = useCallback((signal: SignalRow) => onRowClickRef.current?.(signal), []);

  const minWidth = tableMinWidth(visibleColumns.map((column) => column.id));

  let body: ReactNode;
  if (showSkeleton) {
    body = (
      <tbody>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <tr key={index} className={styles.row} aria-hidden="true" data-slot="signals-table-skeleton">
            {visibleColumns.map((column) => (
              <td key={column.id} className={styles.cell}>
                {column.id === EXPAND_COLUMN_ID ? null : <Skeleton shape="text" className={styles.skeleton} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    );
  } else if (rows.length === 0) {
    body = (
      <tbody>
        <tr>
          <td
            colSpan={columnCount}
            className={styles.stateCell}
            data-slot={showError ? undefined : 'signals-table-empty'}
          >
            {showError ? (
              <EmptyState
                role="alert"
                tone="danger"
                titleAs="p"
                icon={<AlertTriangleIcon size={24} />}
                title="Could not load signals"
                description={errorMessage(error)}
                action={
                  onRetry ? (
                    <Button variant="outline" size="sm" onClick={onRetry}>
                      Retry
                    </Button>
                  ) : undefined
                }
                data-slot="signals-table-error"
              />
            ) : (
              (emptyState ?? (
                <EmptyState
                  titleAs="p"
                  icon={<InboxIcon size={24} />}
                  title="No signals yet"
                  description="Signals appear here as soon as your webhook receives an alert."
                />
              ))
            )}
          </td>
        </tr>
      </tbody>
    );
  } else {
    body = (
      <SignalsTableBody
        items={items}
        rows={rows}
        scroller={scroller}
        columnCount={columnCount}
        visibleColumnKey={visibleColumnKey}
        expanded={expanded}
        fresh={fresh}
        selectedId={selectedId}
        highlightedId={highlightedId}
        onActivate={onRowClick ? activateRow : undefined}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onEndReached={onEndReached}
        detailRowId={detailRowId}
        sortOrder={sortOrder}
      />
    );
  }

  const countText = `${countFormat.format(signals.length)} ${signals.length === 1 ? 'signal' : 'signals'}${
    hasMore ? ' loaded' : ''
  }`;

  return (
    <div ref={ref} {...rest} className={clsx(styles.root, className)} data-slot="signals-table">
      <div className={styles.toolbar} data-slot="signals-table-toolbar">
        {showSkeleton ? (
          <span className={styles.count} role="status">
            Loading signals…
          </span>
        ) : (
          <span className={styles.count}>{showError && rows.length === 0 ? '' : countText}</span>
        )}
        <ColumnsMenu
          tableLabel={label}
          options={table
            .getAllLeafColumns()
            .filter((column) => column.getCanHide())
            .map((column) => ({
              id: column.id,
              label: column.columnDef.meta?.label ?? column.id,
              visible: column.getIsVisible(),
            }))}
          onVisibleChange={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
        />
      </div>
      {showError && rows.length > 0 ? (
        <div className={styles.banner} role="alert" data-slot="signals-table-error">
          <AlertTriangleIcon className={styles.errorIcon} />
          <span className={styles.bannerText}>Could not refresh signals: {errorMessage(error)}</span>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
      <div
        ref={setScroller}
        className={clsx(styles.scroller, focusRing)}
        // Takes focus when a focused row scrolls away, so the keyboard keeps scrolling the table.
        tabIndex={-1}
        data-slot="signals-table-scroller"
      >
        <table
          className={styles.table}
          style={{ minWidth }}
          aria-label={label}
          aria-rowcount={rows.length > 0 ? (hasMore ? -1 : itemCount + 1) : undefined}
          aria-busy={loading || loadingMore || undefined}
        >
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} className={columnClass(column.id)} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={rows.length > 0 ? 1 : undefined}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
              </tr>
            ))}
          </thead>
          {body}
        </table>
      </div>
    </div>
  );
});

function HeaderCell({ header }: { header: Header<SignalTableFeatures, SignalRow, unknown> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const label = meta?.label ?? column.id;
  const align = meta?.align ?? 'start';
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={clsx(styles.headerCell, styles.align[align])}>
        <FlexRender header={header} />
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const SortIcon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <th
      scope="col"
      aria-label={label}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={clsx(styles.headerCell, styles.align[align])}
    >
      <button
        type="button"
        className={clsx(styles.sortButton, focusRing)}
        aria-label={`Sort by ${label}`}
        data-sorted={sorted || undefined}
        onClick={column.getToggleSortingHandler()}
      >
        {label}
        <SortIcon size={14} className={styles.sortIcon} />
      </button>
    </th>
  );
}
