import { clsx } from 'clsx';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { visuallyHidden } from '../../theme/focus.css';
import * as styles from './CandlestickChart.css';
import { ChartPlaceholder, ChartStatus } from './ChartStates';

/** The props a kit chart of account data takes for its heading, its states and its size. */
export interface ChartFrameProps {
  /** The heading above the chart. */
  title?: string;
  loading?: boolean;
  /** Why the data could not be loaded: an error state with a retry button, or a notice in the header while data remains. */
  error?: string | null;
  onRetry?: () => void;
  /** The empty state's title and description, for a page's own words. */
  emptyTitle?: string;
  emptyDescription?: string;
  /** Height of the whole chart, header included. Width follows the container. */
  height?: number | string;
}

export interface ChartFigureProps
  extends
    Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'title'>,
    Omit<ChartFrameProps, 'title' | 'emptyTitle' | 'emptyDescription' | 'height'> {
  /** The root's `data-slot`. */
  slot: string;
  title: string;
  emptyTitle: string;
  emptyDescription: string;
  height: number | string;
  /** What the chart shows, to fit `Loading …` and `Couldn’t load …`: `the equity curve`, `trade returns`. */
  subject: string;
  /** Whether there is anything to draw: the plot, or else a loading, empty or error state in its place. */
  hasData: boolean;
  /** The summary screen readers get when there is data (called only then). */
  describe: () => string;
  /** Beside the title while there is data: a legend, range presets. */
  headerContent?: ReactNode;
  /** The plot, drawn while there is data. */
  children: ReactNode;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What every chart of account data has around its plot: a figure described by a visually hidden summary,
 * a header with the title and (with data) its own controls and the reload status, and, without data, a
 * loading, empty or error state in the plot's place. The chart passes only what differs.
 */
export const ChartFigure = forwardRef<HTMLDivElement, ChartFigureProps>(function ChartFigure(
  {
    slot,
    title,
    subject,
    hasData,
    describe,
    headerContent,
    loading = false,
    error = null,
    onRetry,
    emptyTitle,
    emptyDescription,
    height,
    children,
    className,
    style,
    'aria-describedby': ariaDescribedBy,
    ...rest
  },
  ref,
) {
  const summaryId = useId();
  const placeholder = error ? 'error' : loading ? 'loading' : 'empty';
  const summary = hasData
    ? describe()
    : placeholder === 'error'
      ? `${capitalise(subject)} could not be loaded.`
      : placeholder === 'loading'
        ? `Loading ${subject}.`
        : `${emptyTitle}.`;

  return (
    <div
      ref={ref}
      role="figure"
      aria-describedby={clsx(summaryId, ariaDescribedBy)}
      aria-busy={loading || undefined}
      data-slot={slot}
      data-state={hasData ? 'ready' : placeholder}
      className={clsx(styles.root, className)}
      style={{ height, ...style }}
      {...rest}
    >
      <div className={styles.header} data-slot="chart-header">
        <span className={styles.title}>{title}</span>
        {hasData && headerContent}
        {hasData && <ChartStatus loading={loading} error={error} onRetry={onRetry} />}
      </div>
      {hasData ? (
        children
      ) : (
        <ChartPlaceholder
          state={placeholder}
          loadingTitle={`Loading ${subject}…`}
          emptyTitle={emptyTitle}
          emptyDescription={emptyDescription}
          errorTitle={`Couldn’t load ${subject}`}
          error={error}
          onRetry={onRetry}
        />
      )}
      <p id={summaryId} className={visuallyHidden}>
        {summary}
      </p>
    </div>
  );
});
