import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from 'react';
import { focusRing, visuallyHidden } from '../../theme/focus.css';
import type { TimeZoneMode } from '../../time/time-zone';
import { Badge } from '../Badge';
import { formatZonedTime } from '../SignalsTable/format';
import * as styles from './SignalJourney.css';

/** What happened to the signal in the paper account, with when it was decided (null: not known). */
export type SignalJourneyOutcome =
  | { status: 'executed'; at: number | null; detail?: string }
  | { status: 'ignored'; at: number | null; reason: string }
  | { status: 'pending'; at: number | null; reason: string };

/** A position as a short phrase: `long 0.5`, `flat`. */
export interface SignalJourneyOutOfSync {
  /** TradingView's position, e.g. `flat` or `long 2`. */
  tradingView: string;
  /** The paper account's, e.g. `long 1`. */
  paper: string;
  /** `before` the order or `after` it. */
  at: 'before' | 'after';
}

export interface SignalJourneyProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** When TradingView fired the alert (`{{timenow}}`), if the alert said. */
  alertTime: number | null;
  /** The first step's words (default "Alert fired on TradingView"), for alerts from elsewhere: a test alert, say. */
  alertLabel?: string;
  receivedAt: number;
  /** When the signal was written to the database; null when not known (signals stored before it was kept). */
  storedAt: number | null;
  /** Null: not decided yet (or never: rejected and duplicate signals). */
  outcome?: SignalJourneyOutcome | null;
  /** For a repeat: the signal it repeats, and where it is shown. */
  repeatOf?: { id: string; href: string } | null;
  /** How many later alerts repeated this one (TradingView retries a webhook it thinks failed). */
  repeats?: number;
  outOfSync?: SignalJourneyOutOfSync | null;
  /** Called when the repeat's link is followed (e.g. to route without reloading). */
  onRepeatOfClick?: (id: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** The zone times are shown in: the viewer's (`local`, the default) or `UTC`. */
  timeZone?: TimeZoneMode;
}

/** `+120 ms`, `+3.5 s`, `+2 min 5 s`, `+1 h 4 min`; a negative delay (the sender's clock ahead) as `−0.3 s`. */
export function formatDelay(ms: number): string {
  const sign = ms < 0 ? '−' : '+';
  const size = Math.abs(ms);
  if (size < 1_000) return `${sign}${Math.round(size)} ms`;
  if (size < 60_000) return `${sign}${Number((size / 1_000).toFixed(1))} s`;
  if (size < 3_600_000) {
    const seconds = Math.round(size / 1_000);
    return `${sign}${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  }
  const minutes = Math.round(size / 60_000);
  return `${sign}${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

interface Step {
  key: string;
  label: string;
  time: number | null;
  note?: string;
  tone: 'done' | 'ignored' | 'waiting';
}

function stepsOf({
  alertTime,
  alertLabel = 'Alert fired on TradingView',
  receivedAt,
  storedAt,
  outcome,
}: SignalJourneyProps): Step[] {
  const steps: Step[] = [];
  if (alertTime !== null) steps.push({ key: 'alert', label: alertLabel, time: alertTime, tone: 'done' });
  steps.push({ key: 'received', label: 'Received', time: receivedAt, tone: 'done' });
  steps.push({ key: 'stored', label: 'Stored', time: storedAt, tone: 'done' });
  if (outcome?.status === 'executed') {
    steps.push({ key: 'executed', label: 'Executed', time: outcome.at, note: outcome.detail, tone: 'done' });
  } else if (outcome?.status === 'ignored') {
    steps.push({ key: 'ignored', label: 'Ignored', time: outcome.at, note: outcome.reason, tone: 'ignored' });
  } else if (outcome?.status === 'pending') {
    steps.push({ key: 'pending', label: 'Pending', time: outcome.at, note: outcome.reason, tone: 'waiting' });
  }
  return steps;
}

/**
 * A signal's journey: TradingView's alert time (when the alert gave one), received, stored, then executed or
 * ignored (and why), each with its time and the delay since the step before. A repeat links to the signal it
 * repeats; an original says how many times it was repeated; an out-of-sync alert shows both positions.
 */
export const SignalJourney = forwardRef<HTMLElement, SignalJourneyProps>(function SignalJourney(props, ref) {
  const {
    alertTime: _alertTime,
    alertLabel: _alertLabel,
    receivedAt: _receivedAt,
    storedAt: _storedAt,
    outcome: _outcome,
    repeatOf,
    repeats = 0,
    outOfSync,
    onRepeatOfClick,
    timeZone = 'local',
    className,
    'aria-label': ariaLabel = 'Signal journey',
    ...rest
  } = props;
  const steps = stepsOf(props);
  let previous: number | null = null;
  return (
    <section
      ref={ref}
      aria-label={ariaLabel}
      data-slot="signal-journey"
      className={clsx(styles.journey, className)}
      {...rest}
    >
      <ol className={styles.steps}>
        {steps.map((step) => {
          const delay = step.time !== null && previous !== null ? step.time - previous : null;
          if (step.time !== null) previous = step.time;
          return (
            <li key={step.key} className={styles.step} data-step={step.key} data-tone={step.tone}>
              <span className={styles.marker({ tone: step.tone })} aria-hidden="true" />
              <span className={styles.label}>{step.label}</span>
              <span className={styles.time}>
                {step.time === null ? 'time not recorded' : formatZonedTime(step.time, timeZone)}
              </span>
              {delay !== null ? (
                <span className={styles.delay} data-field="delay">
                  {formatDelay(delay)}
                  <span className={visuallyHidden}> after the step before</span>
                </span>
              ) : null}
              {step.note ? <span className={styles.note}>{step.note}</span> : null}
            </li>
          );
        })}
      </ol>
      {repeatOf || repeats > 0 || outOfSync ? (
        <div className={styles.extras}>
          {repeatOf ? (
            <p className={styles.extra}>
              A repeat of{' '}
              <a
                href={repeatOf.href}
                className={clsx(styles.link, focusRing)}
                onClick={onRepeatOfClick ? (event) => onRepeatOfClick(repeatOf.id, event) : undefined}
              >
                signal {repeatOf.id}
              </a>
              : TradingView sent the same alert again, and it was not traded twice.
            </p>
          ) : null}
          {repeats > 0 ? (
            <p className={styles.extra} data-field="repeats">
              Repeated {repeats === 1 ? 'once' : `${repeats} times`} (TradingView retries); the repeats were not traded.
            </p>
          ) : null}
          {outOfSync ? (
            <p className={styles.extra} data-field="out-of-sync">
              <Badge variant="danger">out of sync</Badge>{' '}
              {outOfSync.at === 'before' ? 'Before this order' : 'After this order'} TradingView was{' '}
              <strong>{outOfSync.tradingView}</strong>, the paper account <strong>{outOfSync.paper}</strong>: an alert
              was probably missed.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
});
