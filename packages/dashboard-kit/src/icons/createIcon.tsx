import { clsx } from 'clsx';
import { forwardRef, type ReactNode, type SVGProps } from 'react';
import * as styles from './icon.css';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Width and height, in pixels or any CSS length. */
  size?: number | string;
}

/**
 * Builds a decorative 24×24 stroke icon. Icons are hidden from assistive technology: the control
 * that holds one carries the accessible name.
 */
export function createIcon(displayName: string, shapes: ReactNode) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ size = 16, className, ...rest }, ref) {
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={clsx(styles.icon, className)}
        {...rest}
      >
        {shapes}
      </svg>
    );
  });
  Icon.displayName = displayName;
  return Icon;
}
