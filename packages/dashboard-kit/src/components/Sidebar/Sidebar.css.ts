import { globalStyle, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';
import { sheetWidth } from '../Sheet/Sheet.css';

const mobile = `screen and ${MOBILE_MEDIA_QUERY}`;
// Motion only for people who have not asked the system to reduce it.
const motionAllowed = '(prefers-reduced-motion: no-preference)';
const slide = `${vars.duration.normal} ease-out`;

export const wrapper = style({
  display: 'flex',
  width: '100%',
  minHeight: ['100vh', '100svh'],
});

/**
 * The desktop sidebar's place in the page row. Its width animates between the three states while
 * the fixed panel inside it stays put when the page scrolls. Phones never show it: before the
 * script knows the viewport (server rendering), CSS already hides it there.
 */
export const sidebar = style({
  flexShrink: 0,
  width: vars.size.sidebarWidth,
  selectors: {
    '&[data-state="collapsed"][data-collapsible="icon"]': { width: vars.size.sidebarWidthIcon },
    '&[data-state="collapsed"][data-collapsible="offcanvas"]': { width: 0 },
  },
  '@media': {
    [mobile]: { display: 'none' },
    [motionAllowed]: { transition: `width ${slide}` },
  },
});

const iconsOnly = `${sidebar}[data-state="collapsed"][data-collapsible="icon"]`;
const offcanvasCollapsed = `${sidebar}[data-state="collapsed"][data-collapsible="offcanvas"]`;

const panel = style({
  display: 'flex',
  flexDirection: 'column',
  boxSizing: 'border-box',
  background: vars.color.sidebar,
  color: vars.color.sidebarForeground,
  fontFamily: vars.font.body,
});

export const container = style([
  panel,
  {
    position: 'fixed',
    top: 0,
    bottom: 0,
    left: 0,
    width: vars.size.sidebarWidth,
    borderRight: `1px solid ${vars.color.sidebarBorder}`,
    selectors: {
      [`${iconsOnly} &`]: { width: vars.size.sidebarWidthIcon },
      // Hidden, not only moved off screen, so its links leave the tab order and the accessibility tree.
      [`${offcanvasCollapsed} &`]: { transform: 'translateX(-100%)', visibility: 'hidden' },
    },
    '@media': {
      [motionAllowed]: {
        transition: `width ${slide}, transform ${slide}, visibility 0s`,
        selectors: {
          // Stay visible until the slide-out has finished.
          [`${offcanvasCollapsed} &`]: {
            transition: `transform ${slide}, visibility 0s linear ${vars.duration.normal}`,
          },
        },
      },
    },
  },
]);

/** `collapsible="none"`: a plain column in the page row, always the full width. */
export const staticSidebar = style([
  panel,
  {
    flexShrink: 0,
    width: vars.size.sidebarWidth,
    borderRight: `1px solid ${vars.color.sidebarBorder}`,
  },
]);

/** The sidebar inside the phone sheet. Loaded after the sheet's styles, so these win. */
export const mobileSidebar = style([
  panel,
  {
    vars: { [sheetWidth]: vars.size.sidebarWidthMobile },
    gap: 0,
    borderColor: vars.color.sidebarBorder,
  },
]);

/** The header and the footer: a column of controls pinned above or below the scrolling content. */
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['2'],
});

export const separator = style({
  flexShrink: 0,
  height: '1px',
  marginInline: vars.space['2'],
  background: vars.color.sidebarBorder,
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  gap: vars.space['2'],
  minHeight: 0,
  overflowX: 'hidden',
  overflowY: 'auto',
  selectors: {
    [`${iconsOnly} &`]: { overflowY: 'hidden' },
  },
});

export const group = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  boxSizing: 'border-box',
  width: '100%',
  minWidth: 0,
  padding: vars.space['2'],
});

export const groupLabel = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    height: vars.size.controlSm,
    margin: 0,
    paddingInline: vars.space['2'],
    borderRadius: vars.radius.md,
    color: vars.color.mutedForeground,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    selectors: {
      // Folded away but still in the DOM: it keeps naming its group for screen readers.
      [`${iconsOnly} &`]: { marginTop: `calc(${vars.size.controlSm} * -1)`, opacity: 0 },
    },
    '@media': {
      [motionAllowed]: { transition: `margin-top ${slide}, opacity ${slide}` },
    },
  },
]);

export const groupContent = style({
  width: '100%',
  fontSize: vars.fontSize.sm,
});

export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  width: '100%',
  minWidth: 0,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const menuItem = style({
  position: 'relative',
});

/** What menu buttons and sub-buttons share: a full-width row that highlights on hover and when active. */
const item = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-start',
    gap: vars.space['2'],
    boxSizing: 'border-box',
    width: '100%',
    minWidth: 0,
    overflow: 'hidden',
    margin: 0,
    border: 0,
    borderRadius: vars.radius.md,
    background: 'transparent',
    color: vars.color.sidebarForeground,
    fontFamily: 'inherit',
    lineHeight: vars.lineHeight.tight,
    textAlign: 'start',
    textDecoration: 'none',
    cursor: 'pointer',
    selectors: {
      '&:hover': { background: vars.color.sidebarAccent, color: vars.color.sidebarAccentForeground },
      '&[data-active]': {
        background: vars.color.sidebarAccent,
        color: vars.color.sidebarAccentForeground,
        fontWeight: vars.fontWeight.medium,
      },
      '&:disabled, &[aria-disabled="true"]': { opacity: 0.5, pointerEvents: 'none' },
    },
  },
]);

globalStyle(`${item} > svg`, { width: vars.space['4'], height: vars.space['4'], flexShrink: 0 });
// The label (the last span) is cut with an ellipsis rather than wrapping or widening the sidebar.
globalStyle(`${item} > span:last-child`, { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const menuButton = recipe({
  base: [
    item,
    {
      padding: vars.space['2'],
      fontSize: vars.fontSize.sm,
      '@media': {
        [motionAllowed]: { transition: `width ${slide}, height ${slide}, padding ${slide}` },
      },
    },
  ],
  variants: {
    size: {
      md: {
        height: vars.size.controlSm,
        selectors: {
          [`${iconsOnly} &`]: { width: vars.size.controlSm, padding: vars.space['2'] },
        },
      },
      lg: {
        height: vars.space['12'],
        selectors: {
          [`${iconsOnly} &`]: { width: vars.size.controlSm, height: vars.size.controlSm, padding: 0 },
        },
      },
    },
  },
  defaultVariants: { size: 'md' },
});

export type MenuButtonVariants = NonNullable<RecipeVariants<typeof menuButton>>;

export const menuSub = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
  margin: 0,
  marginInlineStart: vars.space['4'],
  paddingBlock: vars.space['1'],
  paddingInline: vars.space['2'],
  borderInlineStart: `1px solid ${vars.color.sidebarBorder}`,
  listStyle: 'none',
  selectors: {
    [`${iconsOnly} &`]: { display: 'none' },
  },
});

export const menuSubItem = style({
  position: 'relative',
});

export const menuSubButton = style([
  item,
  {
    minHeight: vars.size.controlSm,
    paddingBlock: vars.space['1'],
    paddingInline: vars.space['2'],
    fontSize: vars.fontSize.sm,
  },
]);

/** A thin grab strip on the sidebar's outer edge: click it to collapse or expand. */
export const rail = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  right: `calc(${vars.space['2']} * -1)`,
  width: vars.space['4'],
  padding: 0,
  border: 0,
  background: 'transparent',
  cursor: 'w-resize',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: '50%',
      width: '2px',
      background: 'transparent',
    },
    '&:hover::after': { background: vars.color.sidebarBorder },
    [`${sidebar}[data-state="collapsed"] &`]: { cursor: 'e-resize' },
    // Stays reachable at the screen edge while the panel around it is hidden.
    [`${offcanvasCollapsed} &`]: { visibility: 'visible' },
  },
});

export const trigger = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: vars.size.controlSm,
    height: vars.size.controlSm,
    padding: 0,
    border: 0,
    borderRadius: vars.radius.md,
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    selectors: {
      '&:hover': { background: vars.color.accent, color: vars.color.accentForeground },
    },
  },
]);

export const inset = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
  background: vars.color.background,
});
