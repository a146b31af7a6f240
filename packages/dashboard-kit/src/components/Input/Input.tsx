import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import * as styles from './Input.css';

export type InputProps = ComponentPropsWithoutRef<'input'>;

/**
 * A single-line text field. Name it with a `Label`; mark a rejected value with
 * `aria-invalid` and point `aria-describedby` at the message.
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, type = 'text', ...rest },
  ref,
) {
  return <input ref={ref} type={type} data-slot="input" className={clsx(styles.input, className)} {...rest} />;
});
