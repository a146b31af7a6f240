import { FlexRender } from '@tanstack/react-table';
import {
  measureElement as measureRenderedSize,
  useVirtualizer,
  type Virtualizer,
  type VirtualItem,
} from '@tanstack/react-virtual';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { clsx } from 'clsx';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { focusRing } from '../../theme/focus.css';
import { Button } from '../Button';
import type { TimeZoneMode } from '../../time/time-zone';
import type { SignalTableRow } from './columns';
import { formatZonedTime } from './format';
import {
  DETAIL_ESTIMATE_PX,
  END_REACHED_THRESHOLD_ROWS,
  FRESH_ROW_MS,
  HEADER_HEIGHT_PX,
  OVERSCAN_ROWS,
  type ColumnKey,
} from './layout';
import * as styles from './SignalsTable.css';
import type { RawBodyStatus, SignalRow } from './types';

type Key = VirtualItem['key'];

/** One entry of the virtual list: a row, or the details opened under it. */
export interface ListItem {
  row: SignalTableRow;
  detail: boolean;
}

/** The class that sizes a column (on its `<col>`). */
export const columnClass = (columnId: string): string | undefined => styles.column[columnId as ColumnKey];

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacerRow} data-slot="signals-table-spacer">
      <td colSpan={columnCount} className={styles.spacer} style={{ height }} />
    </tr>
  );
}

/** Only detail rows are measured. One that is not laid out (a hidden tab, a test DOM) reports 0: keep the estimate. */
const measureDetailRow: typeof measureRenderedSize<HTMLTableRowElement> = (element, entry, instance) => {
  const size = measureRenderedSize(element, entry, instance);
  return size > 0 ? size : DETAIL_ESTIMATE_PX;
};

/** Where the row with this key is now, searched from where it was (it usually moved a little). */
function findItemIndex(getItemKey: (index: number) => Key, count: number, key: Key, near: number): number {
  for (let index = Math.max(0, near); index < count; index++) if (getItemKey(index) === key) return index;
  for (let index = Math.min(near, count) - 1; index >= 0; index--) if (getItemKey(index) === key) return index;
  return -1;
}

export interface SignalsTableBodyProps {
  /** The sorted rows, with detail entries interleaved when some are expanded (`null`: none are). */
  items: readonly ListItem[] | null;
  rows: readonly SignalTableRow[];
  scroller: HTMLDivElement | null;
  columnCount: number;
  visibleColumnKey: string;
  expanded: Readonly<Record<string, boolean>>;
  fresh: ReadonlyMap<string, number>;
  selectedId: string | null;
  highlightedId: string | null;
  onActivate: ((signal: SignalRow) => void) | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached: (() => void) | undefined;
  detailRowId: (rowId: string) => string;
  /** Changes when the sort order does; a re-sort does not hold the rows in view in place. */
  sortOrder: string;
  /** The DOM id of a row, for the grid's `aria-activedescendant`. */
  rowDomId: (rowId: string) => string;
  /** A row's height: a table row, or a card on phone widths. */
  rowHeight: number;
  timeZone: TimeZoneMode;
  getChartHref: ((signal: SignalRow) => string | null) | undefined;
  onChartLinkClick: ((signal: SignalRow, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  rawBodyStatus: ((signal: SignalRow) => RawBodyStatus | null) | undefined;
  onLoadRawBody: ((signal: SignalRow) => void) | undefined;
}

/** Keys the grid takes for itself; any other key (Tab included) does what it always does. */
const NAVIGATION_KEYS = new Set([
  'ArrowDown',
  'ArrowUp',
  'PageDown',
  'PageUp',
  'Home',
  'End',
  'ArrowRight',
  'ArrowLeft',
  'Enter',
  ' ',
]);

/**
 * The virtualised rows, between two spacer rows that stand in for the rows out of view. Kept
 * apart from the header and toolbar so that scrolling re-renders only this part.
 */
export function SignalsTableBody({
  items,
  rows,
  scroller,
  columnCount,
  visibleColumnKey,
  expanded,
  fresh,
  selectedId,
  highlightedId,
  onActivate,
  hasMore,
  loadingMore,
  onEndReached,
  detailRowId,
  sortOrder,
  rowDomId,
  rowHeight,
  timeZone,
  getChartHref,
  onChartLinkClick,
  rawBodyStatus,
  onLoadRawBody,
}: SignalsTableBodyProps) {
  const itemCount = items ? items.length : rows.length;
  const itemAt = useCallback(
    (index: number): ListItem => items?.[index] ?? { row: rows[index] as SignalTableRow, detail: false },
    [items, rows],
  );
  // Both keep their identity until the rows change: the virtualiser recomputes every position
  // (100,000 of them) whenever either function is new.
  const estimateSize = useCallback(
    (index: number) => (itemAt(index).detail ? DETAIL_ESTIMATE_PX : rowHeight),
    [itemAt, rowHeight],
  );
  const getItemKey = useCallback(
    (index: number) => {
      const item = itemAt(index);
      return item.detail ? `${item.row.id}\u0000detail` : item.row.id;
    },
    [itemAt],
  );
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: itemCount,
    getScrollElement: () => scroller,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    // The sticky header sits above the first row inside the same scroller.
    scrollMargin: HEADER_HEIGHT_PX,
    scrollPaddingStart: HEADER_HEIGHT_PX,
    measureElement: measureDetailRow,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Rows added above the view (live signals while older ones are being read) must not push the
  // rows in view down: the row at the top of the view keeps its place on screen. At the very
  // top nothing is held, so new signals come into view; after a re-sort nothing is held either.
  const anchor = useRef<{ key: Key; index: number; start: number } | null>(null);
  const anchoredFor = useRef({ itemAt, order: sortOrder });
  // After the table scrolled to the selected row, that row (not the top one) holds its place while
  // rows arrive, until the user scrolls themselves.
  const followSelected = useRef(false);
  useEffect(() => {
    if (!scroller) return;
    const stop = () => {
      followSelected.current = false;
    };
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const name of events) scroller.addEventListener(name, stop, { passive: true });
    return () => {
      for (const name of events) scroller.removeEventListener(name, stop);
    };
  }, [scroller]);
  useLayoutEffect(() => {
    let offset = virtualizer.scrollOffset ?? 0;
    const previous = anchor.current;
    const dataChanged = anchoredFor.current.itemAt !== itemAt;
    const orderChanged = anchoredFor.current.order !== sortOrder;
    anchoredFor.current = { itemAt, order: sortOrder };
    if (dataChanged && !orderChanged && previous && offset > 0 && scroller) {
      const index = findItemIndex(getItemKey, itemCount, previous.key, previous.index);
      const start = index === -1 ? undefined : virtualizer.measurementsCache[index]?.start;
      if (start !== undefined && start !== previous.start) {
        offset += start - previous.start;
        scroller.scrollTop = offset;
      }
    }
    const selectedIndex =
      followSelected.current && selectedId !== null ? findItemIndex(getItemKey, itemCount, selectedId, 0) : -1;
    const selectedStart = selectedIndex === -1 ? undefined : virtualizer.measurementsCache[selectedIndex]?.start;
    if (selectedStart !== undefined) {
      anchor.current = { key: selectedId as string, index: selectedIndex, start: selectedStart };
      return;
    }
    const top = virtualizer.getVirtualItemForOffset(offset + HEADER_HEIGHT_PX);
    anchor.current = top ? { key: top.key, index: top.index, start: top.start } : null;
  });

  // A focused link in a row's details that scrolls out of the rendered range is removed, and focus
  // would fall to the page: hand it back to the grid, so the arrow keys keep working.
  const focusWithin = useRef(false);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    const grid = bodyRef.current?.parentElement;
    if (!focusWithin.current || !grid) return;
    const active = grid.ownerDocument.activeElement;
    if (active === null || active === grid.ownerDocument.body) {
      focusWithin.current = false;
      grid.focus({ preventScroll: true });
    }
  });

  // The grid keeps focus itself and points at its active row with aria-activedescendant, so a
  // row that virtualisation removes never takes the focus with it.
  const [activeId, setActiveId] = useState<string | null>(null);
  const rowIndexOf = useCallback(
    (id: string) =>
      items ? items.findIndex((item) => !item.detail && item.row.id === id) : rows.findIndex((row) => row.id === id),
    [items, rows],
  );
  const keyboard = useRef<{ onKeyDown: (event: KeyboardEvent) => void; onFocus: (event: FocusEvent) => void }>(null);
  keyboard.current = {
    onFocus(event) {
      const grid = event.currentTarget as HTMLElement;
      if (event.target !== grid) return;
      if (activeId !== null && rowIndexOf(activeId) !== -1) return;
      const preferred = selectedId !== null && rowIndexOf(selectedId) !== -1 ? selectedId : null;
      if (preferred !== null) return setActiveId(preferred);
      // Otherwise the first row in view: focusing does not move the list.
      const top = virtualizer.getVirtualItemForOffset((virtualizer.scrollOffset ?? 0) + HEADER_HEIGHT_PX);
      const index = Math.max(0, top?.index ?? 0);
      const item = itemAt(index);
      setActiveId(item.row.id);
    },
    onKeyDown(event) {
      const grid = event.currentTarget as HTMLElement;
      if (event.target !== grid || !NAVIGATION_KEYS.has(event.key) || event.altKey || event.metaKey) return;
      if (itemCount === 0) return;
      event.preventDefault();
      const current = activeId === null ? -1 : rowIndexOf(activeId);
      const activeRow = current === -1 ? undefined : itemAt(current).row;
      if (event.key === 'Enter' || event.key === ' ') {
        if (!activeRow) return;
        if (event.key === ' ' && onActivate) onActivate(activeRow.original);
        else activeRow.toggleExpanded();
        return;
      }
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        if (activeRow && activeRow.getIsExpanded() !== (event.key === 'ArrowRight')) activeRow.toggleExpanded();
        return;
      }
      const page = Math.max(1, Math.floor(((scroller?.clientHeight ?? rowHeight) - HEADER_HEIGHT_PX) / rowHeight) - 1);
      const step = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page }[event.key];
      let target: number;
      if (event.key === 'Home') target = 0;
      else if (event.key === 'End') target = itemCount - 1;
      else if (current === -1) target = 0;
      else target = current + (step ?? 0);
      target = Math.min(itemCount - 1, Math.max(0, target));
      // Details are not rows of their own for the keyboard: step over them.
      const direction = (step ?? 0) < 0 || event.key === 'Home' ? -1 : 1;
      while (itemAt(target).detail && target + direction >= 0 && target + direction < itemCount) target += direction;
      if (itemAt(target).detail) target -= direction;
      setActiveId(itemAt(target).row.id);
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
  // Points the grid at its active row while that row is rendered (a reference to a missing element would dangle).
  useLayoutEffect(() => {
    const grid = bodyRef.current?.parentElement;
    if (!grid) return;
    const element = activeId === null ? null : grid.ownerDocument.getElementById(rowDomId(activeId));
    if (element && grid.contains(element)) grid.setAttribute('aria-activedescendant', element.id);
    else grid.removeAttribute('aria-activedescendant');
  });

  const lastRenderedIndex = virtualItems.at(-1)?.index ?? -1;
  const endReachedForCount = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || !onEndReached || itemCount === 0) return;
    if (lastRenderedIndex < itemCount - 1 - END_REACHED_THRESHOLD_ROWS) return;
    if (endReachedForCount.current === itemCount) return;
    endReachedForCount.current = itemCount;
    onEndReached();
  }, [hasMore, loadingMore, onEndReached, itemCount, lastRenderedIndex]);

  // A row asked for before it is loaded is scrolled to once it arrives, not on every later change.
  const pendingScrollId = useRef<string | null>(null);
  const scrollToRowRef = useRef<(id: string, align?: 'start' | 'center') => void>(() => {});
  scrollToRowRef.current = (id: string, align: 'start' | 'center' = 'center') => {
    const index = items
      ? items.findIndex((item) => !item.detail && item.row.id === id)
      : rows.findIndex((row) => row.id === id);
    pendingScrollId.current = index >= 0 ? null : id;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: index === 0 ? 'start' : align });
  };
  useEffect(() => {
    if (highlightedId !== null) scrollToRowRef.current(highlightedId);
  }, [highlightedId]);
  // The selected row goes to the top of the list, so its details below it are in view too.
  useEffect(() => {
    if (selectedId === null) return;
    followSelected.current = true;
    scrollToRowRef.current(selectedId, 'start');
  }, [selectedId]);
  useEffect(() => {
    // Until the user scrolls, the selected row is kept at the top as rows arrive around it (a row fetched on
    // its own first sits at the end of the list, then the pages before it load).
    if (followSelected.current && selectedId !== null) scrollToRowRef.current(selectedId, 'start');
    else if (pendingScrollId.current !== null) scrollToRowRef.current(pendingScrollId.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, items]);

  const first = virtualItems[0];
  const last = virtualItems.at(-1);
  const topSpace = first ? first.start - HEADER_HEIGHT_PX : 0;
  const bottomSpace = last ? virtualizer.getTotalSize() - (last.end - HEADER_HEIGHT_PX) : 0;
  const scrollerWidth = virtualizer.scrollRect?.width || undefined;
  const now = Date.now();

  return (
    <tbody
      ref={bodyRef}
      className={styles.body}
      onFocus={() => {
        focusWithin.current = true;
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next !== null) {
          if (!bodyRef.current?.contains(next)) focusWithin.current = false;
          return;
        }
        // Focus went nowhere: the user clicked outside (the element is still there), or the row
        // was removed while scrolling, which the layout effect above has already handled.
        const target = event.target;
        queueMicrotask(() => {
          if (target.isConnected) focusWithin.current = false;
        });
      }}
    >
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
              timeZone={timeZone}
              chartHref={getChartHref?.(row.original) ?? null}
              onChartLinkClick={onChartLinkClick}
              rawBodyStatus={rawBodyStatus}
              onLoadRawBody={onLoadRawBody}
            />
          );
        }
        const freshSince = fresh.get(row.id);
        const freshFor = freshSince === undefined ? undefined : now - freshSince;
        return (
          <SignalTableRowView
            key={virtualItem.key as string}
            row={row}
            id={rowDomId(row.id)}
            active={row.id === activeId}
            ariaRowIndex={virtualItem.index + 2}
            visibleColumnKey={visibleColumnKey}
            expanded={expanded[row.id] === true}
            selected={row.id === selectedId}
            highlighted={row.id === highlightedId}
            freshFor={freshFor !== undefined && freshFor < FRESH_ROW_MS ? freshFor : undefined}
            onActivate={onActivate}
            onPoint={setActiveId}
          />
        );
      })}
      {bottomSpace > 0 ? <Spacer height={bottomSpace} columnCount={columnCount} /> : null}
      {loadingMore ? (
        <tr role="row">
          <td role="gridcell" colSpan={columnCount} className={styles.footerCell}>
            <span role="status">Loading more signals…</span>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

interface RowViewProps {
  row: SignalTableRow;
  id: string;
  /** The row the grid's keyboard focus is on. */
  active: boolean;
  ariaRowIndex: number;
  /** Changes when columns are shown or hidden, so a memoised row renders its new cells. */
  visibleColumnKey: string;
  expanded: boolean;
  selected: boolean;
  highlighted: boolean;
  /** How long ago the row arrived, while it is still fresh. */
  freshFor: number | undefined;
  onActivate: ((signal: SignalRow) => void) | undefined;
  /** A pointer chose this row: the keyboard goes on from here. */
  onPoint: (rowId: string) => void;
}

const INTERACTIVE_TARGET = 'button, a, input, select, textarea, [role="button"], [role="menuitem"]';

/** One data row. Memoised: while scrolling only the rows that come into view render. */
const SignalTableRowView = memo(function SignalTableRowView({
  row,
  id,
  active,
  ariaRowIndex,
  expanded,
  selected,
  highlighted,
  freshFor,
  onActivate,
  onPoint,
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
      data-expanded={expanded || undefined}
      data-highlighted={highlighted || undefined}
      data-fresh={freshFor === undefined ? undefined : ''}
      data-clickable={onActivate ? '' : undefined}
      data-slot="signals-table-row"
      data-row-id={row.id}
      style={
        freshFor === undefined ? undefined : assignInlineVars({ [styles.freshElapsed]: String(Math.round(freshFor)) })
      }
      onClick={handleClick}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <td
            key={cell.id}
            role="gridcell"
            className={clsx(styles.cell, styles.align[meta?.align ?? 'start'])}
            data-column={cell.column.id}
          >
            <FlexRender cell={cell} />
          </td>
        );
      })}
    </tr>
  );
});

interface DetailRowProps {
  id: string;
  signal: SignalRow;
  index: number;
  columnCount: number;
  /** The visible width of the scroller, so the details stay readable when the table is wider. */
  width: number | undefined;
  measure: Virtualizer<HTMLDivElement, HTMLTableRowElement>['measureElement'];
  timeZone: TimeZoneMode;
  chartHref: string | null;
  onChartLinkClick: ((signal: SignalRow, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  rawBodyStatus: ((signal: SignalRow) => RawBodyStatus | null) | undefined;
  onLoadRawBody: ((signal: SignalRow) => void) | undefined;
}

/** A raw body not in the row yet: on its way, failed (with Retry), or to be loaded on request. */
function RawBodyPending({
  signal,
  status,
  onLoad,
}: {
  signal: SignalRow;
  status: RawBodyStatus | null;
  onLoad: ((signal: SignalRow) => void) | undefined;
}) {
  if (status?.state === 'loading') {
    return (
      <span role="status" className={styles.muted}>
        Loading the raw body…
      </span>
    );
  }
  if (status?.state === 'error') {
    return (
      <span className={styles.rawProblem}>
        <span role="alert">Could not load the raw body: {status.message}</span>
        {onLoad ? (
          <Button variant="outline" size="sm" onClick={() => onLoad(signal)}>
            Retry
          </Button>
        ) : null}
      </span>
    );
  }
  if (onLoad) {
    return (
      <Button variant="outline" size="sm" onClick={() => onLoad(signal)}>
        Load raw body
      </Button>
    );
  }
  return <span className={styles.muted}>Not loaded</span>;
}

function DetailRow({
  id,
  signal,
  index,
  columnCount,
  width,
  measure,
  timeZone,
  chartHref,
  onChartLinkClick,
  rawBodyStatus,
  onLoadRawBody,
}: DetailRowProps) {
  return (
    <tr
      id={id}
      role="row"
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={styles.detailRow}
      data-slot="signals-table-detail"
    >
      <td role="gridcell" colSpan={columnCount} className={styles.detailCell}>
        <div
          className={styles.detailContent}
          style={width === undefined ? undefined : assignInlineVars({ [styles.viewportWidth]: `${width}px` })}
        >
          <dl className={styles.detailFields}>
            <dt className={styles.detailTerm}>Received</dt>
            <dd className={styles.detailValue}>{formatZonedTime(signal.receivedAt, timeZone)}</dd>
            <dt className={styles.detailTerm}>Alert time</dt>
            <dd className={styles.detailValue}>
              {signal.alertTime === null ? '—' : formatZonedTime(signal.alertTime, timeZone)}
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
                <dd className={styles.detailValue} data-field="reason">
                  {signal.reason}
                </dd>
              </>
            ) : null}
            {signal.outcome ? (
              <>
                <dt className={styles.detailTerm}>Outcome</dt>
                <dd className={styles.detailValue}>{signal.outcome}</dd>
              </>
            ) : null}
            <dt className={styles.detailTerm}>Raw body</dt>
            <dd className={styles.detailValue} data-field="raw">
              {signal.raw === undefined ? (
                <RawBodyPending signal={signal} status={rawBodyStatus?.(signal) ?? null} onLoad={onLoadRawBody} />
              ) : (
                <pre className={styles.raw} data-slot="signals-table-raw">
                  {signal.raw}
                </pre>
              )}
            </dd>
          </dl>
          {chartHref ? (
            <a
              className={clsx(styles.chartLink, focusRing)}
              href={chartHref}
              onClick={onChartLinkClick ? (event) => onChartLinkClick(signal, event) : undefined}
              data-slot="signals-table-chart-link"
            >
              Show on chart
            </a>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
