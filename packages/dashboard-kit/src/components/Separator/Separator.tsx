import * as SeparatorPrimitive from '@radix-ui/react-separator';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as styles from './Separator.css';

export type SeparatorProps = ComponentPropsWithoutRef<typeof SeparatorPrimitive.Root>;

/**
 * A thin line between groups of content. Decorative (hidden from assistive technology) by
 * default; pass `decorative={false}` when it separates sections a screen reader should hear.
 */
export const Separator = forwardRef<ComponentRef<typeof SeparatorPrimitive.Root>, SeparatorProps>(function Separator(
  { className, orientation = 'horizontal', decorative = true, ...rest },
  ref,
) {
  return (
    <SeparatorPrimitive.Root
      ref={ref}
      data-slot="separator"
      orientation={orientation}
      decorative={decorative}
      className={clsx(styles.separator, className)}
      {...rest}
    />
  );
});
