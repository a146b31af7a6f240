import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { forwardRef, useEffect, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { END_REACHED_THRESHOLD_ROWS, HEADER_HEIGHT_PX, OVERSCAN_ROWS } from './layout';
import { gridRowProps, type GridRowContext } from './GridRow';
import * as grid from './table.css';

export type GridVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

/** The keys that move the grid's active row. */
const MOVE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End']);

/** What every virtualised body takes from its table (`useDataGrid` gives it). */
export interface GridBodyContext<TRecord> {
  scroller: HTMLDivElement | null;
  /** The DOM id of a row, for `aria-activedescendant`. */
  rowDomId: (rowId: string) => string;
  /** Infinite loading: `onEndReached` once per list length when the end is near and `hasMore` is set. */
  paging: { hasMore: boolean; loadingMore: boolean; onEndReached: (() => void) | undefined };
  selectedId: string | null;
  /** Chooses a row; `undefined` when rows are not clickable. */
  onActivate: ((record: TRecord) => void) | undefined;
}

interface VirtualGridOptions<TRecord> {
  grid: GridBodyContext<TRecord>;
  /** Names the body's parts (`data-slot`s). */
  slot: string;
  columnCount: number;
  /** Changes when anything every row draws changes (the columns shown, the zone): memoised rows render again. */
  visibleColumnKey: string;
  /** The entries of the list: rows, and any details opened under them. */
  count: number;
  /** A row's height (a table row, or a card on phones); `estimateSize` may guess others (details). */
  rowHeight: number;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string | number;
  /** Measures rendered entries whose height is not known beforehand. */
  measureElement?: GridVirtualizer['options']['measureElement'];
  /** The row an entry belongs to (an opened row's details belong to that row). */
  rowIdAt: (index: number) => string | undefined;
  /** Where a row is in the list, or -1. */
  indexOfRow: (rowId: string) => number;
  /** Entries the keyboard steps over (details are not rows of their own). */
  skip?: (index: number) => boolean;
  /** Keys beyond moving (Enter, Space, ...) and what they do to the active entry (-1: none). */
  actionKeys: ReadonlySet<string>;
  onAction: (key: string, activeIndex: number) => void;
}

/**
 * A grid's virtualised body: the virtualiser (rows below the sticky header, which sits above the
 * first row inside the same scroller, and a margin beyond each edge of the view) and the keyboard.
 * The grid keeps the focus and points at its active row with `aria-activedescendant`, so a row
 * that virtualisation removes never takes the focus with it: Up and Down move one row, Page Up and
 * Down a screen, Home and End to the first and last. A focus from outside starts at the selected
 * row, else the first row in view (focusing does not move the list). `body` goes to `GridBody`.
 */
export function useVirtualGrid<TRecord>({
  grid: { scroller, rowDomId, paging, selectedId, onActivate },
  slot,
  columnCount,
  visibleColumnKey,
  count: itemCount,
  rowHeight,
  estimateSize,
  getItemKey,
  measureElement,
  rowIdAt,
  indexOfRow,
  skip,
  actionKeys,
  onAction,
}: VirtualGridOptions<TRecord>) {
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: itemCount,
    getScrollElement: () => scroller,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin: HEADER_HEIGHT_PX,
    scrollPaddingStart: HEADER_HEIGHT_PX,
    ...(measureElement ? { measureElement } : {}),
  });
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const keyboard = useRef<{ onKeyDown: (event: KeyboardEvent) => void; onFocus: (event: FocusEvent) => void }>(null);
  keyboard.current = {
    onFocus(event) {
      if (event.target !== event.currentTarget || itemCount === 0) return;
      if (activeId !== null && indexOfRow(activeId) !== -1) return;
      if (selectedId !== null && indexOfRow(selectedId) !== -1) return setActiveId(selectedId);
      const top = virtualizer.getVirtualItemForOffset((virtualizer.scrollOffset ?? 0) + HEADER_HEIGHT_PX);
      setActiveId(rowIdAt(Math.max(0, top?.index ?? 0)) ?? null);
    },
    onKeyDown(event) {
      const { key } = event;
      if (event.target !== event.currentTarget || event.altKey || event.metaKey) return;
      if (!MOVE_KEYS.has(key) && !actionKeys.has(key)) return;
      if (itemCount === 0) return;
      event.preventDefault();
      const current = activeId === null ? -1 : indexOfRow(activeId);
      if (!MOVE_KEYS.has(key)) return onAction(key, current);
      const page = Math.max(1, Math.floor(((scroller?.clientHeight ?? rowHeight) - HEADER_HEIGHT_PX) / rowHeight) - 1);
      const step = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page }[key] ?? 0;
      let target: number;
      if (key === 'Home') target = 0;
      else if (key === 'End') target = itemCount - 1;
      else if (current === -1) target = 0;
      else target = current + step;
      target = Math.min(itemCount - 1, Math.max(0, target));
      const direction = step < 0 || key === 'Home' ? -1 : 1;
      if (skip) {
        while (skip(target) && target + direction >= 0 && target + direction < itemCount) target += direction;
        if (skip(target)) target -= direction;
      }
      setActiveId(rowIdAt(target) ?? null);
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
  };
  useEffect(() => {
    const table = bodyRef.current?.parentElement;
    if (!table) return;
    const onKeyDown = (event: KeyboardEvent) => keyboard.current?.onKeyDown(event);
    const onFocus = (event: FocusEvent) => keyboard.current?.onFocus(event);
    table.addEventListener('keydown', onKeyDown);
    table.addEventListener('focus', onFocus);
    return () => {
      table.removeEventListener('keydown', onKeyDown);
      table.removeEventListener('focus', onFocus);
    };
  }, []);
  // Points the grid at its active row while that row is rendered (a reference to a missing element would dangle).
  useLayoutEffect(() => {
    const table = bodyRef.current?.parentElement;
    if (!table) return;
    const element = activeId === null ? null : table.ownerDocument.getElementById(rowDomId(activeId));
    if (element && table.contains(element)) table.setAttribute('aria-activedescendant', element.id);
    else table.removeAttribute('aria-activedescendant');
  });

  const rowContext: GridRowContext<TRecord> = {
    rowDomId,
    activeId,
    selectedId,
    visibleColumnKey,
    onActivate,
    onPoint: setActiveId,
  };
  return {
    virtualizer,
    bodyRef,
    /** The props every row takes: the one with this id at this place in the list. */
    rowProps: (rowId: string, index: number) => gridRowProps(rowContext, rowId, index),
    body: { ref: bodyRef, virtualizer, columnCount, spacerSlot: `${slot}-spacer`, ...paging },
  };
}

function Spacer({ height, columnCount, slot }: { height: number; columnCount: number; slot: string }) {
  return (
    <tr aria-hidden="true" className={grid.spacerRow} data-slot={slot}>
      <td colSpan={columnCount} className={grid.spacer} style={{ height }} />
    </tr>
  );
}

export interface GridBodyProps extends ComponentPropsWithoutRef<'tbody'> {
  virtualizer: GridVirtualizer;
  columnCount: number;
  /** The spacer rows' `data-slot`. */
  spacerSlot: string;
  /** More rows can be loaded: `onEndReached` is called once per list length when the end is near. */
  hasMore: boolean;
  onEndReached: (() => void) | undefined;
  /** A further page is on its way: said in a last row ("Loading more trades…"). */
  loadingMore: boolean;
  loadingMoreText: string;
}

/**
 * The rendered rows (`children`) between two spacer rows that stand in for the rows out of view,
 * and a last row while more are loading. Asks for more once the last rendered entry is near the end.
 */
export const GridBody = forwardRef<HTMLTableSectionElement, GridBodyProps>(function GridBody(
  { virtualizer, columnCount, spacerSlot, hasMore, onEndReached, loadingMore, loadingMoreText, children, ...rest },
  ref,
) {
  const virtualItems = virtualizer.getVirtualItems();
  const itemCount = virtualizer.options.count;
  const lastRenderedIndex = virtualItems.at(-1)?.index ?? -1;
  const endReachedForCount = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || !onEndReached || itemCount === 0) return;
    if (lastRenderedIndex < itemCount - 1 - END_REACHED_THRESHOLD_ROWS) return;
    if (endReachedForCount.current === itemCount) return;
    endReachedForCount.current = itemCount;
    onEndReached();
  }, [hasMore, loadingMore, onEndReached, itemCount, lastRenderedIndex]);

  const first = virtualItems[0];
  const last = virtualItems.at(-1);
  const topSpace = first ? first.start - HEADER_HEIGHT_PX : 0;
  const bottomSpace = last ? virtualizer.getTotalSize() - (last.end - HEADER_HEIGHT_PX) : 0;
  return (
    <tbody ref={ref} className={grid.body} {...rest}>
      {topSpace > 0 ? <Spacer height={topSpace} columnCount={columnCount} slot={spacerSlot} /> : null}
      {children}
      {bottomSpace > 0 ? <Spacer height={bottomSpace} columnCount={columnCount} slot={spacerSlot} /> : null}
      {loadingMore ? (
        <tr role="row">
          <td role="gridcell" colSpan={columnCount} className={grid.footerCell}>
            <span role="status">{loadingMoreText}</span>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
});
