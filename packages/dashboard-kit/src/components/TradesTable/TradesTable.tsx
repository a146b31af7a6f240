import { useTable } from '@tanstack/react-table';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { forwardRef, useCallback, useMemo, type MouseEvent } from 'react';
import { columnLabel, DataGrid, GridHeaderCell, type GridColumn } from '../../table/DataGrid';
import * as gridStyles from '../../table/table.css';
import { useDataGrid, type DataGridBaseProps } from '../../table/useDataGrid';
import { useProgressiveRows } from '../../table/useProgressiveRows';
import { visuallyHidden } from '../../theme/focus.css';
import { timeZoneLabel } from '../../time/time-zone';
import { Button } from '../Button';
import { tradeColumns, tradeTableFeatures } from './columns';
import { tradesToCsv } from './csv';
import { formatTradeTime, parseTime } from './format';
import { cardLayout, TRADE_ROW_HEIGHT_PX, tableMinWidth } from './layout';
import * as styles from './TradesTable.css';
import { TradesTableBody } from './TradesTableBody';
import type { TradeColumnId, TradeLink, TradeRow, TradesTableColumnVisibility, TradesTableSorting } from './types';

/**
 * Columns a table starts without: on phones the fees, the duration and the strategy (a card holds the
 * entry and the exit, each a time over a price, the pair, side, quantity, P&L and exit reason); on wider
 * screens the strategy and the duration (the entry and exit times are in the row), so that every other
 * column fits a 1280 px screen beside the sidebar.
 */
const HIDDEN_COLUMNS = {
  compact: { fees: false, duration: false, strategy: false },
  wide: { strategy: false, duration: false },
};

/**
 * With `showStrategy`, the strategy shows from the start: on a phone's card on a line of its own; on wider
 * screens in place of the pair and the fees, so that the row still fits 1280 px (the quantity names the
 * asset: 0.5 ETH).
 */
const HIDDEN_COLUMNS_WITH_STRATEGY = {
  compact: { fees: false, duration: false },
  wide: { pair: false, fees: false, duration: false },
};

export interface TradesTableProps extends DataGridBaseProps<TradesTableSorting, TradesTableColumnVisibility> {
  /** The trades, in the order to show them when no column is sorted (newest first, as the API answers). */
  trades: readonly TradeRow[];
  /** A row is chosen by click, Enter or Space. */
  onTradeSelect?: (trade: TradeRow) => void;
  /** Links from each trade (its signals, the chart at that time), in a column at the end. */
  getTradeLinks?: (trade: TradeRow) => readonly TradeLink[];
  /** Called when a link is followed, for example to navigate without a reload (`event.preventDefault()`). */
  onTradeLinkClick?: (trade: TradeRow, link: TradeLink, event: MouseEvent<HTMLAnchorElement>) => void;
  /** The exported file's name (default `trades.csv`). */
  csvFileName?: string;
  /**
   * Replaces the download: receives the CSV of every trade, sorted as shown, with every column but those the user
   * hid (those left out to fit the screen are written).
   */
  onExportCsv?: (csv: string) => void;
  /**
   * The trades are of several strategies: the Strategy column shows from the start (in place of Pair and Fees on
   * wider screens). The columns follow this prop, but for those the user toggled, unless `columnVisibility` or
   * `defaultColumnVisibility` is given.
   */
  showStrategy?: boolean;
}

const getRowId = (trade: TradeRow) => trade.id;
/** The table's names for its parts and its words. */
const NAMES = {
  slot: 'trades-table',
  noun: { one: 'trade', many: 'trades' },
  givenOrderLabel: 'Newest first (as loaded)',
  emptyDescription: 'A trade opens when an accepted signal is executed on the paper account.',
};

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
    onTradeSelect,
    getTradeLinks,
    onTradeLinkClick,
    csvFileName = 'trades.csv',
    onExportCsv,
    showStrategy = false,
    ...props
  },
  ref,
) {
  const grid = useDataGrid(props, {
    label: 'Trades',
    hidden: showStrategy ? HIDDEN_COLUMNS_WITH_STRATEGY : HIDDEN_COLUMNS,
    onActivate: onTradeSelect,
  });
  const { timeZone, sortingState, compact } = grid;
  const meta = useMemo(() => ({ timeZone }), [timeZone]);

  // 10,000 trades arrive in two steps: the first screens at once, the rest after that frame is painted.
  const data = useProgressiveRows(trades, sortingState.length === 0);
  const table = useTable({
    features: tradeTableFeatures,
    columns: tradeColumns,
    data: data as TradeRow[],
    getRowId,
    meta,
    state: { sorting: sortingState, columnVisibility: grid.visibilityState },
    onSortingChange: grid.setSortingState,
    onColumnVisibilityChange: grid.setVisibilityState,
    enableMultiSort: false,
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const hasLinks = getTradeLinks !== undefined;
  const columnCount = visibleColumns.length + (hasLinks ? 1 : 0);
  const cellIds = `${visibleColumns.map((column) => column.id).join(' ')}${hasLinks ? ' links' : ''}`;
  const visibleColumnKey = `${cellIds}|${timeZone}|${compact}`;
  // Where each cell sits on a phone's card (the CSS places it there), and so how tall a card is.
  const card = useMemo(() => cardLayout(cellIds.split(' ')), [cellIds]);
  const zone = timeZoneLabel(timeZone);

  const describeTrade = useCallback(
    (trade: TradeRow) => {
      const opened = parseTime(trade.entryTime);
      const when = opened === undefined ? '' : `, opened ${formatTradeTime(opened, timeZone)}`;
      return `${trade.symbol} ${trade.side}${when}`;
    },
    [timeZone],
  );

  const exportCsv = () => {
    // Every column but those the user hid: the ones a phone or `showStrategy` leaves out to fit the screen are
    // written (a bare quantity without its pair would say nothing in a spreadsheet).
    const columns = table
      .getAllLeafColumns()
      .map((column) => column.id as TradeColumnId)
      .filter((id) => grid.visibilityChoices[id] !== false);
    // Unsorted, the trades as given (all of them, even in the frame before a long list is complete).
    const ordered = sortingState.length === 0 ? trades : rows.map((row) => row.original);
    const csv = tradesToCsv(ordered, columns);
    if (onExportCsv) onExportCsv(csv);
    else downloadText(csv, csvFileName);
  };

  const minWidth = compact || rows.length === 0 ? undefined : tableMinWidth(cellIds.split(' '));

  return (
    <DataGrid
      ref={ref}
      {...grid.frame}
      {...NAMES}
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={exportCsv}
          disabled={rows.length === 0}
          data-slot="trades-table-export"
        >
          Export CSV
        </Button>
      }
      tableStyle={compact ? assignInlineVars({ [styles.cardHeight]: `${card.height}px` }) : { minWidth }}
      total={trades.length}
      columns={table.getAllLeafColumns()}
      rowCount={rows.length}
      itemCount={rows.length}
      columnCount={columnCount}
      colgroup={
        <>
          {visibleColumns.map((column) => (
            <col key={column.id} className={styles.column[column.id as keyof typeof styles.column]} />
          ))}
          {hasLinks ? <col className={styles.column.links} /> : null}
        </>
      }
      headerCells={
        <>
          {table
            .getHeaderGroups()
            .flatMap((group) =>
              group.headers.map((header) => (
                <GridHeaderCell key={header.id} column={header.column} label={headerLabel(header.column, zone)} />
              )),
            )}
          {hasLinks ? (
            <th scope="col" role="columnheader" className={gridStyles.headerCell}>
              <span className={visuallyHidden}>Links</span>
            </th>
          ) : null}
        </>
      }
      keysHint={
        <>
          Up and down arrows move between trades
          {onTradeSelect ? ', Enter or Space chooses one' : ''}
          {hasLinks ? ", Tab reaches the active trade's links" : ''}.
        </>
      }
      skeletonCells={Array.from({ length: columnCount }, () => true)}
      rowClassName={styles.row}
      cellClassName={styles.cell}
    >
      <TradesTableBody
        grid={grid.body}
        rows={rows}
        columnCount={columnCount}
        visibleColumnKey={visibleColumnKey}
        rowHeight={compact ? card.height : TRADE_ROW_HEIGHT_PX}
        cardSlots={card.slots}
        getTradeLinks={getTradeLinks}
        onTradeLinkClick={onTradeLinkClick}
        describeTrade={describeTrade}
      />
    </DataGrid>
  );
});

/** A time column's header names its zone. */
function headerLabel(column: GridColumn, zone: string): string {
  const label = columnLabel(column);
  return TIME_COLUMNS.has(column.id) ? `${label} (${zone})` : label;
}
