import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { TableMessage, isFailure } from '../../table/TableMessage';
import type { TimeZoneMode } from '../../time/time-zone';
import { Badge, type BadgeVariant } from '../Badge';
import { Button } from '../Button';
import { formatShortSecondsTime } from '../../time/format-seconds';
import { timeZoneLabel } from '../../time/time-zone';
import { Skeleton } from '../Skeleton';
import * as styles from './DeliveryLog.css';

/** Where one notification stands on its way to one channel. `failed`: given up (permanent, or 24 h passed). */
export type DeliveryState = 'pending' | 'retrying' | 'delivered' | 'failed';

/** One delivery as the API answers it (`Delivery`): data only. */
export interface DeliveryLogRow {
  id: string | number;
  /** What was sent, one line. */
  title: string;
  state: DeliveryState;
  attempts: number;
  /** The receiver's HTTP status (or SMTP reply code); null when no answer came. */
  responseCode: number | null;
  /** Why the last attempt failed, when it did ("timed out", "connection refused"). */
  error: string | null;
  /** Times in ms since the epoch. */
  createdAt: number;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
  durationMs: number | null;
}

const STATES: Record<DeliveryState, { label: string; variant: BadgeVariant }> = {
  delivered: { label: 'Delivered', variant: 'success' },
  retrying: { label: 'Retrying', variant: 'warning' },
  pending: { label: 'Pending', variant: 'neutral' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** "Delivered", "Retrying", "Pending" or "Failed". */
export function deliveryStateLabel(state: DeliveryState): string {
  return STATES[state].label;
}

/** The receiver's answer in words: "HTTP 404", "timed out", or "HTTP 500: Internal error". */
export function deliveryResultText(row: Pick<DeliveryLogRow, 'responseCode' | 'error' | 'state'>): string {
  const code = row.responseCode === null ? null : `HTTP ${row.responseCode}`;
  if (code && row.error && row.state !== 'delivered') {
    // The server's words may already name the code ("127.0.0.1 answered HTTP 500").
    return row.error.includes(code) ? row.error : `${code}: ${row.error}`;
  }
  return code ?? row.error ?? (row.state === 'pending' ? 'Not sent yet' : 'No answer');
}

export interface DeliveryLogProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  deliveries: readonly DeliveryLogRow[];
  /** The table's accessible name. */
  label?: string;
  loading?: boolean;
  error?: Error | string | null;
  onRetry?: () => void;
  /** Shows "Load more" when there are older deliveries. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** The clock the times are shown on. */
  timeZone?: TimeZoneMode;
}

const COLUMNS = ['Time', 'Message', 'State', 'Response', 'Attempts', 'Next retry'] as const;

/**
 * A channel's deliveries, newest first: when, what, its state, the receiver's answer, how many attempts and when
 * the next one is due. Times are short ("24 Nov 14:02:05", the zone in the header) and the long columns wrap, so
 * the table fits beside the sidebar; on a phone each delivery is a stacked card of labelled lines. Ref and rest
 * props go to the frame.
 */
export const DeliveryLog = forwardRef<HTMLDivElement, DeliveryLogProps>(function DeliveryLog(
  {
    deliveries,
    label = 'Delivery log',
    loading = false,
    error = null,
    onRetry,
    hasMore = false,
    onLoadMore,
    loadingMore = false,
    timeZone = 'local',
    className,
    ...rest
  },
  ref,
) {
  const time = (at: number | null) =>
    at === null ? <span className={styles.muted}>—</span> : formatShortSecondsTime(at, timeZone);
  const zone = timeZoneLabel(timeZone, deliveries[0]?.createdAt ?? Date.now());
  const header = (column: (typeof COLUMNS)[number]) =>
    column === 'Time' || column === 'Next retry' ? `${column} (${zone})` : column;
  const showMessage = deliveries.length === 0 && !loading;
  return (
    <div
      ref={ref}
      data-slot="delivery-log"
      role="region"
      aria-label={label}
      // Scrolled sideways on a phone: focusable so the keyboard can scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus
      tabIndex={0}
      className={clsx(styles.root, className)}
      {...rest}
    >
      <table className={styles.table} aria-label={label} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={styles.headerCell}>
                {header(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && deliveries.length === 0
            ? [0, 1, 2].map((index) => (
                <tr key={index}>
                  {COLUMNS.map((column) => (
                    <td key={column} className={styles.cell}>
                      <Skeleton />
                    </td>
                  ))}
                </tr>
              ))
            : null}
          {showMessage ? (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.stateCell}>
                <TableMessage
                  error={error}
                  onRetry={onRetry}
                  errorTitle="Could not load the delivery log"
                  emptyTitle="Nothing sent yet"
                  emptyDescription="Each message to this channel, and each attempt to deliver it, shows here."
                />
              </td>
            </tr>
          ) : null}
          {deliveries.map((row) => {
            const state = STATES[row.state];
            return (
              <tr key={row.id} data-state={row.state}>
                <td className={styles.cell} data-label={header('Time')}>
                  {time(row.createdAt)}
                </td>
                <td className={styles.wrapCell} data-label="Message">
                  {row.title}
                </td>
                <td className={styles.cell} data-label="State">
                  <Badge variant={state.variant}>{state.label}</Badge>
                </td>
                <td className={styles.wrapCell} data-label="Response">
                  {deliveryResultText(row)}
                </td>
                <td className={styles.numeric} data-label="Attempts">
                  {row.attempts}
                </td>
                <td className={styles.cell} data-label={header('Next retry')}>
                  {row.state === 'retrying' || row.state === 'pending' ? time(row.nextAttemptAt) : time(null)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {isFailure(error) && deliveries.length > 0 ? (
        <p role="alert" className={styles.footer}>
          {typeof error === 'string' ? error : error.message}
        </p>
      ) : null}
      {hasMore && onLoadMore ? (
        <div className={styles.footer}>
          <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
});
