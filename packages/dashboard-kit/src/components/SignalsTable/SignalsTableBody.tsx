import { measureElement as measureRenderedSize, type VirtualItem } from '@tanstack/react-virtual';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { clsx } from 'clsx';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { GridBody, useVirtualGrid, type GridBodyContext, type GridVirtualizer } from '../../table/GridBody';
import { GridCells, GridRow, type GridRowProps } from '../../table/GridRow';
import { HEADER_HEIGHT_PX } from '../../table/layout';
import * as gridStyles from '../../table/table.css';
import { focusRing } from '../../theme/focus.css';
import { SignalJourney } from '../SignalJourney';
import type { TimeZoneMode } from '../../time/time-zone';
import { Button } from '../Button';
import type { SignalTableRow } from './columns';
import { formatZonedTime } from './format';
import { DETAIL_ESTIMATE_PX, FRESH_ROW_MS, type ColumnKey } from './layout';
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
  grid: GridBodyContext<SignalRow>;
  /** The sorted rows, with detail entries interleaved when some are expanded (`null`: none are). */
  items: readonly ListItem[] | null;
  rows: readonly SignalTableRow[];
  columnCount: number;
  visibleColumnKey: string;
  expanded: Readonly<Record<string, boolean>>;
  fresh: ReadonlyMap<string, number>;
  highlightedId: string | null;
  detailRowId: (rowId: string) => string;
  /** Changes when the sort order does; a re-sort does not hold the rows in view in place. */
  sortOrder: string;
  /** A row's height: a table row, or a card on phone widths. */
  rowHeight: number;
  timeZone: TimeZoneMode;
  getChartHref: ((signal: SignalRow) => string | null) | undefined;
  onChartLinkClick: ((signal: SignalRow, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  rawBodyStatus: ((signal: SignalRow) => RawBodyStatus | null) | undefined;
  onLoadRawBody: ((signal: SignalRow) => void) | undefined;
}

/** Keys beyond moving that the grid takes for itself; any other key (Tab included) does what it always does. */
const ACTION_KEYS = new Set(['ArrowRight', 'ArrowLeft', 'Enter', ' ']);

/**
 * The virtualised rows, between two spacer rows that stand in for the rows out of view. Kept
 * apart from the header and toolbar so that scrolling re-renders only this part.
 */
export function SignalsTableBody({
  grid,
  items,
  rows,
  columnCount,
  visibleColumnKey,
  expanded,
  fresh,
  highlightedId,
  detailRowId,
  sortOrder,
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
  const rowIndexOf = useCallback(
    (id: string) =>
      items ? items.findIndex((item) => !item.detail && item.row.id === id) : rows.findIndex((row) => row.id === id),
    [items, rows],
  );
  const { selectedId, onActivate } = grid;
  const { virtualizer, bodyRef, rowProps, body } = useVirtualGrid({
    grid,
    slot: 'signals-table',
    columnCount,
    visibleColumnKey,
    count: itemCount,
    rowHeight,
    estimateSize,
    getItemKey,
    measureElement: measureDetailRow,
    rowIdAt: (index) => itemAt(index).row.id,
    indexOfRow: rowIndexOf,
    skip: (index) => itemAt(index).detail,
    actionKeys: ACTION_KEYS,
    onAction: (key, activeIndex) => {
      const activeRow = activeIndex === -1 ? undefined : itemAt(activeIndex).row;
      if (!activeRow) return;
      if (key === 'Enter' || key === ' ') {
        if (key === ' ' && onActivate) onActivate(activeRow.original);
        else activeRow.toggleExpanded();
      } else if (activeRow.getIsExpanded() !== (key === 'ArrowRight')) {
        activeRow.toggleExpanded();
      }
    },
  });
  const { scroller } = grid;

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
  useLayoutEffect(() => {
    const table = bodyRef.current?.parentElement;
    if (!focusWithin.current || !table) return;
    const active = table.ownerDocument.activeElement;
    if (active === null || active === table.ownerDocument.body) {
      focusWithin.current = false;
      table.focus({ preventScroll: true });
    }
  });

  // A row asked for before it is loaded is scrolled to once it arrives, not on every later change.
  const pendingScrollId = useRef<string | null>(null);
  const scrollToRowRef = useRef<(id: string, align?: 'start' | 'center') => void>(() => {});
  scrollToRowRef.current = (id: string, align: 'start' | 'center' = 'center') => {
    const index = rowIndexOf(id);
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

  const scrollerWidth = virtualizer.scrollRect?.width || undefined;
  const now = Date.now();

  return (
    <GridBody
      {...body}
      loadingMoreText="Loading more signals…"
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
      {virtualizer.getVirtualItems().map((virtualItem) => {
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
            {...rowProps(row.id, virtualItem.index)}
            expanded={expanded[row.id] === true}
            highlighted={row.id === highlightedId}
            freshFor={freshFor !== undefined && freshFor < FRESH_ROW_MS ? freshFor : undefined}
          />
        );
      })}
    </GridBody>
  );
}

interface RowViewProps extends GridRowProps<SignalRow> {
  row: SignalTableRow;
  expanded: boolean;
  highlighted: boolean;
  /** How long ago the row arrived, while it is still fresh. */
  freshFor: number | undefined;
}

/** One data row. Memoised: while scrolling only the rows that come into view render. */
const SignalTableRowView = memo(function SignalTableRowView({
  row,
  expanded,
  highlighted,
  freshFor,
  ...gridRow
}: RowViewProps) {
  return (
    <GridRow
      {...gridRow}
      row={row}
      className={styles.row}
      slot="signals-table-row"
      data-expanded={expanded || undefined}
      data-highlighted={highlighted || undefined}
      data-fresh={freshFor === undefined ? undefined : ''}
      style={
        freshFor === undefined ? undefined : assignInlineVars({ [styles.freshElapsed]: String(Math.round(freshFor)) })
      }
    >
      <GridCells cells={row.getVisibleCells()} className={styles.cell} />
    </GridRow>
  );
});

interface DetailRowProps {
  id: string;
  signal: SignalRow;
  index: number;
  columnCount: number;
  /** The visible width of the scroller, so the details stay readable when the table is wider. */
  width: number | undefined;
  measure: GridVirtualizer['measureElement'];
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
      <span role="status" className={gridStyles.muted}>
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
  return <span className={gridStyles.muted}>Not loaded</span>;
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
            {signal.strategy ? (
              <>
                <dt className={styles.detailTerm}>Strategy</dt>
                <dd className={styles.detailValue}>{signal.strategy}</dd>
              </>
            ) : null}
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
                {signal.reasonHelpHref ? (
                  <>
                    <dt className={styles.detailTerm}>Fix</dt>
                    <dd className={styles.detailValue} data-field="reason-help">
                      <a
                        className={clsx(styles.helpLink, focusRing)}
                        href={signal.reasonHelpHref}
                        data-slot="signals-table-reason-help"
                      >
                        How to fix
                      </a>
                    </dd>
                  </>
                ) : null}
              </>
            ) : null}
            {signal.outcome ? (
              <>
                <dt className={styles.detailTerm}>Outcome</dt>
                <dd className={styles.detailValue} data-field="outcome">
                  {signal.outcome}
                </dd>
              </>
            ) : null}
            {signal.journey ? (
              <>
                <dt className={styles.detailTerm}>Journey</dt>
                <dd className={styles.detailValue} data-field="journey">
                  <SignalJourney
                    {...signal.journey}
                    alertTime={signal.alertTime}
                    receivedAt={signal.receivedAt}
                    timeZone={timeZone}
                  />
                </dd>
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
