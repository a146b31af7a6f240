import * as LabelPrimitive from '@radix-ui/react-label';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as styles from './Label.css';

export type LabelProps = ComponentPropsWithoutRef<typeof LabelPrimitive.Root>;

/** A form label. Point it at its control with `htmlFor`, or wrap the control. */
export const Label = forwardRef<ComponentRef<typeof LabelPrimitive.Root>, LabelProps>(function Label(
  { className, ...rest },
  ref,
) {
  return <LabelPrimitive.Root ref={ref} data-slot="label" className={clsx(styles.label, className)} {...rest} />;
});
