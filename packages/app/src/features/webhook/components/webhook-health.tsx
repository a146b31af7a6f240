import { Badge, Button, Input, LatencyHistogram, timeZoneLabel, zonedParts, type TimeZoneMode } from 'dashboard-kit';
import { useId, useState, type FormEvent } from 'react';
import type { Strategy, WebhookHealth as Health } from '@signaldeck/server/api-types';
import { updateStrategy } from '../../paper/api/strategies';
import { useRevalidatePaper } from '../../paper/api/revalidate';
import { errorMessage, HttpError } from '../../../lib/http';
import { useTimeZone } from '../../preferences/time-zone';
import { useWebhookHealth } from '../api/get-health';
import * as styles from './webhook-health.css';

const STATUSES = ['accepted', 'rejected', 'duplicate'] as const;

/** `5 min`, `2 h 5 min`, `3 d 4 h`. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  const hours = Math.floor(minutes / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `2026-11-24 09:30:09 UTC`, in the zone the trader chose (as the signals list writes times). */
export function exactTime(time: number, zone: TimeZoneMode): string {
  const p = zonedParts(time, zone);
  return `${p.year}-${two(p.month + 1)}-${two(p.day)} ${two(p.hours)}:${two(p.minutes)}:${two(p.seconds)} ${timeZoneLabel(zone, time)}`;
}

function LastReceived({ health, zone }: { health: Health; zone: TimeZoneMode }) {
  const { lastReceivedAt, silence } = health;
  if (lastReceivedAt === null) return <p className={styles.line}>No alert received yet.</p>;
  return (
    <p className={styles.line} data-field="last-received">
      Last alert received{' '}
      <time dateTime={new Date(lastReceivedAt).toISOString()}>{exactTime(lastReceivedAt, zone)}</time> (
      {silence.silentForMinutes === 0 ? 'under a minute ago' : `${formatMinutes(silence.silentForMinutes ?? 0)} ago`}
      ).
    </p>
  );
}

function SilentWarning({ health }: { health: Health }) {
  const { silence } = health;
  if (!silence.silent) return null;
  return (
    <p role="alert" className={styles.warning} data-field="silent">
      <Badge variant="warning">silent</Badge> No alert for {formatMinutes(silence.silentForMinutes ?? 0)}: this strategy
      usually receives alerts (3 or more in the last 7 days). Check the alert is still active in TradingView and its
      webhook URL is this one.
    </p>
  );
}

function Counts({ health }: { health: Health }) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>Alerts received by status</caption>
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Last 24 h</th>
          <th scope="col">Last 7 d</th>
        </tr>
      </thead>
      <tbody>
        {STATUSES.map((status) => (
          <tr key={status}>
            <th scope="row">{status}</th>
            <td>{health.last24h[status]}</td>
            <td>{health.last7d[status]}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">total</th>
          <td>{health.last24h.total}</td>
          <td>{health.last7d.total}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Refused({ health, zone }: { health: Health; zone: TimeZoneMode }) {
  const { count, lastAt, byStatus } = health.refused;
  const statuses = Object.entries(byStatus)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return (
    <p className={styles.line} data-field="refused">
      {count === 0
        ? 'No request to this URL was refused before storing.'
        : `${count} ${count === 1 ? 'request was' : 'requests were'} refused before storing (${statuses}), the latest ${exactTime(lastAt ?? 0, zone)}.`}
    </p>
  );
}

function ThresholdForm({ strategy }: { strategy: Strategy }) {
  const id = useId();
  const revalidate = useRevalidatePaper();
  const [value, setValue] = useState(strategy.silentAfterMinutes === null ? '' : String(strategy.silentAfterMinutes));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const text = value.trim();
    const minutes = text === '' ? null : Number(text);
    if (minutes !== null && !Number.isFinite(minutes)) {
      setError('The silent warning threshold must be a whole number of minutes.');
      return;
    }
    try {
      await updateStrategy(strategy.id, { silentAfterMinutes: minutes });
      setSaved(true);
      revalidate.strategies();
    } catch (caught) {
      const messages = caught instanceof HttpError ? caught.errors?.silentAfterMinutes : undefined;
      setError(messages?.join(' ') ?? errorMessage(caught));
    }
  }

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label={`Silent warning of ${strategy.name}`}>
      <label htmlFor={id} className={styles.label}>
        Warn when silent for (minutes)
      </label>
      <Input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={styles.input}
      />
      <Button type="submit" variant="outline" size="sm">
        Save threshold
      </Button>
      <span role="status" className={styles.hint}>
        {saved ? 'Saved.' : ''}
      </span>
      <p id={`${id}-hint`} className={`${styles.hint} ${styles.wide}`}>
        1 to 10080 (7 days); empty turns the warning off.
      </p>
      {error ? (
        <p id={`${id}-error`} className={`${styles.error} ${styles.wide}`}>
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A strategy's webhook health, in a disclosure: the latest alert and how long ago, alerts by status over 24 hours
 * and 7 days, refused requests, the delivery latency histogram, and a warning when a strategy that usually receives
 * alerts has gone silent for longer than its threshold (set here).
 */
export function WebhookHealthPanel({ strategy }: { strategy: Strategy }) {
  const [open, setOpen] = useState(false);
  const health = useWebhookHealth(strategy.id, open);
  const zone = useTimeZone();
  return (
    <details
      className={styles.panel}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-slot="webhook-health"
    >
      <summary className={styles.summary}>Webhook health</summary>
      <div className={styles.body}>
        {health.error ? (
          <p role="alert" className={styles.error}>
            Could not load the webhook health: {errorMessage(health.error)}
          </p>
        ) : !health.data ? (
          <p role="status" className={styles.hint}>
            Loading the webhook health…
          </p>
        ) : (
          <>
            <SilentWarning health={health.data} />
            <LastReceived health={health.data} zone={zone} />
            <Counts health={health.data} />
            <Refused health={health.data} zone={zone} />
            <LatencyHistogram
              buckets={health.data.latency.buckets}
              caption="Delivery latency, last 7 days: alert time to receipt"
              emptyText="No alert of the last 7 days gave its time ({{timenow}})."
            />
          </>
        )}
        <ThresholdForm strategy={strategy} />
      </div>
    </details>
  );
}
