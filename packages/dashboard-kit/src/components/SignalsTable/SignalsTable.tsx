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
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
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
import { timeZoneLabel, type TimeZoneMode } from '../../time/time-zone';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Skeleton } from '../Skeleton';
import { ColumnsMenu } from '../../table/ColumnsMenu';
import { EXPAND_COLUMN_ID, signalColumns, signalTableFeatures, type SignalTableFeatures } from './columns';
import { CARD_HEIGHT_PX, COMPACT_MEDIA_QUERY, ROW_HEIGHT_PX, SKELETON_ROWS, tableMinWidth } from './layout';
import * as styles from './SignalsTable.css';
import { columnClass, SignalsTableBody, type ListItem } from './SignalsTableBody';
import { SortMenu } from '../../table/SortMenu';
import type { RawBodyStatus, SignalRow, SignalsTableColumnVisibility, SignalsTableSorting } from './types';
import { useFreshRows } from './useFreshRows';
import { useMediaQuery } from '../../table/useMediaQuery';
import { useProgressiveRows } from '../../table/useProgressiveRows';

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
  /** The selected row (for example the one behind a clicked chart marker); scrolled into view and marked `aria-selected`. */
  selectedId?: string | null;
  /** Opens the selected row's details once it is loaded (for example when a link points at one signal). */
  expandSelected?: boolean;
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
  /** The zone times are shown in, named in the time column's header and tooltips. */
  timeZone?: TimeZoneMode;
  /** Where a signal is on the chart; each row's details then offer "Show on chart". */
  getChartHref?: (signal: SignalRow) => string | null;
  /** Called when "Show on chart" is followed, for example to navigate without a reload (`event.preventDefault()`). */
  onChartLinkClick?: (signal: SignalRow, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Why a signal's price deserves a second look (for example far from the market), or `null`: flagged beside the price. */
  priceWarning?: (signal: SignalRow) => string | null;
  /** Where a row's raw body stands while its `raw` is left out: loading, or failed (shown in its details). */
  rawBodyStatus?: (signal: SignalRow) => RawBodyStatus | null;
  /** Loads a row's raw body; its details then offer "Load raw body", and Retry after a failure. */
  onLoadRawBody?: (signal: SignalRow) => void;
}

function startingVisibility(): ColumnVisibilityState {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return {};
  return window.matchMedia(COMPACT_MEDIA_QUERY).matches ? COMPACT_HIDDEN_COLUMNS : {};
}

const getRowId = (signal: SignalRow) => signal.id;

/** A number per function, so memoised rows can tell that a new `priceWarning` (new market prices) came in. */
const functionIds = new WeakMap<object, number>();
let nextFunctionId = 1;
function functionId(fn: object | undefined): number {
  if (fn === undefined) return 0;
  let id = functionIds.get(fn);
  if (id === undefined) functionIds.set(fn, (id = nextFunctionId++));
  return id;
}

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
    expandSelected = false,
    highlightedId = null,
    onRowExpandedChange,
    sorting,
    defaultSorting,
    onSortingChange,
    columnVisibility,
    defaultColumnVisibility,
    onColumnVisibilityChange,
    emptyState,
    timeZone = 'local',
    getChartHref,
    onChartLinkClick,
    priceWarning,
    rawBodyStatus,
    onLoadRawBody,
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
  const rowDomId = useCallback((rowId: string) => `${idPrefix}-row-${encodeURIComponent(rowId)}`, [idPrefix]);
  const meta = useMemo(() => ({ detailRowId, timeZone, priceWarning }), [detailRowId, timeZone, priceWarning]);
  // Phones get a card per signal (laid out by a CSS media query); here it only sets the row height.
  const compact = useMediaQuery(COMPACT_MEDIA_QUERY);

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
  // Memoised rows render again only when this changes: the columns shown, the zone, the flags.
  const visibleColumnKey = `${visibleColumns.map((column) => column.id).join(' ')}|${timeZone}|${compact}|${functionId(priceWarning)}`;

  // A link to one signal opens it, once per selection, as soon as its row is loaded.
  const openedSelection = useRef<string | null>(null);
  useEffect(() => {
    if (!expandSelected || selectedId === null || openedSelection.current === selectedId) return;
    const row = table.getCoreRowModel().rowsById[selectedId];
    if (!row) return;
    openedSelection.current = selectedId;
    if (!row.getIsExpanded()) row.toggleExpanded(true);
  });
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

  // Without rows (empty, failed) the message keeps to the frame instead of a width made for columns.
  const minWidth = compact || rows.length === 0 ? undefined : tableMinWidth(visibleColumns.map((column) => column.id));
  const zone = timeZoneLabel(timeZone);
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const sorted = sortingState[0];

  let body: ReactNode;
  if (showSkeleton) {
    body = (
      <tbody className={styles.body}>
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
      <tbody className={styles.body}>
        <tr role="row">
          <td
            role="gridcell"
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
        rowDomId={rowDomId}
        rowHeight={compact ? CARD_HEIGHT_PX : ROW_HEIGHT_PX}
        timeZone={timeZone}
        getChartHref={getChartHref}
        onChartLinkClick={onChartLinkClick}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onEndReached={onEndReached}
        detailRowId={detailRowId}
        sortOrder={sortOrder}
        rawBodyStatus={rawBodyStatus}
        onLoadRawBody={onLoadRawBody}
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
        <span className={styles.toolbarActions}>
          <SortMenu
            tableLabel={label}
            options={sortable.map((column) => ({ id: column.id, label: column.columnDef.meta?.label ?? column.id }))}
            sortedBy={sorted?.id ?? null}
            descending={sorted?.desc ?? true}
            onSortChange={(id, desc) => setSortingState(id === null ? [] : [{ id, desc }])}
            givenOrderLabel="Newest first (as received)"
            slot="signals-table-sort"
          />
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
            slot="signals-table-columns"
          />
        </span>
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
        className={styles.scroller}
        data-layout={compact ? 'cards' : 'table'}
        data-slot="signals-table-scroller"
      >
        {/* A grid: one Tab stop; the arrow keys move between rows (aria-activedescendant), Enter opens one. */}
        <table
          role="grid"
          className={styles.table}
          style={minWidth === undefined ? undefined : { minWidth }}
          aria-label={label}
          aria-rowcount={rows.length > 0 ? (hasMore ? -1 : itemCount + 1) : undefined}
          aria-colcount={columnCount}
          aria-busy={loading || loadingMore || undefined}
          aria-describedby={rows.length > 0 ? `${idPrefix}-keys` : undefined}
          tabIndex={rows.length > 0 ? 0 : undefined}
        >
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} className={columnClass(column.id)} />
            ))}
          </colgroup>
          <thead className={styles.cardsHiddenHeader}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row" aria-rowindex={rows.length > 0 ? 1 : undefined}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} zone={zone} />
                ))}
              </tr>
            ))}
          </thead>
          {body}
        </table>
        <span id={`${idPrefix}-keys`} hidden>
          Up and down arrows move between signals, Enter opens or closes a signal&apos;s details.
        </span>
      </div>
    </div>
  );
});

function HeaderCell({ header, zone }: { header: Header<SignalTableFeatures, SignalRow, unknown>; zone: string }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  // The time column names its zone, so a time never stands without one.
  const label = column.id === 'time' ? `${meta?.label ?? column.id} (${zone})` : (meta?.label ?? column.id);
  const align = meta?.align ?? 'start';
  if (!column.getCanSort()) {
    return (
      <th scope="col" role="columnheader" className={clsx(styles.headerCell, styles.align[align])}>
        <FlexRender header={header} />
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
      className={clsx(styles.headerCell, styles.align[align])}
    >
      <button
        type="button"
        className={clsx(styles.sortButton, focusRing)}
        aria-label={`Sort by ${label}`}
        // Pointer only: the keyboard sorts from the Sort menu, so the table stays one Tab stop.
        tabIndex={-1}
        data-sorted={sorted || undefined}
        onClick={column.getToggleSortingHandler()}
      >
        {label}
        <SortIcon size={14} className={styles.sortIcon} />
      </button>
    </th>
  );
}
