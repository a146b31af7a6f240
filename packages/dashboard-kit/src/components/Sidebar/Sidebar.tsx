import * as SeparatorPrimitive from '@radix-ui/react-separator';
import { Slot } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentPropsWithoutRef,
  type ComponentRef,
  type ElementType,
  type ForwardedRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import { useIsMobile } from '../../hooks/useIsMobile';
import { PanelLeftIcon } from '../../icons/PanelLeftIcon';
import { visuallyHidden } from '../../theme/focus.css';
import { Sheet, SheetContent, SheetTitle } from '../Sheet/Sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../Tooltip/Tooltip';
import { SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME, SIDEBAR_KEYBOARD_SHORTCUT } from './constants';
import * as styles from './Sidebar.css';

export type SidebarState = 'expanded' | 'collapsed';
export type SidebarCollapsible = 'offcanvas' | 'icon' | 'none';

/**
 * Reads the saved open state from a cookie string: `document.cookie` by default, or a request's
 * `Cookie` header on a server. `undefined` when nothing (valid) was saved.
 */
export function readSidebarCookie(cookieString?: string): boolean | undefined {
  const cookies = cookieString ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const cookie of cookies.split(';')) {
    const [name, value] = cookie.trim().split('=');
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return undefined;
}

function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

function isToggleShortcut(event: KeyboardEvent): boolean {
  // Some browsers fire keydown without a `key` when they autofill a form.
  return (
    event.key?.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/** Ctrl/Cmd+B in a text field means something else there (bold, a browser binding). */
function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null
  );
}

/**
 * The menu button that owns the submenu holding the focus, if it does: collapsing to icons hides submenus, and
 * a focused link that disappears leaves the keyboard user on the page's body.
 */
function submenuOwner(focused: Element | null): HTMLElement | null {
  const submenu = focused?.closest('[data-slot="sidebar-menu-sub"]');
  return (
    submenu
      ?.closest('[data-slot="sidebar-menu-item"]')
      ?.querySelector<HTMLElement>('[data-slot="sidebar-menu-button"]') ?? null
  );
}

export interface SidebarContextValue {
  /** The desktop sidebar's state, also written to `data-state`. */
  state: SidebarState;
  /** Whether the desktop sidebar is expanded. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Whether the phone sheet is open. Independent of `open`, and never saved. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  /** Whether the viewport is at or below the mobile breakpoint. */
  isMobile: boolean;
  /** Toggles the sheet on phones and the sidebar elsewhere: what the trigger, rail and Ctrl/Cmd+B do. */
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** The sidebar's state and controls, for any component inside a `SidebarProvider`. */
export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

export interface SidebarProviderProps extends ComponentPropsWithoutRef<'div'> {
  /**
   * Whether the desktop sidebar starts expanded when uncontrolled. Compute it before the first
   * render (`readSidebarCookie()`) so the page never jumps. Without it, a `persist` provider
   * reads the cookie itself; otherwise the sidebar starts expanded.
   */
  defaultOpen?: boolean;
  /** The desktop open state, when controlled. */
  open?: boolean;
  /** Called with the new desktop open state; never for the phone sheet. */
  onOpenChange?: (open: boolean) => void;
  /** Saves the desktop open state in the `sidebar_state` cookie (path=/, 7 days). */
  persist?: boolean;
}

/**
 * Holds the sidebar's state, listens for Ctrl/Cmd+B and lays out the page row: put a `Sidebar`
 * and a `SidebarInset` inside it.
 */
export const SidebarProvider = forwardRef<HTMLDivElement, SidebarProviderProps>(function SidebarProvider(
  { defaultOpen, open: openProp, onOpenChange, persist = false, className, children, ...rest },
  ref,
) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [initialOpen] = useState(() => defaultOpen ?? (persist ? readSidebarCookie() : undefined) ?? true);
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: initialOpen,
    onChange: (next: boolean) => {
      if (persist) writeSidebarCookie(next);
      onOpenChange?.(next);
    },
  });

  // A sheet left open on a phone must not pop up again after a trip through a desktop width.
  if (!isMobile && openMobile) setOpenMobile(false);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen((value) => !value);
  }, [isMobile, setOpen]);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event) || isEditableTarget(event.target)) return;
      event.preventDefault();
      // Collapsing from a submenu's link: the focus goes to the item that holds it, which stays in view.
      if (!isMobile && open) submenuOwner(document.activeElement)?.focus();
      toggleSidebar();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [toggleSidebar, isMobile, open]);

  const state: SidebarState = open ? 'expanded' : 'collapsed';
  const context = useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [state, open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={context}>
      <TooltipProvider delayDuration={0}>
        <div
          ref={ref}
          data-slot="sidebar-wrapper"
          data-state={state}
          className={clsx(styles.wrapper, className)}
          {...rest}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
});

/** True inside a desktop sidebar that is collapsed to icons: the only time item tooltips show. */
const IconsOnlyContext = createContext(false);

export interface SidebarProps extends ComponentPropsWithoutRef<'aside'> {
  /**
   * How the desktop sidebar collapses: slide out of view (`offcanvas`), shrink to a column of
   * icons (`icon`), or not at all (`none`, which also stays in the page on phones).
   */
  collapsible?: SidebarCollapsible;
  /** The accessible name of the sheet the sidebar becomes on phones. */
  mobileTitle?: string;
}

/**
 * The sidebar: a fixed column beside the page on desktop, a sheet from the left on phones.
 * `className` and other props go to the outer element (`data-slot="sidebar"`, with `data-state`
 * and `data-collapsible`); the visible panel inside it is `data-slot="sidebar-container"`. On
 * desktop the outer element is an `<aside>`, a landmark of its own (name it with `aria-label`), so
 * that everything in it belongs to a region of the page; on phones it is the sheet's dialog.
 */
export const Sidebar = forwardRef<HTMLElement, SidebarProps>(function Sidebar(
  { collapsible = 'offcanvas', mobileTitle = 'Sidebar', className, children, ...rest },
  ref,
) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (collapsible === 'none') {
    return (
      <aside
        ref={ref}
        data-slot="sidebar"
        data-collapsible="none"
        className={clsx(styles.staticSidebar, className)}
        {...rest}
      >
        {children}
      </aside>
    );
  }

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          ref={ref as ForwardedRef<HTMLDivElement>}
          side="left"
          data-slot="sidebar"
          data-mobile="true"
          className={clsx(styles.mobileSidebar, className)}
          {...rest}
        >
          <SheetTitle className={visuallyHidden}>{mobileTitle}</SheetTitle>
          {children}
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <IconsOnlyContext.Provider value={collapsible === 'icon' && state === 'collapsed'}>
      <aside
        ref={ref}
        data-slot="sidebar"
        data-state={state}
        data-collapsible={collapsible}
        className={clsx(styles.sidebar, className)}
        {...rest}
      >
        <div data-slot="sidebar-container" className={styles.container}>
          {children}
        </div>
      </aside>
    </IconsOnlyContext.Provider>
  );
});

export type SidebarTriggerProps = ComponentPropsWithoutRef<'button'>;

/** A button that toggles the sidebar (the sheet on phones). Shows a panel icon unless given children. */
export const SidebarTrigger = forwardRef<HTMLButtonElement, SidebarTriggerProps>(function SidebarTrigger(
  { className, onClick, children, ...rest },
  ref,
) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <button
      ref={ref}
      type="button"
      data-slot="sidebar-trigger"
      aria-label="Toggle Sidebar"
      aria-expanded={isMobile ? openMobile : open}
      className={clsx(styles.trigger, className)}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
    >
      {children ?? <PanelLeftIcon />}
    </button>
  );
});

export type SidebarRailProps = ComponentPropsWithoutRef<'button'>;

/**
 * A strip along the sidebar's outer edge that toggles it on click. A pointer convenience: it is
 * kept out of the tab order, since the trigger and Ctrl/Cmd+B do the same from the keyboard.
 * Not rendered on phones.
 */
export const SidebarRail = forwardRef<HTMLButtonElement, SidebarRailProps>(function SidebarRail(
  { className, onClick, ...rest },
  ref,
) {
  const { toggleSidebar, isMobile } = useSidebar();
  if (isMobile) return null;
  return (
    <button
      ref={ref}
      type="button"
      data-slot="sidebar-rail"
      aria-label="Toggle Sidebar"
      title="Toggle Sidebar"
      tabIndex={-1}
      className={clsx(styles.rail, className)}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
    />
  );
});

type PartTag = 'div' | 'main' | 'ul' | 'li';

/** A part that is one element with its slot name and class, forwarding ref, className and props. */
function createPart<T extends PartTag>(displayName: string, tag: T, slot: string, partClass: string) {
  const Part = forwardRef<ComponentRef<T>, ComponentPropsWithoutRef<T>>(function Part(props, ref) {
    const { className, ...rest } = props as { className?: string };
    const Tag = tag as ElementType;
    return <Tag ref={ref} data-slot={slot} className={clsx(partClass, className)} {...rest} />;
  });
  Part.displayName = displayName;
  return Part;
}

export type SidebarInsetProps = ComponentPropsWithoutRef<'main'>;
export type SidebarHeaderProps = ComponentPropsWithoutRef<'div'>;
export type SidebarFooterProps = ComponentPropsWithoutRef<'div'>;
export type SidebarContentProps = ComponentPropsWithoutRef<'div'>;
export type SidebarGroupContentProps = ComponentPropsWithoutRef<'div'>;
export type SidebarMenuProps = ComponentPropsWithoutRef<'ul'>;
export type SidebarMenuItemProps = ComponentPropsWithoutRef<'li'>;
export type SidebarMenuSubProps = ComponentPropsWithoutRef<'ul'>;
export type SidebarMenuSubItemProps = ComponentPropsWithoutRef<'li'>;

/** The page beside the sidebar: the `<main>` landmark, holding the header and the route's content. */
export const SidebarInset = createPart('SidebarInset', 'main', 'sidebar-inset', styles.inset);
/** The top of the sidebar, above the scrolling content: the product name, a switcher. */
export const SidebarHeader = createPart('SidebarHeader', 'div', 'sidebar-header', styles.section);
/** The bottom of the sidebar, below the scrolling content: theme toggle, user menu. */
export const SidebarFooter = createPart('SidebarFooter', 'div', 'sidebar-footer', styles.section);
/** The scrolling middle of the sidebar, holding the groups. */
export const SidebarContent = createPart('SidebarContent', 'div', 'sidebar-content', styles.content);
/** The body of a group, under its label. */
export const SidebarGroupContent = createPart(
  'SidebarGroupContent',
  'div',
  'sidebar-group-content',
  styles.groupContent,
);
/** A list of menu items. */
export const SidebarMenu = createPart('SidebarMenu', 'ul', 'sidebar-menu', styles.menu);
/** One entry of a `SidebarMenu`; holds a `SidebarMenuButton` and optionally a `SidebarMenuSub`. */
export const SidebarMenuItem = createPart('SidebarMenuItem', 'li', 'sidebar-menu-item', styles.menuItem);
/** A nested list under a menu item; hidden while the sidebar is collapsed to icons. */
export const SidebarMenuSub = createPart('SidebarMenuSub', 'ul', 'sidebar-menu-sub', styles.menuSub);
/** One entry of a `SidebarMenuSub`. */
export const SidebarMenuSubItem = createPart('SidebarMenuSubItem', 'li', 'sidebar-menu-sub-item', styles.menuSubItem);

export type SidebarSeparatorProps = ComponentPropsWithoutRef<typeof SeparatorPrimitive.Root>;

/** A horizontal rule between sections; decorative unless `decorative={false}`. */
export const SidebarSeparator = forwardRef<HTMLDivElement, SidebarSeparatorProps>(function SidebarSeparator(
  { className, decorative = true, ...rest },
  ref,
) {
  return (
    <SeparatorPrimitive.Root
      ref={ref}
      data-slot="sidebar-separator"
      decorative={decorative}
      className={clsx(styles.separator, className)}
      {...rest}
    />
  );
});

const GroupLabelContext = createContext<((id: string | undefined) => void) | null>(null);

export type SidebarGroupProps = ComponentPropsWithoutRef<'div'>;

/** A section of the sidebar; a `SidebarGroupLabel` inside it becomes the group's accessible name. */
export const SidebarGroup = forwardRef<HTMLDivElement, SidebarGroupProps>(function SidebarGroup(
  { className, ...rest },
  ref,
) {
  const [labelId, setLabelId] = useState<string>();
  return (
    <GroupLabelContext.Provider value={setLabelId}>
      <div
        ref={ref}
        role="group"
        aria-labelledby={labelId}
        data-slot="sidebar-group"
        className={clsx(styles.group, className)}
        {...rest}
      />
    </GroupLabelContext.Provider>
  );
});

export interface SidebarGroupLabelProps extends ComponentPropsWithoutRef<'div'> {
  /** Render the single child (a heading) with the label's styles. */
  asChild?: boolean;
}

/** The heading of a group. Folds away while the sidebar is collapsed to icons. */
export const SidebarGroupLabel = forwardRef<HTMLDivElement, SidebarGroupLabelProps>(function SidebarGroupLabel(
  { asChild = false, id, className, ...rest },
  ref,
) {
  const generatedId = useId();
  const labelId = id ?? generatedId;
  const registerLabel = useContext(GroupLabelContext);
  useLayoutEffect(() => {
    registerLabel?.(labelId);
    return () => registerLabel?.(undefined);
  }, [registerLabel, labelId]);
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp
      ref={ref}
      id={labelId}
      data-slot="sidebar-group-label"
      className={clsx(styles.groupLabel, className)}
      {...rest}
    />
  );
});

/** On a phone, following a link in the sheet closes the sheet, so the new page is not hidden. */
function useCloseSheetOnLinkClick<E extends HTMLElement>(onClick: ((event: MouseEvent<E>) => void) | undefined) {
  const { isMobile, setOpenMobile } = useSidebar();
  return (event: MouseEvent<E>) => {
    onClick?.(event);
    // No defaultPrevented check: router links cancel the click to navigate on the client.
    if (isMobile && event.currentTarget.matches('a[href]')) setOpenMobile(false);
  };
}

/** Shows `content` beside the item only while the sidebar is collapsed to icons. */
function CollapsedTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const iconsOnly = useContext(IconsOnlyContext);
  // Always rendered, so the button keeps its identity (and focus) when the sidebar changes state.
  const [open, setOpen] = useState(false);
  // Only a tooltip that can show may remember being open: an item hovered or focused while the
  // sidebar was expanded must not pop up when it collapses (Radix reports no close for a tooltip
  // that was held shut, so such a state would stay open for good).
  return (
    <Tooltip open={iconsOnly && open} onOpenChange={(next) => setOpen(iconsOnly && next)}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {content}
      </TooltipContent>
    </Tooltip>
  );
}

export type SidebarMenuButtonSize = NonNullable<styles.MenuButtonVariants['size']>;

export interface SidebarMenuButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** Render the single child (a link, a router Link) with the button's styles and behaviour. */
  asChild?: boolean;
  /** Marks the current page: sets `data-active`, and `aria-current="page"` on a link (`asChild`). */
  isActive?: boolean;
  /** `lg` fits two lines or an avatar (the user menu). */
  size?: SidebarMenuButtonSize;
  /** Shown beside the item while the sidebar is collapsed to icons; never on phones. */
  tooltip?: ReactNode;
}

/**
 * A row of a sidebar menu: an icon and a label (`<Icon /><span>Label</span>`). The label stays
 * the accessible name when the sidebar is collapsed to icons.
 */
export const SidebarMenuButton = forwardRef<HTMLButtonElement, SidebarMenuButtonProps>(function SidebarMenuButton(
  { asChild = false, isActive = false, size = 'md', tooltip, className, onClick, ...rest },
  ref,
) {
  const handleClick = useCloseSheetOnLinkClick(onClick);
  const Comp = asChild ? Slot : 'button';
  const button = (
    <Comp
      ref={ref}
      type={asChild ? undefined : 'button'}
      data-slot="sidebar-menu-button"
      data-size={size}
      data-active={isActive || undefined}
      aria-current={isActive && asChild ? 'page' : undefined}
      className={clsx(styles.menuButton({ size }), className)}
      {...rest}
      onClick={handleClick}
    />
  );
  if (tooltip === undefined) return button;
  return <CollapsedTooltip content={tooltip}>{button}</CollapsedTooltip>;
});

export interface SidebarMenuSubButtonProps extends ComponentPropsWithoutRef<'a'> {
  /** Render the single child (a router Link) with the link's styles and behaviour. */
  asChild?: boolean;
  /** Marks the current page: sets `data-active` and `aria-current="page"`. */
  isActive?: boolean;
}

/** A link in a `SidebarMenuSub`. */
export const SidebarMenuSubButton = forwardRef<HTMLAnchorElement, SidebarMenuSubButtonProps>(
  function SidebarMenuSubButton({ asChild = false, isActive = false, className, onClick, ...rest }, ref) {
    const handleClick = useCloseSheetOnLinkClick(onClick);
    const Comp = asChild ? Slot : 'a';
    return (
      <Comp
        ref={ref}
        data-slot="sidebar-menu-sub-button"
        data-active={isActive || undefined}
        aria-current={isActive ? 'page' : undefined}
        className={clsx(styles.menuSubButton, className)}
        {...rest}
        onClick={handleClick}
      />
    );
  },
);
