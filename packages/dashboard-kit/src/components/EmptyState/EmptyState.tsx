import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import * as styles from './EmptyState.css';

export type EmptyStateTone = NonNullable<styles.EmptyStateVariants['tone']>;

export interface EmptyStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'title'> {
  /** What is missing, in a few words: "No signals yet". */
  title: ReactNode;
  /** What to do about it, or why it is empty. */
  description?: ReactNode;
  /** A decorative icon (a kit icon or any SVG), shown above the title. */
  icon?: ReactNode;
  /** A button or link that resolves the state. */
  action?: ReactNode;
  /** `danger` when the state reports an error rather than an absence. */
  tone?: EmptyStateTone;
  /** The title's element: a heading level that fits the page, or `p` inside a table or card. */
  titleAs?: 'h2' | 'h3' | 'h4' | 'p';
}

/**
 * Fills a list, table or page that has nothing to show, or whose data failed to load. Pass
 * `role="status"` when it appears in place of content that was just loading, so screen readers
 * announce it; `role="alert"` for an error the user must notice.
 */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { title, description, icon, action, tone = 'neutral', titleAs: Title = 'h3', className, children, ...rest },
  ref,
) {
  return (
    <div ref={ref} data-slot="empty-state" data-tone={tone} className={clsx(styles.emptyState, className)} {...rest}>
      {icon ? (
        <span aria-hidden="true" data-slot="empty-state-icon" className={styles.icon({ tone })}>
          {icon}
        </span>
      ) : null}
      <Title data-slot="empty-state-title" className={styles.title}>
        {title}
      </Title>
      {description ? (
        <p data-slot="empty-state-description" className={styles.description}>
          {description}
        </p>
      ) : null}
      {children}
      {action ? (
        <div data-slot="empty-state-action" className={styles.action}>
          {action}
        </div>
      ) : null}
    </div>
  );
});
