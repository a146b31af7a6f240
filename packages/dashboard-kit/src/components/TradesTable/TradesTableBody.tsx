import { FlexRender } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { focusRing } from '../../theme/focus.css';
import type { TradeTableRow } from './columns';
import { END_REACHED_THRESHOLD_ROWS, HEADER_HEIGHT_PX, OVERSCAN_ROWS } from './layout';
import * as styles from './TradesTable.css';
import type { TradeLink, TradeRow } from './types';

export interface TradesTableBodyProps {
  rows: readonly TradeTableRow[];
  scroller: HTMLDivElement | null;
  columnCount: number;
  /** Changes when the columns shown (or anything else every row draws) change. */
  visibleColumnKey: string;
  selectedId: string | null;
  onActivate: ((trade: TradeRow) => void) | undefined;
  rowDomId: (rowId: string) => string;
  rowHeight: number;
  getTradeLinks: ((trade: TradeRow) => readonly TradeLink[]) | undefined;
  onTradeLinkClick: ((trade: TradeRow, link: TradeLink, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  describeTrade: (trade: TradeRow) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached: (() => void) | undefined;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', 'Enter', ' ']);

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacerRow} data-slot="trades-table-spacer">
      <td colSpan={columnCount} className={styles.spacer} style={{ height }} />
    </tr>
  );
}

/**
 * The virtualised rows between two spacers. The grid (the `<table>`) keeps the focus and points
 * at its active row with `aria-activedescendant`, so a row that scrolls out of the DOM never
 * takes the focus with it; the active row's links are the only ones in the Tab order.
 */
export function TradesTableBody({
  rows,
  scroller,
  columnCount,
  visibleColumnKey,
  selectedId,
  onActivate,
  rowDomId,
  rowHeight,
  getTradeLinks,
  onTradeLinkClick,
  describeTrade,
  hasMore,
  loadingMore,
  onEndReached,
}: TradesTableBodyProps) {
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin: HEADER_HEIGHT_PX,
    scrollPaddingStart: HEADER_HEIGHT_PX,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  const [activeId, setActiveId] = useState<string | null>(null);
  const indexOf = useCallback((id: string) => rows.findIndex((row) => row.id === id), [rows]);

  const keyboard = useRef<{ onKeyDown: (event: KeyboardEvent) => void; onFocus: (event: FocusEvent) => void }>(null);
  keyboard.current = {
    onFocus(event) {
      if (event.target !== event.currentTarget || rows.length === 0) return;
      if (activeId !== null && indexOf(activeId) !== -1) return;
      if (selectedId !== null && indexOf(selectedId) !== -1) return setActiveId(selectedId);
      const top = virtualizer.getVirtualItemForOffset((virtualizer.scrollOffset ?? 0) + HEADER_HEIGHT_PX);
      setActiveId(rows[Math.max(0, top?.index ?? 0)]?.id ?? null);
    },
    onKeyDown(event) {
      if (event.target !== event.currentTarget || !NAVIGATION_KEYS.has(event.key) || event.altKey || event.metaKey) {
        return;
      }
      if (rows.length === 0) return;
      event.preventDefault();
      const current = activeId === null ? -1 : indexOf(activeId);
      if (event.key === 'Enter' || event.key === ' ') {
        const row = rows[current];
        if (row) onActivate?.(row.original);
        return;
      }
      const page = Math.max(1, Math.floor(((scroller?.clientHeight ?? rowHeight) - HEADER_HEIGHT_PX) / rowHeight) - 1);
      const step = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page }[event.key] ?? 0;
      let target = event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : current + step;
      if (current === -1 && step !== 0) target = 0;
      target = Math.min(rows.length - 1, Math.max(0, target));
      setActiveId(rows[target]?.id ?? null);
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
  };
  useEffect(() => {
    const grid = bodyRef.current?.parentElement;
    if (!grid) return;
    const onKeyDown = (event: KeyboardEvent) => keyboard.current?.onKeyDown(event);
    const onFocus = (event: FocusEvent) => keyboard.current?.onFocus(event);
    grid.addEventListener('keydown', onKeyDown);
    grid.addEventListener('focus', onFocus);
    return () => {
      grid.removeEventListener('keydown', onKeyDown);
      grid.removeEventListener('focus', onFocus);
    };
  }, []);
  useLayoutEffect(() => {
    const grid = bodyRef.current?.parentElement;
    if (!grid) return;
    const element = activeId === null ? null : grid.ownerDocument.getElementById(rowDomId(activeId));
    if (element && grid.contains(element)) grid.setAttribute('aria-activedescendant', element.id);
    else grid.removeAttribute('aria-activedescendant');
  });

  useEffect(() => {
    if (selectedId === null) return;
    const index = indexOf(selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: index === 0 ? 'start' : 'center' });
    // Scroll once per selection, not on every data change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  const lastRenderedIndex = virtualItems.at(-1)?.index ?? -1;
  const endReachedForCount = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || !onEndReached || rows.length === 0) return;
    if (lastRenderedIndex < rows.length - 1 - END_REACHED_THRESHOLD_ROWS) return;
    if (endReachedForCount.current === rows.length) return;
    endReachedForCount.current = rows.length;
    onEndReached();
  }, [hasMore, loadingMore, onEndReached, rows.length, lastRenderedIndex]);

  const first = virtualItems[0];
  const last = virtualItems.at(-1);
  const topSpace = first ? first.start - HEADER_HEIGHT_PX : 0;
  const bottomSpace = last ? virtualizer.getTotalSize() - (last.end - HEADER_HEIGHT_PX) : 0;

  return (
    <tbody ref={bodyRef} className={styles.body}>
      {topSpace > 0 ? <Spacer height={topSpace} columnCount={columnCount} /> : null}
      {virtualItems.map((item) => {
        const row = rows[item.index] as TradeTableRow;
        return (
          <TradeRowView
            key={row.id}
            row={row}
            id={rowDomId(row.id)}
            ariaRowIndex={item.index + 2}
            active={row.id === activeId}
            selected={row.id === selectedId}
            visibleColumnKey={visibleColumnKey}
            onActivate={onActivate}
            onPoint={setActiveId}
            links={getTradeLinks?.(row.original)}
            onTradeLinkClick={onTradeLinkClick}
            describeTrade={describeTrade}
          />
        );
      })}
      {bottomSpace > 0 ? <Spacer height={bottomSpace} columnCount={columnCount} /> : null}
      {loadingMore ? (
        <tr role="row">
          <td role="gridcell" colSpan={columnCount} className={styles.footerCell}>
            <span role="status">Loading more trades…</span>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

const INTERACTIVE_TARGET = 'button, a, input, select, textarea, [role="button"]';

interface RowViewProps {
  row: TradeTableRow;
  id: string;
  ariaRowIndex: number;
  active: boolean;
  selected: boolean;
  visibleColumnKey: string;
  onActivate: ((trade: TradeRow) => void) | undefined;
  onPoint: (rowId: string) => void;
  links: readonly TradeLink[] | undefined;
  onTradeLinkClick: TradesTableBodyProps['onTradeLinkClick'];
  describeTrade: (trade: TradeRow) => string;
}

/** One trade. Memoised: while scrolling only the rows that come into view render. */
const TradeRowView = memo(function TradeRowView({
  row,
  id,
  ariaRowIndex,
  active,
  selected,
  onActivate,
  onPoint,
  links,
  onTradeLinkClick,
  describeTrade,
}: RowViewProps) {
  const handleClick = (event: MouseEvent<HTMLTableRowElement>) => {
    onPoint(row.id);
    if ((event.target as Element).closest(INTERACTIVE_TARGET)) return;
    onActivate?.(row.original);
  };
  return (
    <tr
      id={id}
      role="row"
      className={styles.row}
      aria-rowindex={ariaRowIndex}
      aria-selected={selected}
      data-active={active || undefined}
      data-clickable={onActivate ? '' : undefined}
      data-slot="trades-table-row"
      data-row-id={row.id}
      data-open={row.original.exitTime === null ? '' : undefined}
      onClick={handleClick}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          role="gridcell"
          className={clsx(styles.cell, styles.align[cell.column.columnDef.meta?.align ?? 'start'])}
          data-column={cell.column.id}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
      {links ? (
        <td role="gridcell" className={styles.cell} data-column="links">
          <span className={styles.links}>
            {links.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className={clsx(styles.link, focusRing)}
                aria-label={`${link.label} for ${describeTrade(row.original)}`}
                // Only the active row's links are in the Tab order: the table stays one stop.
                tabIndex={active ? 0 : -1}
                onClick={onTradeLinkClick ? (event) => onTradeLinkClick(row.original, link, event) : undefined}
              >
                {link.label}
              </a>
            ))}
          </span>
        </td>
      ) : null}
    </tr>
  );
});
