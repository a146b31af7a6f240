import { clsx } from 'clsx';
import { memo, useCallback, useEffect, type MouseEvent } from 'react';
import { GridBody, useVirtualGrid, type GridBodyContext } from '../../table/GridBody';
import { GridCells, GridRow, type GridRowProps } from '../../table/GridRow';
import * as gridStyles from '../../table/table.css';
import { focusRing } from '../../theme/focus.css';
import type { TradeTableRow } from './columns';
import type { CardSlot } from './layout';
import * as styles from './TradesTable.css';
import type { TradeLink, TradeRow } from './types';

export interface TradesTableBodyProps {
  grid: GridBodyContext<TradeRow>;
  rows: readonly TradeTableRow[];
  columnCount: number;
  /** Changes when the columns shown (or anything else every row draws) change. */
  visibleColumnKey: string;
  rowHeight: number;
  /** Where each cell sits on a phone's card. */
  cardSlots: Readonly<Record<string, CardSlot>>;
  getTradeLinks: ((trade: TradeRow) => readonly TradeLink[]) | undefined;
  onTradeLinkClick: ((trade: TradeRow, link: TradeLink, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  describeTrade: (trade: TradeRow) => string;
}

const ACTION_KEYS = new Set(['Enter', ' ']);

/**
 * The virtualised rows between two spacers. The grid (the `<table>`) keeps the focus and points
 * at its active row with `aria-activedescendant`, so a row that scrolls out of the DOM never
 * takes the focus with it; the active row's links are the only ones in the Tab order.
 */
export function TradesTableBody({
  grid,
  rows,
  columnCount,
  visibleColumnKey,
  rowHeight,
  cardSlots,
  getTradeLinks,
  onTradeLinkClick,
  describeTrade,
}: TradesTableBodyProps) {
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const indexOf = useCallback((id: string) => rows.findIndex((row) => row.id === id), [rows]);
  const { selectedId } = grid;
  const { virtualizer, rowProps, body } = useVirtualGrid({
    grid,
    slot: 'trades-table',
    columnCount,
    visibleColumnKey,
    count: rows.length,
    rowHeight,
    estimateSize,
    getItemKey,
    rowIdAt: (index) => rows[index]?.id,
    indexOfRow: indexOf,
    actionKeys: ACTION_KEYS,
    onAction: (_key, activeIndex) => {
      const row = rows[activeIndex];
      if (row) grid.onActivate?.(row.original);
    },
  });

  useEffect(() => {
    if (selectedId === null) return;
    const index = indexOf(selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: index === 0 ? 'start' : 'center' });
    // Scroll once per selection, not on every data change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  return (
    <GridBody {...body} loadingMoreText="Loading more trades…">
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index] as TradeTableRow;
        return (
          <TradeRowView
            key={row.id}
            row={row}
            {...rowProps(row.id, item.index)}
            cardSlots={cardSlots}
            links={getTradeLinks?.(row.original)}
            onTradeLinkClick={onTradeLinkClick}
            describeTrade={describeTrade}
          />
        );
      })}
    </GridBody>
  );
}

interface RowViewProps extends GridRowProps<TradeRow> {
  row: TradeTableRow;
  cardSlots: Readonly<Record<string, CardSlot>>;
  links: readonly TradeLink[] | undefined;
  onTradeLinkClick: TradesTableBodyProps['onTradeLinkClick'];
  describeTrade: (trade: TradeRow) => string;
}

/** One trade. Memoised: while scrolling only the rows that come into view render. */
const TradeRowView = memo(function TradeRowView({
  cardSlots,
  links,
  onTradeLinkClick,
  describeTrade,
  ...gridRow
}: RowViewProps) {
  const trade = gridRow.row.original;
  return (
    <GridRow
      {...gridRow}
      className={styles.row}
      slot="trades-table-row"
      data-open={trade.exitTime === null ? '' : undefined}
    >
      <GridCells cells={gridRow.row.getVisibleCells()} className={styles.cell} cardSlots={cardSlots} />
      {links ? (
        <td role="gridcell" className={styles.cell} data-column="links" data-card={cardSlots.links}>
          <span className={styles.links}>
            {links.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className={clsx(link.icon ? styles.iconLink : gridStyles.link, focusRing)}
                aria-label={`${link.label} for ${describeTrade(trade)}`}
                title={link.icon ? link.label : undefined}
                // Only the active row's links are in the Tab order: the table stays one stop.
                tabIndex={gridRow.active ? 0 : -1}
                onClick={onTradeLinkClick ? (event) => onTradeLinkClick(trade, link, event) : undefined}
              >
                {link.icon ?? link.label}
              </a>
            ))}
          </span>
        </td>
      ) : null}
    </GridRow>
  );
});
