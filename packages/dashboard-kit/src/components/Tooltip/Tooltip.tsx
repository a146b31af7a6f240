import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { focusRing } from '../../theme/focus.css';
import { useThemeScopeProps } from '../ThemeProvider/ThemeProvider';
import * as styles from './Tooltip.css';

/**
 * Shares open delays between the tooltips below it. Every `Tooltip` needs one above it;
 * `SidebarProvider` brings its own.
 */
export const TooltipProvider = TooltipPrimitive.Provider;

/** Holds one tooltip's open state (uncontrolled, or controlled with `open` + `onOpenChange`). */
export const Tooltip = TooltipPrimitive.Root;

export type TooltipProviderProps = ComponentPropsWithoutRef<typeof TooltipPrimitive.Provider>;
export type TooltipProps = ComponentPropsWithoutRef<typeof TooltipPrimitive.Root>;
export type TooltipTriggerProps = ComponentPropsWithoutRef<typeof TooltipPrimitive.Trigger>;

/** The element the tooltip describes. Use `asChild` to put it on your own button or link. */
export const TooltipTrigger = forwardRef<HTMLButtonElement, TooltipTriggerProps>(function TooltipTrigger(
  { className, ...rest },
  ref,
) {
  return (
    <TooltipPrimitive.Trigger ref={ref} data-slot="tooltip-trigger" className={clsx(focusRing, className)} {...rest} />
  );
});

export interface TooltipContentProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Content> {
  /** Where the portal mounts; `document.body` by default. */
  container?: HTMLElement | null;
}

/**
 * The tooltip bubble, portalled to `<body>` so no overflow clips it. It re-applies the theme of
 * the place it was opened from (a `ThemeScope`, or a `ThemeProvider` with its own target).
 * Keep it short: it becomes the trigger's accessible description.
 */
export const TooltipContent = forwardRef<HTMLDivElement, TooltipContentProps>(function TooltipContent(
  { className, sideOffset = 4, container, ...rest },
  ref,
) {
  const themeProps = useThemeScopeProps();
  return (
    <TooltipPrimitive.Portal container={container}>
      <TooltipPrimitive.Content
        ref={ref}
        data-slot="tooltip-content"
        // Portalled out of the app's kit root: be one, so the kit's box sizing applies inside.
        data-dk-root=""
        sideOffset={sideOffset}
        className={clsx(styles.content, className)}
        {...themeProps}
        {...rest}
      />
    </TooltipPrimitive.Portal>
  );
});
