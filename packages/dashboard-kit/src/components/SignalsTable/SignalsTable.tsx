import { FlexRender, useTable, type ExpandedState, type Updater } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { forwardRef, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { columnLabel, DataGrid, GridHeaderCell } from '../../table/DataGrid';
import { useDataGrid, type DataGridBaseProps } from '../../table/useDataGrid';
import { useProgressiveRows } from '../../table/useProgressiveRows';
import { timeZoneLabel } from '../../time/time-zone';
import { EXPAND_COLUMN_ID, signalColumns, signalTableFeatures } from './columns';
import { CARD_HEIGHT_PX, SIGNAL_ROW_HEIGHT_PX, tableMinWidth } from './layout';
import * as styles from './SignalsTable.css';
import { columnClass, SignalsTableBody, type ListItem } from './SignalsTableBody';
import type { RawBodyStatus, SignalRow, SignalsTableColumnVisibility, SignalsTableSorting } from './types';
import { useFreshRows } from './useFreshRows';

/**
 * Phones start with every column too: a card has a place for each, the quantity and the interval on its lower
 * lines (how much, on which timeframe), so a trader on a phone reads the whole signal. The columns menu hides any.
 */
const HIDDEN_COLUMNS = { compact: {} };

export interface SignalsTableProps extends DataGridBaseProps<SignalsTableSorting, SignalsTableColumnVisibility> {
  /** The rows, in the order to show them when no column is sorted (newest first, as the API answers). */
  signals: readonly SignalRow[];
  /** Makes rows selectable by click, Enter or Space. */
  onRowClick?: (signal: SignalRow) => void;
  /** Opens the selected row's details once it is loaded (for example when a link points at one signal). */
  expandSelected?: boolean;
  /** A row to point at (for example while a chart marker is hovered); scrolled into view. */
  highlightedId?: string | null;
  /** Called when a row's details open or close, for example to fetch its raw body. */
  onRowExpandedChange?: (signal: SignalRow, expanded: boolean) => void;
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

/** The table's names for its parts and its words. */
const NAMES = {
  slot: 'signals-table',
  noun: { one: 'signal', many: 'signals' },
  givenOrderLabel: 'Newest first (as received)',
  emptyDescription: 'Signals appear here as soon as your webhook receives an alert.',
};

/**
 * A virtualised, sortable table of webhook signals. Rows have a fixed height and only those in
 * view (plus a margin) are in the DOM, so 100,000 signals scroll like 20. The root element takes
 * a default height; give it another through `className` or `style`.
 */
export const SignalsTable = forwardRef<HTMLDivElement, SignalsTableProps>(function SignalsTable(
  {
    signals,
    onRowClick,
    expandSelected = false,
    highlightedId = null,
    onRowExpandedChange,
    getChartHref,
    onChartLinkClick,
    priceWarning,
    rawBodyStatus,
    onLoadRawBody,
    ...props
  },
  ref,
) {
  const grid = useDataGrid(props, { label: 'Signals', hidden: HIDDEN_COLUMNS, onActivate: onRowClick });
  const { timeZone, sortingState, compact, idPrefix, selectedId } = grid;

  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const expandedRef = useRef(expanded);
  const onRowExpandedChangeRef = useRef(onRowExpandedChange);
  onRowExpandedChangeRef.current = onRowExpandedChange;

  const detailRowId = useCallback((rowId: string) => `${idPrefix}-detail-${encodeURIComponent(rowId)}`, [idPrefix]);
  const meta = useMemo(() => ({ detailRowId, timeZone, priceWarning }), [detailRowId, timeZone, priceWarning]);

  const data = useProgressiveRows(signals, sortingState.length === 0);
  const sortOrder = sortingState.map((sort) => `${sort.id}:${sort.desc ? 'desc' : 'asc'}`).join(',');
  const table = useTable({
    features: signalTableFeatures,
    columns: signalColumns,
    data,
    getRowId,
    meta,
    state: { sorting: sortingState, columnVisibility: grid.visibilityState, expanded },
    onSortingChange: grid.setSortingState,
    onColumnVisibilityChange: grid.setVisibilityState,
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

  const fresh = useFreshRows(data, !grid.frame.loading && !grid.frame.error);

  // Without rows (empty, failed) the message keeps to the frame instead of a width made for columns.
  const minWidth = compact || rows.length === 0 ? undefined : tableMinWidth(visibleColumns.map((column) => column.id));
  const zone = timeZoneLabel(timeZone);

  return (
    <DataGrid
      ref={ref}
      {...grid.frame}
      className={clsx(styles.root, grid.frame.className)}
      {...NAMES}
      tableStyle={minWidth === undefined ? undefined : { minWidth }}
      total={signals.length}
      columns={table.getAllLeafColumns()}
      rowCount={rows.length}
      itemCount={itemCount}
      columnCount={columnCount}
      colgroup={visibleColumns.map((column) => (
        <col key={column.id} className={columnClass(column.id)} />
      ))}
      headerCells={table.getHeaderGroups().flatMap((group) =>
        group.headers.map((header) => {
          const label = columnLabel(header.column);
          // The time column names its zone, so a time never stands without one.
          return (
            <GridHeaderCell
              key={header.id}
              column={header.column}
              label={header.column.id === 'time' ? `${label} (${zone})` : label}
            >
              <FlexRender header={header} />
            </GridHeaderCell>
          );
        }),
      )}
      keysHint="Up and down arrows move between signals, Enter opens or closes a signal's details."
      skeletonCells={visibleColumns.map((column) => column.id !== EXPAND_COLUMN_ID)}
      rowClassName={styles.row}
      cellClassName={styles.cell}
    >
      <SignalsTableBody
        grid={grid.body}
        items={items}
        rows={rows}
        columnCount={columnCount}
        visibleColumnKey={visibleColumnKey}
        expanded={expanded}
        fresh={fresh}
        highlightedId={highlightedId}
        rowHeight={compact ? CARD_HEIGHT_PX : SIGNAL_ROW_HEIGHT_PX}
        timeZone={timeZone}
        getChartHref={getChartHref}
        onChartLinkClick={onChartLinkClick}
        detailRowId={detailRowId}
        sortOrder={sortOrder}
        rawBodyStatus={rawBodyStatus}
        onLoadRawBody={onLoadRawBody}
      />
    </DataGrid>
  );
});
