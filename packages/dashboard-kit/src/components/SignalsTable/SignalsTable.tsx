import {
  FlexRender,
  useTable,
  type ColumnVisibilityState,
  type ExpandedState,
  type Header,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { measureElement as measureRenderedSize, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { clsx } from 'clsx';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type MouseEvent,
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
import { ColumnsMenu } from './ColumnsMenu';
import {
  EXPAND_COLUMN_ID,
  signalColumns,
  signalTableFeatures,
  type SignalTableFeatures,
  type SignalTableRow,
} from './columns';
import { formatExactTime } from './format';
import {
  COMPACT_MEDIA_QUERY,
  DETAIL_ESTIMATE_PX,
  END_REACHED_THRESHOLD_ROWS,
  FRESH_ROW_MS,
  HEADER_HEIGHT_PX,
  OVERSCAN_ROWS,
  ROW_HEIGHT_PX,
  SKELETON_ROWS,
} from './layout';
import * as styles from './SignalsTable.css';
import type { SignalRow, SignalsTableColumnVisibility, SignalsTableSorting } from './types';
import { useFreshRows } from './useFreshRows';

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

type ListItem = { row: SignalTableRow; detail: boolean };

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
  const scrollerRef = useRef<HTMLDivElement>(null);

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

  const table = useTable({
    features: signalTableFeatures,
    columns: signalColumns,
    data: signals,
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
  const itemAt = useCallback(
    (index: number): ListItem => items?.[index] ?? { row: rows[index] as SignalTableRow, detail: false },
    [items, rows],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: itemCount,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (index) => (itemAt(index).detail ? DETAIL_ESTIMATE_PX : ROW_HEIGHT_PX),
    getItemKey: (index) => {
      const item = itemAt(index);
      return item.detail ? `${item.row.id}\u0000detail` : item.row.id;
    },
    overscan: OVERSCAN_ROWS,
    // The sticky header sits above the first row inside the same scroller.
    scrollMargin: HEADER_HEIGHT_PX,
    scrollPaddingStart: HEADER_HEIGHT_PX,
    measureElement: (element, entry, instance) => {
      const size = measureRenderedSize(element, entry, instance);
      // An element that is not laid out (a hidden tab, a test DOM) reports 0: keep the estimate.
      return size > 0 ? size : DETAIL_ESTIMATE_PX;
    },
  });

  const virtualItems = virtualizer.getVirtualItems();
  const fresh = useFreshRows(signals, !loading && !error);
  const showSkeleton = loading && rows.length === 0;
  const showError = error !== null && error !== undefined && error !== '';

  const lastRenderedIndex = virtualItems.at(-1)?.index ?? -1;
  const endReachedForCount = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || !onEndReached || itemCount === 0) return;
    if (lastRenderedIndex < itemCount - 1 - END_REACHED_THRESHOLD_ROWS) return;
    if (endReachedForCount.current === itemCount) return;
    endReachedForCount.current = itemCount;
    onEndReached();
  }, [hasMore, loadingMore, onEndReached, itemCount, lastRenderedIndex]);

  const scrollToRowRef = useRef<(id: string) => void>(() => {});
  scrollToRowRef.current = (id: string) => {
    const index = items
      ? items.findIndex((item) => !item.detail && item.row.id === id)
      : rows.findIndex((row) => row.id === id);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  useEffect(() => {
    if (highlightedId !== null) scrollToRowRef.current(highlightedId);
  }, [highlightedId]);
  useEffect(() => {
    if (selectedId !== null) scrollToRowRef.current(selectedId);
  }, [selectedId]);

  const onRowClickRef = useRef(onRowClick);
  onRowClickRef.current = onRowClick;
  const activateRow = useCallback((signal: SignalRow) => onRowClickRef.current?.(signal), []);

  const fixedWidth = visibleColumns.reduce(
    (sum, column) => sum + (column.columnDef.meta?.width ?? column.columnDef.meta?.minWidth ?? 0),
    0,
  );
  const columnCount = visibleColumns.length;
  const now = Date.now();
  const scrollerWidth = virtualizer.scrollRect?.width || undefined;

  let body: ReactNode;
  if (showSkeleton) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <tr key={index} className={styles.row} aria-hidden="true" data-slot="signals-table-skeleton">
        {visibleColumns.map((column) => (
          <td key={column.id} className={styles.cell}>
            {column.id === EXPAND_COLUMN_ID ? null : <span className={styles.skeleton} />}
          </td>
        ))}
      </tr>
    ));
  } else if (showError && rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          <ErrorState error={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell} data-slot="signals-table-empty">
          {emptyState ?? (
            <div className={styles.stateBox}>
              <InboxIcon size={28} />
              <p className={styles.stateTitle}>No signals yet</p>
              <p className={styles.stateText}>Signals appear here as soon as your webhook receives an alert.</p>
            </div>
          )}
        </td>
      </tr>
    );
  } else {
    const first = virtualItems[0];
    const last = virtualItems.at(-1);
    const topSpace = first ? first.start - HEADER_HEIGHT_PX : 0;
    const bottomSpace = last ? virtualizer.getTotalSize() - (last.end - HEADER_HEIGHT_PX) : 0;
    body = (
      <>
        {topSpace > 0 ? <Spacer height={topSpace} columnCount={columnCount} /> : null}
        {virtualItems.map((virtualItem) => {
          const { row, detail } = itemAt(virtualItem.index);
          if (detail) {
            return (
              <DetailRow
                key={virtualItem.key as string}
                id={detailRowId(row.id)}
                signal={row.original}
                index={virtualItem.index}
                columnCount={columnCount}
                width={scrollerWidth}
                measure={virtualizer.measureElement}
              />
            );
          }
          const freshSince = fresh.get(row.id);
          const freshFor = freshSince === undefined ? undefined : now - freshSince;
          return (
            <SignalTableRowView
              key={virtualItem.key as string}
              row={row}
              ariaRowIndex={virtualItem.index + 2}
              visibleColumnKey={visibleColumnKey}
              expanded={row.getIsExpanded()}
              selected={row.id === selectedId}
              highlighted={row.id === highlightedId}
              freshFor={freshFor !== undefined && freshFor < FRESH_ROW_MS ? freshFor : undefined}
              onActivate={onRowClick ? activateRow : undefined}
            />
          );
        })}
        {bottomSpace > 0 ? <Spacer height={bottomSpace} columnCount={columnCount} /> : null}
        {loadingMore ? (
          <tr>
            <td colSpan={columnCount} className={styles.footerCell}>
              <span role="status">Loading more signals…</span>
            </td>
          </tr>
        ) : null}
      </>
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
      <div ref={scrollerRef} className={styles.scroller} data-slot="signals-table-scroller">
        <table
          className={styles.table}
          style={{ minWidth: fixedWidth }}
          aria-label={label}
          aria-rowcount={rows.length > 0 ? (hasMore ? -1 : itemCount + 1) : undefined}
          aria-busy={loading || loadingMore || undefined}
        >
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
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
          <tbody>{body}</tbody>
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

interface RowViewProps {
  row: SignalTableRow;
  ariaRowIndex: number;
  /** Changes when columns are shown or hidden, so a memoised row renders its new cells. */
  visibleColumnKey: string;
  expanded: boolean;
  selected: boolean;
  highlighted: boolean;
  /** How long ago the row arrived, while it is still fresh. */
  freshFor: number | undefined;
  onActivate: ((signal: SignalRow) => void) | undefined;
}

const INTERACTIVE_TARGET = 'button, a, input, select, textarea, [role="button"], [role="menuitem"]';

/** One data row. Memoised: while scrolling only the rows that come into view render. */
const SignalTableRowView = memo(function SignalTableRowView({
  row,
  ariaRowIndex,
  expanded,
  selected,
  highlighted,
  freshFor,
  onActivate,
}: RowViewProps) {
  const handleClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest(INTERACTIVE_TARGET)) return;
    onActivate?.(row.original);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onActivate?.(row.original);
  };
  return (
    <tr
      className={clsx(styles.row, onActivate && focusRing)}
      aria-rowindex={ariaRowIndex}
      aria-selected={onActivate ? selected : undefined}
      data-expanded={expanded || undefined}
      data-highlighted={highlighted || undefined}
      data-fresh={freshFor === undefined ? undefined : ''}
      data-clickable={onActivate ? '' : undefined}
      data-slot="signals-table-row"
      data-row-id={row.id}
      style={
        freshFor === undefined ? undefined : assignInlineVars({ [styles.freshElapsed]: String(Math.round(freshFor)) })
      }
      tabIndex={onActivate ? 0 : undefined}
      onClick={onActivate ? handleClick : undefined}
      onKeyDown={onActivate ? handleKeyDown : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={clsx(styles.cell, styles.align[cell.column.columnDef.meta?.align ?? 'start'])}>
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
});

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" data-slot="signals-table-spacer">
      <td colSpan={columnCount} className={styles.spacer} style={{ height }} />
    </tr>
  );
}

interface DetailRowProps {
  id: string;
  signal: SignalRow;
  index: number;
  columnCount: number;
  /** The visible width of the scroller, so the details stay readable when the table is wider. */
  width: number | undefined;
  measure: Virtualizer<HTMLDivElement, HTMLTableRowElement>['measureElement'];
}

function DetailRow({ id, signal, index, columnCount, width, measure }: DetailRowProps) {
  return (
    <tr id={id} ref={measure} data-index={index} aria-rowindex={index + 2} data-slot="signals-table-detail">
      <td colSpan={columnCount} className={styles.detailCell}>
        <div className={styles.detailContent} style={{ maxWidth: width }}>
          <dl className={styles.detailFields}>
            <dt className={styles.detailTerm}>Received</dt>
            <dd className={styles.detailValue}>{formatExactTime(signal.receivedAt)}</dd>
            <dt className={styles.detailTerm}>Alert time</dt>
            <dd className={styles.detailValue}>
              {signal.alertTime === null ? '—' : formatExactTime(signal.alertTime)}
            </dd>
            {signal.comment ? (
              <>
                <dt className={styles.detailTerm}>Comment</dt>
                <dd className={styles.detailValue}>{signal.comment}</dd>
              </>
            ) : null}
            {signal.reason ? (
              <>
                <dt className={styles.detailTerm}>Reason</dt>
                <dd className={styles.detailValue}>{signal.reason}</dd>
              </>
            ) : null}
            <dt className={styles.detailTerm}>Raw body</dt>
            <dd className={styles.detailValue}>
              {signal.raw === undefined ? (
                <span className={styles.muted}>Not loaded</span>
              ) : (
                <pre className={styles.raw} data-slot="signals-table-raw">
                  {signal.raw}
                </pre>
              )}
            </dd>
          </dl>
        </div>
      </td>
    </tr>
  );
}

function ErrorState({ error, onRetry }: { error: Error | string; onRetry: (() => void) | undefined }) {
  return (
    <div className={styles.stateBox} role="alert" data-slot="signals-table-error">
      <AlertTriangleIcon size={28} className={styles.errorIcon} />
      <p className={styles.stateTitle}>Could not load signals</p>
      <p className={styles.stateText}>{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
