import { clsx } from 'clsx';
import {
  forwardRef,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { textDirection } from '../../format/direction';
import { formatMoney, formatPercent, toneOf } from '../../format/performance';
import { Missing } from '../../table/cells';
import { errorText, isFailure, TableMessage } from '../../table/TableMessage';
import * as grid from '../../table/table.css';
import { focusRing, visuallyHidden } from '../../theme/focus.css';
import { timeZoneLabel, type TimeZoneMode } from '../../time/time-zone';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { defaultFormatPrice } from '../CandlestickChart/format';
import { formatPrice, formatQuantity, formatZonedTime } from '../SignalsTable/format';
import { Skeleton } from '../Skeleton';
import { formatTradeTime, parseTime } from '../TradesTable/format';
import type { TradeSide } from '../TradesTable/types';
import * as styles from './PositionList.css';

/** One open position, as `GET /api/positions` answers: marked to the last price. */
export interface PositionRow {
  id: string;
  strategyId?: string;
  strategyName?: string | null;
  /** The pair, normalised (`BTC`). */
  symbol: string;
  side: TradeSide;
  quantity: number;
  entryPrice: number;
  /** The last price; `null` when there is no market data for the pair yet. */
  markPrice: number | null;
  /** Unrealised P&L in USD at `markPrice`. */
  unrealisedPnl: number;
  /** The same in percent units (1.5 = 1.5 %). */
  unrealisedPnlPct: number;
  stopLoss: number | null;
  takeProfit: number | null;
  /** ISO 8601. */
  openedAt: string;
}

export interface PositionListProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  positions: readonly PositionRow[];
  /** The table's accessible name. */
  label?: string;
  loading?: boolean;
  error?: Error | string | null;
  onRetry?: () => void;
  /**
   * Closes a position at market after the trader confirms. While the promise is pending the row
   * shows "Closing…"; a rejection's message is shown in the row. Once it resolves, a status line
   * above the list says what was closed (the string the promise resolves to, such as "Closed
   * BTC/USD long 0.5 at 84,123.45, P&L +$12.30", or else "Closed BTC long 0.5 at market.") and
   * takes the focus, as the row and its button go. Left out, no close button.
   */
  onClose?: (id: string) => Promise<unknown>;
  timeZone?: TimeZoneMode;
  /** Replaces the default "No open positions" message. */
  emptyState?: ReactNode;
  /**
   * The positions may be of several strategies: each row names its `strategyName` under the pair, and closing one
   * says whose it is ("Close 0.1 ETH of Scalper at market?"), so two alike rows are told apart.
   */
  showStrategy?: boolean;
}

const COLUMNS = [
  { id: 'pair', label: 'Pair' },
  { id: 'quantity', label: 'Quantity', align: 'end' },
  { id: 'entry', label: 'Entry' },
  { id: 'mark', label: 'Mark' },
  { id: 'pnl', label: 'Unrealised P&L', align: 'end' },
  { id: 'exits', label: 'Stop / target' },
  { id: 'opened', label: 'Opened' },
] as const;

/** Why closing failed, in words even when the rejection is not an error. */
const closeFailure = (error: unknown) =>
  typeof error === 'string' || error instanceof Error ? errorText(error) : 'The position could not be closed.';

const price = (value: number | null) =>
  value === null ? <Missing /> : <span className={grid.numeric}>{formatPrice(value)}</span>;

/**
 * A stop or target at the pair's usual precision, as the chart labels it ("Stop 87,829.73"): levels derived from a
 * percentage carry more decimals than any price the pair trades at.
 */
const exitPrice = (value: number | null) => (value === null ? '—' : defaultFormatPrice(value));

type Phase = { step: 'idle'; error?: string } | { step: 'pending' };

/**
 * "Close at market", then a confirmation in place, then the pending close and its error, if any. Only one
 * confirmation is open in the list at a time: the list says which (`confirming`), and opening another closes it.
 */
function CloseAction({
  position,
  owner,
  confirming,
  onConfirmingChange,
  onClose,
  onClosed,
}: {
  position: PositionRow;
  /** The strategy's name, when the list names whose each position is. */
  owner: string | null;
  /** Whether this row's confirmation is the one open. */
  confirming: boolean;
  /** Opens (`true`) or closes (`false`) this row's confirmation. */
  onConfirmingChange: (open: boolean) => void;
  onClose: (id: string) => Promise<unknown>;
  /** Called with what to say once the position is closed. */
  onClosed: (message: string) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const closeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const shown = phase.step === 'pending' ? 'pending' : confirming ? 'confirm' : 'idle';
  useEffect(() => {
    if (shown === 'confirm') confirmButton.current?.focus();
    if (shown === 'idle' && returnFocus.current) {
      returnFocus.current = false;
      closeButton.current?.focus();
    }
  }, [shown]);

  const subject = `${position.symbol} ${position.side}${owner ? ` of ${owner}` : ''}`;
  const confirm = async () => {
    setPhase({ step: 'pending' });
    onConfirmingChange(false);
    try {
      const result = await onClose(position.id);
      onClosed(
        typeof result === 'string' && result.trim() !== ''
          ? result
          : `Closed ${position.symbol} ${position.side} ${formatQuantity(position.quantity)} at market.`,
      );
      // The list normally drops the closed position; if it is still shown, it can be closed again.
      if (mounted.current) setPhase({ step: 'idle' });
    } catch (error) {
      if (!mounted.current) return;
      returnFocus.current = true;
      setPhase({ step: 'idle', error: closeFailure(error) });
    }
  };

  if (shown === 'idle') {
    const error = phase.step === 'idle' ? phase.error : undefined;
    return (
      <span className={styles.actions}>
        <Button
          ref={closeButton}
          variant="outline"
          size="sm"
          aria-label={`Close at market: ${subject}`}
          onClick={() => {
            setPhase({ step: 'idle' });
            onConfirmingChange(true);
          }}
        >
          Close at market
        </Button>
        {error ? (
          <span role="alert" className={styles.actionError}>
            Could not close {subject}: {error}
          </span>
        ) : null}
      </span>
    );
  }
  const pending = shown === 'pending';
  const cancel = () => {
    returnFocus.current = true;
    onConfirmingChange(false);
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || pending) return;
    event.stopPropagation();
    cancel();
  };
  return (
    <span className={styles.actions} role="group" aria-label={`Confirm closing ${subject}`}>
      <span className={styles.confirmText}>
        Close {formatQuantity(position.quantity)} {position.symbol}
        {owner ? (
          <>
            {' '}
            of <bdi>{owner}</bdi>
          </>
        ) : null}{' '}
        at market?
      </span>
      <Button
        ref={confirmButton}
        variant="danger"
        size="sm"
        loading={pending}
        onClick={confirm}
        onKeyDown={cancelOnEscape}
      >
        {pending ? 'Closing…' : 'Confirm close'}
      </Button>
      <Button variant="ghost" size="sm" disabled={pending} onClick={cancel} onKeyDown={cancelOnEscape}>
        Cancel
      </Button>
    </span>
  );
}

/**
 * The open positions of a paper account with their unrealised P&L, each with "Close at market"
 * behind a confirmation. A table on wide screens; at phone width (768px or narrower) each
 * position is a card, its values under their labels.
 */
export const PositionList = forwardRef<HTMLDivElement, PositionListProps>(function PositionList(
  {
    positions,
    label = 'Open positions',
    loading = false,
    error = null,
    onRetry,
    onClose,
    timeZone = 'local',
    emptyState,
    showStrategy = false,
    className,
    ...rest
  },
  ref,
) {
  const showError = isFailure(error);
  const columnCount = COLUMNS.length + (onClose ? 1 : 0);
  // What the last close did; it takes the focus from the button that goes with its row.
  const [closed, setClosed] = useState<{ message: string; key: number } | null>(null);
  const closedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (closed) closedRef.current?.focus();
  }, [closed]);
  const onClosed = useCallback((message: string) => setClosed((last) => ({ message, key: (last?.key ?? 0) + 1 })), []);
  // The one row whose "Close at market" confirmation is open: opening another closes it.
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const zone = timeZoneLabel(timeZone);

  let body: ReactNode;
  if (loading && positions.length === 0) {
    body = Array.from({ length: 2 }, (_, index) => (
      <tr key={index} role="row" className={styles.row} aria-hidden="true" data-slot="position-list-skeleton">
        {Array.from({ length: columnCount }, (_, cell) => (
          <td key={cell} className={styles.cell}>
            <Skeleton shape="text" className={styles.skeleton} />
          </td>
        ))}
      </tr>
    ));
  } else if (positions.length === 0) {
    body = (
      <tr role="row">
        <td colSpan={columnCount} className={styles.stateCell}>
          <TableMessage
            error={error}
            onRetry={onRetry}
            errorTitle="Could not load positions"
            emptyState={emptyState}
            emptyTitle="No open positions"
            emptyDescription="A position opens when a signal is executed on the paper account."
          />
        </td>
      </tr>
    );
  } else {
    body = positions.map((position) => {
      const opened = parseTime(position.openedAt);
      const tone = toneOf(position.unrealisedPnl);
      const owner = showStrategy ? (position.strategyName ?? null) : null;
      return (
        <tr key={position.id} role="row" className={styles.row} data-slot="position-list-row" data-row-id={position.id}>
          <th scope="row" className={styles.cell} data-column="pair">
            <span className={styles.pair}>
              <span title={position.strategyName ?? undefined}>{position.symbol}</span>
              <Badge variant={position.side === 'long' ? 'success' : 'danger'}>
                {position.side === 'long' ? 'Long' : 'Short'}
              </Badge>
            </span>
            {owner ? (
              <span className={styles.strategy} data-field="strategy" title={owner} dir={textDirection(owner)}>
                {' '}
                {owner}
              </span>
            ) : null}
          </th>
          <td className={clsx(styles.cell, styles.align.end)} data-column="quantity" data-label="Quantity">
            <span className={grid.numeric}>{formatQuantity(position.quantity)}</span>
          </td>
          <td className={styles.cell} data-column="entry" data-label="Entry">
            {price(position.entryPrice)}
          </td>
          <td className={styles.cell} data-column="mark" data-label="Mark">
            {price(position.markPrice)}
          </td>
          <td className={clsx(styles.cell, styles.align.end)} data-column="pnl" data-label="Unrealised P&L">
            <span className={clsx(styles.pnl, grid.tone[tone])}>
              <span>{formatMoney(position.unrealisedPnl, { signed: true })}</span>
              <span className={styles.pnlPct}>{formatPercent(position.unrealisedPnlPct, { signed: true })}</span>
            </span>
          </td>
          <td className={styles.cell} data-column="exits" data-label="Stop / target">
            {position.stopLoss === null && position.takeProfit === null ? (
              <Missing />
            ) : (
              <span className={clsx(styles.exits, grid.numeric)}>
                <span>{exitPrice(position.stopLoss)}</span> <span>/ {exitPrice(position.takeProfit)}</span>
              </span>
            )}
          </td>
          <td className={styles.cell} data-column="opened" data-label="Opened">
            {opened === undefined ? (
              <Missing />
            ) : (
              <time
                className={grid.numeric}
                dateTime={new Date(opened).toISOString()}
                title={formatZonedTime(opened, timeZone)}
              >
                {formatTradeTime(opened, timeZone)}
              </time>
            )}
          </td>
          {onClose ? (
            <td className={styles.cell} data-column="actions">
              <CloseAction
                position={position}
                owner={owner}
                confirming={confirmingId === position.id}
                onConfirmingChange={(open) =>
                  setConfirmingId((current) => (open ? position.id : current === position.id ? null : current))
                }
                onClose={onClose}
                onClosed={onClosed}
              />
            </td>
          ) : null}
        </tr>
      );
    });
  }

  return (
    <div ref={ref} className={clsx(styles.root, className)} data-slot="position-list" {...rest}>
      {closed ? (
        <p
          key={closed.key}
          ref={closedRef}
          role="status"
          tabIndex={-1}
          className={clsx(styles.closedMessage, focusRing)}
          data-slot="position-list-closed"
        >
          {closed.message}
        </p>
      ) : null}
      {showError && positions.length > 0 ? (
        <p role="alert" className={styles.stateCell}>
          Could not refresh positions: {errorText(error)}
        </p>
      ) : null}
      <table role="table" className={styles.table} aria-label={label} aria-busy={loading || undefined}>
        <thead className={styles.head}>
          <tr role="row">
            {COLUMNS.map((column) => (
              <th
                key={column.id}
                scope="col"
                role="columnheader"
                className={clsx(grid.plainHeaderCell, styles.align['align' in column ? column.align : 'start'])}
              >
                {column.id === 'opened' ? `${column.label} (${zone})` : column.label}
              </th>
            ))}
            {onClose ? (
              <th scope="col" role="columnheader" className={grid.plainHeaderCell}>
                <span className={visuallyHidden}>Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={styles.body}>{body}</tbody>
      </table>
      {loading && positions.length === 0 ? (
        <span role="status" className={visuallyHidden}>
          Loading positions…
        </span>
      ) : null}
    </div>
  );
});
