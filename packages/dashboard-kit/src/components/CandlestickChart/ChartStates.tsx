import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { AlertTriangleIcon } from '../../icons/AlertTriangleIcon';
import { InboxIcon } from '../../icons/InboxIcon';
import { SpinnerIcon } from '../../icons/SpinnerIcon';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import * as styles from './CandlestickChart.css';

export interface ChartPlaceholderProps {
  state: 'loading' | 'empty' | 'error';
  loadingTitle: string;
  emptyTitle: string;
  emptyDescription: string;
  errorTitle: string;
  error: string | null;
  onRetry: (() => void) | undefined;
}

/** What a chart without data shows in the plot's place, the same in every kit chart: loading, empty or an error with Retry. */
export function ChartPlaceholder({
  state,
  loadingTitle,
  emptyTitle,
  emptyDescription,
  errorTitle,
  error,
  onRetry,
}: ChartPlaceholderProps) {
  if (state === 'loading') {
    return (
      <EmptyState
        role="status"
        titleAs="p"
        className={styles.state}
        icon={<SpinnerIcon className={styles.spin} />}
        title={loadingTitle}
      />
    );
  }
  if (state === 'empty') {
    return (
      <EmptyState
        titleAs="p"
        className={styles.state}
        icon={<InboxIcon />}
        title={emptyTitle}
        description={emptyDescription}
      />
    );
  }
  return (
    <EmptyState
      role="alert"
      tone="danger"
      titleAs="p"
      className={styles.state}
      icon={<AlertTriangleIcon />}
      title={errorTitle}
      description={error}
      action={
        onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    />
  );
}

/** The header's status while a chart with data reloads ("Updating…") or fails to (the error, with Retry). */
export function ChartStatus({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: string | null;
  onRetry: (() => void) | undefined;
}): ReactNode {
  if (error) {
    return (
      <span role="alert" className={clsx(styles.status, styles.notice)}>
        <AlertTriangleIcon size={14} />
        {error}
        {onRetry && (
          <Button variant="ghost" size="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </span>
    );
  }
  if (loading) {
    return (
      <span role="status" className={styles.status}>
        <SpinnerIcon size={14} />
        Updating…
      </span>
    );
  }
  return null;
}
