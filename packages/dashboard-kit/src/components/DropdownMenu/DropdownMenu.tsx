import * as Menu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { CheckIcon } from '../../icons/CheckIcon';
import { DotIcon } from '../../icons/DotIcon';
import { useThemeScopeProps } from '../ThemeProvider/ThemeProvider';
import * as styles from './DropdownMenu.css';

/** Holds the open state (controlled with `open`/`onOpenChange`, or not). Renders no element. */
export const DropdownMenu = Menu.Root;
export type DropdownMenuProps = Menu.DropdownMenuProps;

export type DropdownMenuTriggerProps = ComponentPropsWithoutRef<typeof Menu.Trigger>;

/** The button that opens the menu. Pass `asChild` to use a kit `Button` or any other control. */
export const DropdownMenuTrigger = forwardRef<ComponentRef<typeof Menu.Trigger>, DropdownMenuTriggerProps>(
  function DropdownMenuTrigger({ className, ...rest }, ref) {
    return (
      <Menu.Trigger ref={ref} data-slot="dropdown-menu-trigger" className={clsx(styles.trigger, className)} {...rest} />
    );
  },
);

export interface DropdownMenuContentProps extends ComponentPropsWithoutRef<typeof Menu.Content> {
  /** Where the portal mounts; `document.body` by default. */
  container?: Menu.DropdownMenuPortalProps['container'];
}

/**
 * The menu panel, portalled to `<body>`. It re-applies the theme of the place it was opened
 * from, so a menu opened inside a `ThemeScope` (or a provider with its own target) matches it,
 * and is a kit root (`data-dk-root`) so its parts get the kit's box sizing outside the app root.
 */
export const DropdownMenuContent = forwardRef<ComponentRef<typeof Menu.Content>, DropdownMenuContentProps>(
  function DropdownMenuContent({ className, container, sideOffset = 4, collisionPadding = 8, ...rest }, ref) {
    const themeProps = useThemeScopeProps();
    return (
      <Menu.Portal container={container}>
        <Menu.Content
          ref={ref}
          data-slot="dropdown-menu-content"
          data-dk-root=""
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          className={clsx(styles.content, className)}
          {...themeProps}
          {...rest}
        />
      </Menu.Portal>
    );
  },
);

export interface DropdownMenuItemProps extends ComponentPropsWithoutRef<typeof Menu.Item> {
  /** `danger` for destructive or leaving actions such as deleting or logging out. */
  variant?: NonNullable<styles.DropdownMenuItemVariants['variant']>;
}

/** An action. `onSelect` runs on click, Enter or Space; the menu then closes. */
export const DropdownMenuItem = forwardRef<ComponentRef<typeof Menu.Item>, DropdownMenuItemProps>(
  function DropdownMenuItem({ className, variant = 'default', ...rest }, ref) {
    return (
      <Menu.Item
        ref={ref}
        data-slot="dropdown-menu-item"
        data-variant={variant}
        className={clsx(styles.item({ variant }), className)}
        {...rest}
      />
    );
  },
);

export type DropdownMenuCheckboxItemProps = ComponentPropsWithoutRef<typeof Menu.CheckboxItem>;

/** An on/off option (`checked`, `onCheckedChange`), shown with a tick. */
export const DropdownMenuCheckboxItem = forwardRef<
  ComponentRef<typeof Menu.CheckboxItem>,
  DropdownMenuCheckboxItemProps
>(function DropdownMenuCheckboxItem({ className, children, ...rest }, ref) {
  return (
    <Menu.CheckboxItem
      ref={ref}
      data-slot="dropdown-menu-checkbox-item"
      className={clsx(styles.item({ indicator: 'leading' }), className)}
      {...rest}
    >
      <span className={styles.indicator}>
        <Menu.ItemIndicator>
          <CheckIcon size={14} />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  );
});

export type DropdownMenuRadioGroupProps = ComponentPropsWithoutRef<typeof Menu.RadioGroup>;

/** Holds the chosen value of its radio items (`value`, `onValueChange`). */
export const DropdownMenuRadioGroup = forwardRef<ComponentRef<typeof Menu.RadioGroup>, DropdownMenuRadioGroupProps>(
  function DropdownMenuRadioGroup({ className, ...rest }, ref) {
    return (
      <Menu.RadioGroup
        ref={ref}
        data-slot="dropdown-menu-radio-group"
        className={clsx(styles.group, className)}
        {...rest}
      />
    );
  },
);

export type DropdownMenuRadioItemProps = ComponentPropsWithoutRef<typeof Menu.RadioItem>;

/** One choice of a `DropdownMenuRadioGroup`, shown with a dot when chosen. */
export const DropdownMenuRadioItem = forwardRef<ComponentRef<typeof Menu.RadioItem>, DropdownMenuRadioItemProps>(
  function DropdownMenuRadioItem({ className, children, ...rest }, ref) {
    return (
      <Menu.RadioItem
        ref={ref}
        data-slot="dropdown-menu-radio-item"
        className={clsx(styles.item({ indicator: 'leading' }), className)}
        {...rest}
      >
        <span className={styles.indicator}>
          <Menu.ItemIndicator>
            <DotIcon size={14} />
          </Menu.ItemIndicator>
        </span>
        {children}
      </Menu.RadioItem>
    );
  },
);

export type DropdownMenuLabelProps = ComponentPropsWithoutRef<typeof Menu.Label>;

/** A non-interactive heading inside the menu. */
export const DropdownMenuLabel = forwardRef<ComponentRef<typeof Menu.Label>, DropdownMenuLabelProps>(
  function DropdownMenuLabel({ className, ...rest }, ref) {
    return <Menu.Label ref={ref} data-slot="dropdown-menu-label" className={clsx(styles.label, className)} {...rest} />;
  },
);

export type DropdownMenuSeparatorProps = ComponentPropsWithoutRef<typeof Menu.Separator>;

export const DropdownMenuSeparator = forwardRef<ComponentRef<typeof Menu.Separator>, DropdownMenuSeparatorProps>(
  function DropdownMenuSeparator({ className, ...rest }, ref) {
    return (
      <Menu.Separator
        ref={ref}
        data-slot="dropdown-menu-separator"
        className={clsx(styles.separator, className)}
        {...rest}
      />
    );
  },
);

export type DropdownMenuGroupProps = ComponentPropsWithoutRef<typeof Menu.Group>;

/** Groups related items; name it with `aria-label` or a `DropdownMenuLabel` inside. */
export const DropdownMenuGroup = forwardRef<ComponentRef<typeof Menu.Group>, DropdownMenuGroupProps>(
  function DropdownMenuGroup({ className, ...rest }, ref) {
    return <Menu.Group ref={ref} data-slot="dropdown-menu-group" className={clsx(styles.group, className)} {...rest} />;
  },
);

export type DropdownMenuShortcutProps = ComponentPropsWithoutRef<'span'>;

/** A keyboard hint at the end of an item, such as ⌘B. Decorative: the shortcut works on its own. */
export const DropdownMenuShortcut = forwardRef<HTMLSpanElement, DropdownMenuShortcutProps>(
  function DropdownMenuShortcut({ className, ...rest }, ref) {
    return (
      <span
        ref={ref}
        data-slot="dropdown-menu-shortcut"
        aria-hidden="true"
        className={clsx(styles.shortcut, className)}
        {...rest}
      />
    );
  },
);
