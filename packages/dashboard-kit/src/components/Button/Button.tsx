import { Slot, Slottable } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type MouseEvent } from 'react';
import { SpinnerIcon } from '../../icons/SpinnerIcon';
import * as styles from './Button.css';

export type ButtonVariant = NonNullable<styles.ButtonVariants['variant']>;
export type ButtonSize = NonNullable<styles.ButtonVariants['size']>;

export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** Visual weight: `primary` for the main action, `danger` for destructive ones. */
  variant?: ButtonVariant;
  /** `icon` makes a square button; give it an `aria-label`. */
  size?: ButtonSize;
  /** Render the single child (a link, a router Link) with the button's styles and behaviour. */
  asChild?: boolean;
  /** Shows a spinner, sets `aria-busy` and blocks activation until the work is done. */
  loading?: boolean;
}

/**
 * The kit's button. Renders a native `<button type="button">`, or its child when `asChild`.
 * Disabled and loading buttons keep their accessible name; a child element that cannot be
 * natively disabled (a link) gets `aria-disabled` and its clicks are cancelled.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, asChild = false, loading = false, disabled = false, className, type, onClick, children, ...rest },
  ref,
) {
  const inactive = disabled || loading;
  const classes = clsx(styles.button({ variant, size }), className);
  const spinner = loading ? <SpinnerIcon className={styles.spinner} data-slot="button-spinner" /> : null;
  // Rest props come after the defaults so a component built on Button can name its own data-slot.
  const shared = {
    'data-slot': 'button',
    'data-variant': variant ?? 'primary',
    'data-size': size ?? 'md',
    'aria-busy': loading || undefined,
    ...rest,
    className: classes,
  };

  if (asChild) {
    const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
      if (inactive) {
        event.preventDefault();
        return;
      }
      onClick?.(event);
    };
    return (
      <Slot ref={ref} {...shared} aria-disabled={inactive || undefined} onClick={handleClick}>
        {spinner}
        <Slottable>{children}</Slottable>
      </Slot>
    );
  }

  return (
    <button ref={ref} type={type ?? 'button'} disabled={inactive} onClick={onClick} {...shared}>
      {spinner}
      {children}
    </button>
  );
});
