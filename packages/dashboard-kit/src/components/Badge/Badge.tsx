import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import * as styles from './Badge.css';

export type BadgeVariant = NonNullable<styles.BadgeVariants['variant']>;

export interface BadgeProps extends ComponentPropsWithoutRef<'span'> {
  /** The tone: `success` (accepted, buy), `danger` (rejected, sell), `warning`, `info`, `neutral`, `outline`. */
  variant?: BadgeVariant;
}

/** A short status or category label. Colour is never the only signal: the text says it. */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { variant = 'neutral', className, ...rest },
  ref,
) {
  return (
    <span
      ref={ref}
      data-slot="badge"
      data-variant={variant}
      className={clsx(styles.badge({ variant }), className)}
      {...rest}
    />
  );
});
