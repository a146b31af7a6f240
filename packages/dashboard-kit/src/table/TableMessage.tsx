import type { ReactNode } from 'react';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { AlertTriangleIcon } from '../icons/AlertTriangleIcon';
import { InboxIcon } from '../icons/InboxIcon';

/** The text of a failure as a table shows it. */
export const errorText = (error: Error | string): string => (typeof error === 'string' ? error : error.message);

/** Whether `error` names a failure (an empty string does not). */
export const isFailure = (error: Error | string | null | undefined): error is Error | string =>
  error !== null && error !== undefined && error !== '';

interface TableMessageProps {
  /** Loading failed: said instead of the empty state, with Retry when `onRetry` is given. */
  error: Error | string | null | undefined;
  onRetry?: (() => void) | undefined;
  /** What failed ("Could not load trades"). */
  errorTitle: string;
  /** The caller's own empty state, in place of the default one. */
  emptyState?: ReactNode;
  emptyTitle: string;
  emptyDescription: string;
  /** The failure's `data-slot`, in place of `empty-state`. */
  errorSlot?: string;
}

/** What a table says in place of its rows: why loading failed, or that there is nothing yet. */
export function TableMessage({
  error,
  onRetry,
  errorTitle,
  emptyState,
  emptyTitle,
  emptyDescription,
  errorSlot,
}: TableMessageProps) {
  if (isFailure(error)) {
    return (
      <EmptyState
        role="alert"
        tone="danger"
        titleAs="p"
        icon={<AlertTriangleIcon size={24} />}
        title={errorTitle}
        description={errorText(error)}
        action={
          onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
        {...(errorSlot === undefined ? {} : { 'data-slot': errorSlot })}
      />
    );
  }
  return (
    emptyState ?? (
      <EmptyState titleAs="p" icon={<InboxIcon size={24} />} title={emptyTitle} description={emptyDescription} />
    )
  );
}
