import { clsx } from 'clsx';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { TimeZoneMode } from '../../time/time-zone';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { formatClockTime, formatSecondsTime } from '../../time/format-seconds';
import type { DeliveryState } from '../DeliveryLog';
import * as styles from './NotificationChannelCard.css';

/** The last attempt to deliver to a channel. */
export interface ChannelLastDelivery {
  at: number;
  ok: boolean;
  status: number | null;
  /**
   * Where the latest delivery stands, when the app knows it (the first row of the delivery log). A failed attempt
   * that will be retried then reads "Retrying (HTTP 500), next attempt 14:03 UTC" rather than "Failed".
   */
  state?: DeliveryState;
  /** When the next attempt is due, for a delivery being retried. */
  nextAttemptAt?: number | null;
}

export interface NotificationChannelCardProps extends Omit<ComponentPropsWithoutRef<'article'>, 'children'> {
  name: string;
  /** The kind in words: "Generic webhook", "Discord", "Telegram"… */
  kindLabel: string;
  /** Where it sends, masked by the server: safe to show. */
  target: string;
  /** The events it sends, in words. */
  events: readonly string[];
  enabled: boolean;
  /** Why the server turned it off, when it did: shown with "Enable again". */
  disabledReason?: string | null;
  lastDelivery?: ChannelLastDelivery | null;
  /** The switch and "Enable again"; without it the switch is read-only. */
  onEnabledChange?: (enabled: boolean) => void;
  /** While a change is being saved: the switch waits. */
  busy?: boolean;
  /** The buttons under the details (Send test, Delivery log, Remove). */
  actions?: ReactNode;
  /** What opens below the actions: a test's result, the delivery log, a confirmation. */
  children?: ReactNode;
  /** The heading level of the name, to fit the page. */
  headingAs?: 'h2' | 'h3' | 'h4';
  timeZone?: TimeZoneMode;
}

function lastDeliveryText(last: ChannelLastDelivery, timeZone: TimeZoneMode): string {
  const when = formatSecondsTime(last.at, timeZone);
  const code = last.status === null ? '' : ` (HTTP ${last.status})`;
  if (last.ok) return `Delivered${code}, ${when}`;
  if (last.state === 'retrying' || last.state === 'pending') {
    const next = last.nextAttemptAt ? `, next attempt ${formatClockTime(last.nextAttemptAt, timeZone)}` : '';
    return `Retrying${code}${next}`;
  }
  // Given up for good, or not known: a failed attempt is not said to be the end of it.
  return last.state === 'failed' ? `Failed${code}, ${when}` : `Last attempt failed${code}, ${when}`;
}

const lastDeliveryTone = (last: ChannelLastDelivery) =>
  last.ok ? styles.ok : last.state === 'retrying' || last.state === 'pending' ? styles.retrying : styles.failed;

/**
 * One notification channel: name, kind, masked destination, events, an on/off switch, the last delivery, and,
 * when the server disabled it, why, with "Enable again". Data only: actions come from the app. Ref and rest props
 * go to the `<article>`.
 */
export const NotificationChannelCard = forwardRef<HTMLElement, NotificationChannelCardProps>(
  function NotificationChannelCard(
    {
      name,
      kindLabel,
      target,
      events,
      enabled,
      disabledReason = null,
      lastDelivery = null,
      onEnabledChange,
      busy = false,
      actions,
      children,
      headingAs: Heading = 'h3',
      timeZone = 'local',
      className,
      ...rest
    },
    ref,
  ) {
    const id = useId();
    const headingId = `${id}-name`;
    return (
      <article
        ref={ref}
        data-slot="notification-channel-card"
        data-enabled={enabled}
        aria-labelledby={headingId}
        className={clsx(styles.card, className)}
        {...rest}
      >
        <div className={styles.head}>
          <div className={styles.titleBlock}>
            <Heading id={headingId} className={styles.name}>
              {name}
            </Heading>
            <p className={styles.target}>
              <Badge variant="outline">{kindLabel}</Badge> {target}
            </p>
          </div>
          <span className={styles.switchRow}>
            <button
              type="button"
              role="switch"
              aria-checked={enabled}
              aria-label={`Send to ${name}`}
              disabled={!onEnabledChange || busy}
              className={styles.switchButton}
              onClick={() => onEnabledChange?.(!enabled)}
            />
            <span aria-hidden="true">{enabled ? 'On' : 'Off'}</span>
          </span>
        </div>
        {disabledReason && !enabled ? (
          <div className={styles.disabledNotice} data-slot="channel-disabled-reason">
            <p className={styles.disabledText}>{disabledReason}</p>
            {onEnabledChange ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => onEnabledChange(true)}>
                Enable again
              </Button>
            ) : null}
          </div>
        ) : null}
        <dl className={styles.details}>
          <dt className={styles.term}>Events</dt>
          <dd className={styles.definition}>
            {events.length > 0 ? (
              <ul className={styles.events}>
                {events.map((event) => (
                  <li key={event}>
                    <Badge variant="neutral">{event}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              'None chosen'
            )}
          </dd>
          <dt className={styles.term}>Last delivery</dt>
          <dd className={clsx(styles.definition, lastDelivery && lastDeliveryTone(lastDelivery))}>
            {lastDelivery ? lastDeliveryText(lastDelivery, timeZone) : 'Nothing sent yet'}
          </dd>
        </dl>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
        {children}
      </article>
    );
  },
);
