import { clsx } from 'clsx';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { MetricNumber, type MetricFormat } from '../../format/MetricNumber';
import { toneOf, type ValueTone } from '../../format/performance';
import { ArrowDownIcon } from '../../icons/ArrowDownIcon';
import { ArrowUpIcon } from '../../icons/ArrowUpIcon';
import { InfoIcon } from '../../icons/InfoIcon';
import { focusRing, visuallyHidden } from '../../theme/focus.css';
import { Skeleton } from '../Skeleton';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../Tooltip';
import * as styles from './MetricCard.css';

export type MetricTone = ValueTone;

export interface MetricCardProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** What the figure is: "Net P&L", "Win rate". Names the card for screen readers. */
  label: string;
  /**
   * The figure: a number (or the API's `"Infinity"`, or `null` for none) written with `format`,
   * or any node already formatted.
   */
  value: number | string | null | ReactNode;
  /** How a numeric `value` is written (default `count`). */
  format?: MetricFormat;
  /** Colours the figure: `positive` (gain), `negative` (loss) or `neutral`; `auto` follows the sign of a numeric value. */
  tone?: MetricTone | 'auto';
  /** A second, smaller figure beneath: "of $10,000 starting balance", "12 wins / 8 losses". */
  subValue?: ReactNode;
  /** A change to show beside the sub-value, signed and toned by its sign (with an arrow, never colour alone). */
  delta?: number | null;
  /** How `delta` is written (default `signedPercent`). */
  deltaFormat?: Extract<MetricFormat, 'signedMoney' | 'signedPercent'>;
  /** What the change is over: "today", "vs. last week". */
  deltaLabel?: string;
  /** The figure is loading: skeletons stand in, the card is `aria-busy`. */
  loading?: boolean;
  /** How the figure is computed (its formula), in a tooltip on an info button beside the label. */
  hint?: ReactNode;
}

function isNumeric(value: unknown): value is number | string | null {
  return value === null || typeof value === 'number' || value === 'Infinity';
}

function ToneIcon({ tone }: { tone: MetricTone }) {
  if (tone === 'positive') return <ArrowUpIcon size={16} className={styles.toneIcon} />;
  if (tone === 'negative') return <ArrowDownIcon size={16} className={styles.toneIcon} />;
  return null;
}

/**
 * One performance figure on a card: its label, the value, and optionally a sub-value, a change
 * and the formula behind it. A gain or loss is shown by its sign and an arrow as well as colour.
 * The card is a `group` named by its label.
 */
export const MetricCard = forwardRef<HTMLDivElement, MetricCardProps>(function MetricCard(
  {
    label,
    value,
    format = 'count',
    tone = 'neutral',
    subValue,
    delta,
    deltaFormat = 'signedPercent',
    deltaLabel,
    loading = false,
    hint,
    className,
    ...rest
  },
  ref,
) {
  const labelId = useId();
  const numeric = isNumeric(value);
  const resolvedTone: MetricTone =
    tone === 'auto' ? (numeric && typeof value === 'number' ? toneOf(value) : 'neutral') : tone;
  const deltaTone = toneOf(delta);
  const hasDelta = delta !== undefined && delta !== null;
  const hasFooter = hasDelta || (subValue !== undefined && subValue !== null);

  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading || undefined}
      data-slot="metric-card"
      data-tone={loading ? undefined : resolvedTone}
      className={clsx(styles.card, className)}
      {...rest}
    >
      <div className={styles.header}>
        <p id={labelId} className={styles.label} data-slot="metric-card-label">
          {label}
        </p>
        {hint ? (
          <TooltipProvider delayDuration={200}>
            <Tooltip>
              <TooltipTrigger
                type="button"
                className={clsx(styles.hintButton, focusRing)}
                aria-label={`How ${label} is computed`}
                data-slot="metric-card-hint"
              >
                <InfoIcon size={14} />
              </TooltipTrigger>
              <TooltipContent className={styles.hintContent}>{hint}</TooltipContent>
            </Tooltip>
          </TooltipProvider>
        ) : null}
      </div>
      {loading ? (
        <>
          <div className={styles.valueSlot}>
            <Skeleton shape="text" className={styles.valueSkeleton} />
          </div>
          <div className={styles.footer}>
            <Skeleton shape="text" className={styles.footerSkeleton} />
          </div>
          <span className={visuallyHidden}>Loading</span>
        </>
      ) : (
        <>
          <p className={clsx(styles.value, styles.tone[resolvedTone])} data-slot="metric-card-value">
            <ToneIcon tone={resolvedTone} />
            <span>{numeric ? <MetricNumber value={value} format={format} /> : value}</span>
          </p>
          {hasFooter ? (
            <p className={styles.footer} data-slot="metric-card-footer">
              {hasDelta ? (
                <span className={clsx(styles.delta, styles.tone[deltaTone])} data-slot="metric-card-delta">
                  <ToneIcon tone={deltaTone} />
                  <MetricNumber value={delta} format={deltaFormat} />
                  {deltaLabel ? <span>&nbsp;{deltaLabel}</span> : null}
                </span>
              ) : null}
              {subValue !== undefined && subValue !== null ? <span>{subValue}</span> : null}
            </p>
          ) : (
            // Nothing beneath the value: the space is kept, so every card (and its skeleton) is one height.
            <div className={styles.footer} aria-hidden="true" />
          )}
        </>
      )}
    </div>
  );
});

export interface MetricsGridProps extends ComponentPropsWithoutRef<'div'> {
  /** Names the grid as a region ("Performance"); without it the grid is a plain block. */
  label?: string;
}

/** Lays out metric cards in as many columns as fit (at least 12rem each); two columns on phones. */
export const MetricsGrid = forwardRef<HTMLDivElement, MetricsGridProps>(function MetricsGrid(
  { label, className, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      role={label ? 'region' : undefined}
      aria-label={label}
      data-slot="metrics-grid"
      className={clsx(styles.grid, className)}
      {...rest}
    />
  );
});
