import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { forwardRef, useRef, type ComponentPropsWithoutRef } from 'react';
import { focusRing } from '../../theme/focus.css';
import { useThemeScopeProps } from '../ThemeProvider/ThemeProvider';
import * as styles from './Sheet.css';

export type SheetSide = NonNullable<styles.SheetContentVariants['side']>;

/**
 * A panel that slides in from an edge of the screen over the page: a modal dialog with a focus
 * trap, closed by Escape, by a click on the overlay or by a `SheetClose`. Uncontrolled, or
 * controlled with `open` + `onOpenChange`.
 */
export const Sheet = DialogPrimitive.Root;

export type SheetProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Root>;
export type SheetTriggerProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Trigger>;
export type SheetCloseProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Close>;
export type SheetHeaderProps = ComponentPropsWithoutRef<'div'>;
export type SheetTitleProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Title>;
export type SheetDescriptionProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Description>;

/** Opens the sheet. Use `asChild` to put the behaviour on your own button. */
export const SheetTrigger = forwardRef<HTMLButtonElement, SheetTriggerProps>(function SheetTrigger(
  { className, ...rest },
  ref,
) {
  return (
    <DialogPrimitive.Trigger ref={ref} data-slot="sheet-trigger" className={clsx(focusRing, className)} {...rest} />
  );
});

/** Closes the sheet. Use `asChild` to put the behaviour on your own button. */
export const SheetClose = forwardRef<HTMLButtonElement, SheetCloseProps>(function SheetClose(
  { className, ...rest },
  ref,
) {
  return <DialogPrimitive.Close ref={ref} data-slot="sheet-close" className={clsx(focusRing, className)} {...rest} />;
});

export interface SheetContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** The edge the sheet slides in from. */
  side?: SheetSide;
  /** Where the portal mounts; `document.body` by default. */
  container?: HTMLElement | null;
}

/**
 * The sheet itself, with the overlay behind it, portalled to `<body>` in the theme of the place
 * it was opened from (a `ThemeScope`, or a `ThemeProvider` with its own target). It must contain a `SheetTitle` (wrap it in a visually hidden element if it should not show):
 * the title is the dialog's accessible name. On close, focus goes back to whatever had it when
 * the sheet opened, so a sheet opened by a shortcut or by a control that is not a `SheetTrigger`
 * returns focus just as well.
 */
export const SheetContent = forwardRef<HTMLDivElement, SheetContentProps>(function SheetContent(
  { side = 'right', container, className, onOpenAutoFocus, onCloseAutoFocus, ...rest },
  ref,
) {
  const themeProps = useThemeScopeProps();
  const focusBeforeOpen = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal container={container}>
      <DialogPrimitive.Overlay data-slot="sheet-overlay" className={styles.overlay} {...themeProps} />
      <DialogPrimitive.Content
        ref={ref}
        data-slot="sheet-content"
        data-side={side}
        // Portalled out of the app's kit root: be one, so the kit's box sizing applies inside.
        data-dk-root=""
        className={clsx(styles.content({ side }), className)}
        onOpenAutoFocus={(event) => {
          // Runs before focus moves into the sheet, so this is still the element that had it.
          focusBeforeOpen.current = document.activeElement;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = focusBeforeOpen.current;
          focusBeforeOpen.current = null;
          if (event.defaultPrevented || !(target instanceof HTMLElement) || !target.isConnected) return;
          if (target === target.ownerDocument.body) return;
          event.preventDefault();
          target.focus();
        }}
        {...themeProps}
        {...rest}
      />
    </DialogPrimitive.Portal>
  );
});

/** Title and description at the top of a sheet. */
export const SheetHeader = forwardRef<HTMLDivElement, SheetHeaderProps>(function SheetHeader(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} data-slot="sheet-header" className={clsx(styles.header, className)} {...rest} />;
});

/** The sheet's accessible name. Required. */
export const SheetTitle = forwardRef<HTMLHeadingElement, SheetTitleProps>(function SheetTitle(
  { className, ...rest },
  ref,
) {
  return (
    <DialogPrimitive.Title ref={ref} data-slot="sheet-title" className={clsx(styles.title, className)} {...rest} />
  );
});

/** A sentence under the title; becomes the sheet's accessible description. */
export const SheetDescription = forwardRef<HTMLParagraphElement, SheetDescriptionProps>(function SheetDescription(
  { className, ...rest },
  ref,
) {
  return (
    <DialogPrimitive.Description
      ref={ref}
      data-slot="sheet-description"
      className={clsx(styles.description, className)}
      {...rest}
    />
  );
});
