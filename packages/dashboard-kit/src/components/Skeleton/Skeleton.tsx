import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import * as styles from './Skeleton.css';

export type SkeletonShape = NonNullable<styles.SkeletonVariants['shape']>;

export interface SkeletonProps extends ComponentPropsWithoutRef<'div'> {
  /** `block` (default), `text` (one line of the surrounding text size) or `circle` (an avatar). */
  shape?: SkeletonShape;
}

/**
 * A pulsing placeholder for content that is loading. It is hidden from assistive technology:
 * mark the region that is loading with `aria-busy` (and a status message where it helps).
 * Size it with `style` or a class.
 */
export const Skeleton = forwardRef<HTMLDivElement, SkeletonProps>(function Skeleton(
  { shape = 'block', className, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-slot="skeleton"
      data-shape={shape}
      className={clsx(styles.skeleton({ shape }), className)}
      {...rest}
    />
  );
});
