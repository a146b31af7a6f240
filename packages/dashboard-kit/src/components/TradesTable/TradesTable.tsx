import { useTable, type ColumnVisibilityState, type Header, type SortingState } from '@tanstack/react-table';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { clsx } from 'clsx';
import {
  forwardRef,
  useCallback,
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
import { ColumnsMenu } from '../../table/ColumnsMenu';
import { SortMenu } from '../../table/SortMenu';
import { useMediaQuery } from '../../table/useMediaQuery';
import { useProgressiveRows } from '../../table/useProgressiveRows';
import { focusRing, visuallyHidden } from '../../theme/focus.css';
import { timeZoneLabel, type TimeZoneMode } from '../../time/time-zone';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Skeleton } from '../Skeleton';
import { tradeColumns, tradeTableFeatures, type TradeTableFeatures } from './columns';
import { tradesToCsv } from './csv';
import { formatTradeTime, parseTime } from './format';
import { cardHeight, COMPACT_MEDIA_QUERY, ROW_HEIGHT_PX, SKELETON_ROWS, tableMinWidth } from './layout';
import * as styles from './TradesTable.css';
import { TradesTableBody } from './TradesTableBody';
import type { TradeColumnId, TradeLink, TradeRow, TradesTableColumnVisibility, TradesTableSorting } from './types';

/** Columns a phone starts without (each card then holds opened, pair, side, P&L, exit reason). */
const COMPACT_HIDDEN_COLUMNS: ColumnVisibilityState = {
  closed: false,
  quantity: false,
  entryPrice: false,
  exitPrice: false,
  fees: false,
  duration: false,
  strategy: false,
};
/** The strategy column is optional: shown only when asked for (several strategies on one page). */
const DEFAULT_HIDDEN_COLUMNS: ColumnVisibilityState = { strategy: false };

export interface TradesTableProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The trades, in the order to show them when no column is sorted (newest first, as the API answers). */
  trades: readonly TradeRow[];
  /** The table's accessible name. */
  label?: string;
  /** The first page is loading: skeleton rows stand in. */
  loading?: boolean;
  /** Loading failed: shown in place of the rows, or above them when some are loaded. */
  error?: Error | string | null;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  /** Called once per row count when the user scrolls near the end and `hasMore` is set. */
  onEndReached?: () => void;
  /** A row is chosen by click, Enter or Space. */
  onTradeSelect?: (trade: TradeRow) => void;
  /** The selected trade: marked `aria-selected` and scrolled into view. */
  selectedId?: string | null;
  /** Links from each trade (its signals, the chart at that time), in a column at the end. */
  getTradeLinks?: (trade: TradeRow) => readonly TradeLink[];
  /** Called when a link is followed, for example to navigate without a reload (`event.preventDefault()`). */
  onTradeLinkClick?: (trade: TradeRow, link: TradeLink, event: MouseEvent<HTMLAnchorElement>) => void;
  sorting?: TradesTableSorting;
  defaultSorting?: TradesTableSorting;
  onSortingChange?: (sorting: TradesTableSorting) => void;
  /** Which columns show (controlled). Left out, the strategy column is hidden and phones start with fewer. */
  columnVisibility?: TradesTableColumnVisibility;
  defaultColumnVisibility?: TradesTableColumnVisibility;
  onColumnVisibilityChange?: (visibility: TradesTableColumnVisibility) => void;
  /** The zone times are shown in, named in the time columns' headers. */
  timeZone?: TimeZoneMode;
  /** The exported file's name (default `trades.csv`). */
  csvFileName?: string;
  /** Replaces the download: receives the CSV of every trade, sorted as shown, with the columns shown. */
  onExportCsv?: (csv: string) => void;
  /** Replaces the default "No trades yet" message. */
  emptyState?: ReactNode;
}

function startingVisibility(): ColumnVisibilityState {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return DEFAULT_HIDDEN_COLUMNS;
  return window.matchMedia(COMPACT_MEDIA_QUERY).matches ? COMPACT_HIDDEN_COLUMNS : DEFAULT_HIDDEN_COLUMNS;
}

const getRowId = (trade: TradeRow) => trade.id;
const countFormat = new Intl.NumberFormat('en-US');
const errorMessage = (error: Error | string) => (typeof error === 'string' ? error : error.message);

/** Saves text as a file through a temporary link (the browser's download). */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const TIME_COLUMNS = new Set<string>(['opened', 'closed']);

/**
 * A virtualised, sortable table of paper trades: only the rows in view (plus a margin) are in
 * the DOM, so 10,000 trades scroll like 20. Open trades say "Open" and show unrealised P&L. The
 * toolbar sorts, shows and hides columns, and exports the trades as CSV. The root element takes
 * a default height; give it another through `className` or `style`.
 */
export const TradesTable = forwardRef<HTMLDivElement, TradesTableProps>(function TradesTable(
  {
    trades,
    label = 'Trades',
    loading = false,
    error = null,
    onRetry,
    hasMore = false,
    loadingMore = false,
    onEndReached,
    onTradeSelect,
    selectedId = null,
    getTradeLinks,
    onTradeLinkClick,
    sorting,
    defaultSorting,
    onSortingChange,
    columnVisibility,
    defaultColumnVisibility,
    onColumnVisibilityChange,
    timeZone = 'local',
    csvFileName = 'trades.csv',
    onExportCsv,
    emptyState,
    className,
    ...rest
  },
  ref,
) {
  const idPrefix = useId();
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
  const compact = useMediaQuery(COMPACT_MEDIA_QUERY);
  const meta = useMemo(() => ({ timeZone }), [timeZone]);

  // 10,000 trades arrive in two steps: the first screens at once, the rest after that frame is painted.
  const data = useProgressiveRows(trades, sortingState.length === 0);
  const table = useTable({
    features: tradeTableFeatures,
    columns: tradeColumns,
    data: data as TradeRow[],
    getRowId,
    meta,
    state: { sorting: sortingState, columnVisibility: visibilityState },
    onSortingChange: setSortingState,
    onColumnVisibilityChange: setVisibilityState,
    enableMultiSort: false,
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const hasLinks = getTradeLinks !== undefined;
  const columnCount = visibleColumns.length + (hasLinks ? 1 : 0);
  const visibleColumnKey = `${visibleColumns.map((column) => column.id).join(' ')}|${timeZone}|${compact}`;
  const showSkeleton = loading && rows.length === 0;
  const showError = error !== null && error !== undefined && error !== '';
  const zone = timeZoneLabel(timeZone);

  const onSelectRef = useRef(onTradeSelect);
  onSelectRef.current = onTradeSelect;
  const activate = useCallback((trade: TradeRow) => onSelectRef.current?.(trade), []);
  const rowDomId = useCallback((rowId: string) => `${idPrefix}-row-${encodeURIComponent(rowId)}`, [idPrefix]);
  const describeTrade = useCallback(
    (trade: TradeRow) => {
      const opened = parseTime(trade.entryTime);
      const when = opened === undefined ? '' : `, opened ${formatTradeTime(opened, timeZone)}`;
      return `${trade.symbol} ${trade.side}${when}`;
    },
    [timeZone],
  );

  const exportCsv = () => {
    const columns = visibleColumns.map((column) => column.id as TradeColumnId);
    // Unsorted, the trades as given (all of them, even in the frame before a long list is complete).
    const ordered = sortingState.length === 0 ? trades : rows.map((row) => row.original);
    const csv = tradesToCsv(ordered, columns);
    if (onExportCsv) onExportCsv(csv);
    else downloadText(csv, csvFileName);
  };

  const minWidth =
    compact || rows.length === 0
      ? undefined
      : tableMinWidth([...visibleColumns.map((column) => column.id), ...(hasLinks ? ['links'] : [])]);

  let body: ReactNode;
  if (showSkeleton) {
    body = (
      <tbody className={styles.body}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <tr key={index} className={styles.row} aria-hidden="true" data-slot="trades-table-skeleton">
            {Array.from({ length: columnCount }, (_, cell) => (
              <td key={cell} className={styles.cell}>
                <Skeleton shape="text" className={styles.skeleton} />
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
          <td role="gridcell" colSpan={columnCount} className={styles.stateCell}>
            {showError ? (
              <EmptyState
                role="alert"
                tone="danger"
                titleAs="p"
                icon={<AlertTriangleIcon size={24} />}
                title="Could not load trades"
                description={errorMessage(error)}
                action={
                  onRetry ? (
                    <Button variant="outline" size="sm" onClick={onRetry}>
                      Retry
                    </Button>
                  ) : undefined
                }
                data-slot="trades-table-error"
              />
            ) : (
              (emptyState ?? (
                <EmptyState
                  titleAs="p"
                  icon={<InboxIcon size={24} />}
                  title="No trades yet"
                  description="A trade opens when an accepted signal is executed on the paper account."
                  data-slot="trades-table-empty"
                />
              ))
            )}
          </td>
        </tr>
      </tbody>
    );
  } else {
    body = (
      <TradesTableBody
        rows={rows}
        scroller={scroller}
        columnCount={columnCount}
        visibleColumnKey={visibleColumnKey}
        selectedId={selectedId}
        onActivate={onTradeSelect ? activate : undefined}
        rowDomId={rowDomId}
        rowHeight={compact ? cardHeight(columnCount) : ROW_HEIGHT_PX}
        getTradeLinks={getTradeLinks}
        onTradeLinkClick={onTradeLinkClick}
        describeTrade={describeTrade}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onEndReached={onEndReached}
      />
    );
  }

  const sorted = sortingState[0];
  const countText = `${countFormat.format(trades.length)} ${trades.length === 1 ? 'trade' : 'trades'}${
    hasMore ? ' loaded' : ''
  }`;

  return (
    <div ref={ref} {...rest} className={clsx(styles.root, className)} data-slot="trades-table">
      <div className={styles.toolbar} data-slot="trades-table-toolbar">
        {showSkeleton ? (
          <span className={styles.count} role="status">
            Loading trades…
          </span>
        ) : (
          <span className={styles.count}>{showError && rows.length === 0 ? '' : countText}</span>
        )}
        <span className={styles.toolbarActions}>
          <Button
            variant="outline"
            size="sm"
            onClick={exportCsv}
            disabled={rows.length === 0}
            data-slot="trades-table-export"
          >
            Export CSV
          </Button>
          <SortMenu
            tableLabel={label}
            options={table
              .getAllLeafColumns()
              .filter((column) => column.getCanSort())
              .map((column) => ({ id: column.id, label: column.columnDef.meta?.label ?? column.id }))}
            sortedBy={sorted?.id ?? null}
            descending={sorted?.desc ?? true}
            onSortChange={(id, desc) => setSortingState(id === null ? [] : [{ id, desc }])}
            givenOrderLabel="Newest first (as loaded)"
            slot="trades-table-sort"
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
            slot="trades-table-columns"
          />
        </span>
      </div>
      {showError && rows.length > 0 ? (
        <div className={styles.banner} role="alert" data-slot="trades-table-error">
          <AlertTriangleIcon className={styles.errorIcon} />
          <span className={styles.bannerText}>Could not refresh trades: {errorMessage(error)}</span>
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
        data-slot="trades-table-scroller"
      >
        {/* A grid: one Tab stop; the arrow keys move between rows (aria-activedescendant). */}
        <table
          role="grid"
          className={styles.table}
          style={compact ? assignInlineVars({ [styles.cardHeight]: `${cardHeight(columnCount)}px` }) : { minWidth }}
          aria-label={label}
          aria-rowcount={rows.length > 0 ? (hasMore ? -1 : rows.length + 1) : undefined}
          aria-colcount={columnCount}
          aria-busy={loading || loadingMore || undefined}
          aria-describedby={rows.length > 0 ? `${idPrefix}-keys` : undefined}
          tabIndex={rows.length > 0 ? 0 : undefined}
        >
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} className={styles.column[column.id as keyof typeof styles.column]} />
            ))}
            {hasLinks ? <col className={styles.column.links} /> : null}
          </colgroup>
          <thead className={styles.cardsHiddenHeader}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row" aria-rowindex={rows.length > 0 ? 1 : undefined}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} zone={zone} />
                ))}
                {hasLinks ? (
                  <th scope="col" role="columnheader" className={styles.headerCell}>
                    <span className={visuallyHidden}>Links</span>
                  </th>
                ) : null}
              </tr>
            ))}
          </thead>
          {body}
        </table>
        <span id={`${idPrefix}-keys`} hidden>
          Up and down arrows move between trades
          {onTradeSelect ? ', Enter or Space chooses one' : ''}
          {hasLinks ? ", Tab reaches the active trade's links" : ''}.
        </span>
      </div>
    </div>
  );
});

function HeaderCell({ header, zone }: { header: Header<TradeTableFeatures, TradeRow, unknown>; zone: string }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const label = TIME_COLUMNS.has(column.id) ? `${meta?.label ?? column.id} (${zone})` : (meta?.label ?? column.id);
  const sorted = column.getIsSorted();
  const SortIcon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <th
      scope="col"
      role="columnheader"
      aria-label={label}
      data-column={column.id}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={clsx(styles.headerCell, styles.align[meta?.align ?? 'start'])}
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
