import { keyframes, style } from '@vanilla-extract/css';
import { MOBILE_MEDIA_QUERY, vars } from 'dashboard-kit/tokens';

export const header = style({
  minWidth: 0,
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  height: vars.size.headerHeight,
  padding: `0 ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  '@media': {
    // A phone's header holds the trigger, the trail, the zone, the connection and the bell: tighter, so the
    // current page stays whole.
    [MOBILE_MEDIA_QUERY]: { gap: vars.space['1'], paddingInline: vars.space['3'] },
  },
});

export const headerDivider = style({
  width: '1px',
  height: '1rem',
  background: vars.color.border,
  '@media': {
    [MOBILE_MEDIA_QUERY]: { display: 'none' },
  },
});

export const content = style({
  flex: 1,
  minWidth: 0,
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
  color: vars.color.sidebarForeground,
  textDecoration: 'none',
  minWidth: 0,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  selectors: {
    // The kit's ring, inside the link (the sidebar header would clip one drawn outside it).
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '-2px' },
  },
});

/**
 * The product's name beside the mark. In the sidebar collapsed to icons it is read, not shown: the rail is the
 * mark's width, and the name cut to its first letters ("Sig") read as a word of its own.
 */
export const brandName = style({
  selectors: {
    '[data-slot="sidebar"][data-state="collapsed"][data-collapsible="icon"] &': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
    },
  },
});

export const footerRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
});

export const chevron = style({
  marginLeft: 'auto',
  transition: `transform ${vars.duration.fast}`,
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' },
  },
});

export const headerEnd = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexShrink: 0,
  '@media': {
    [MOBILE_MEDIA_QUERY]: { gap: vars.space['1'] },
  },
});

export const zoneSelect = style({
  height: vars.size.controlSm,
  maxWidth: '11rem',
  padding: `0 ${vars.space['2']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.foreground,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '2px' },
  },
  '@media': {
    '(max-width: 40rem)': { maxWidth: '4.75rem' },
  },
});

/** Off screen until focused: then the first thing on the page, in view. */
export const skipLink = style({
  position: 'absolute',
  left: vars.space['2'],
  top: vars.space['2'],
  zIndex: 100,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'none', outline: `2px solid ${vars.color.ring}`, outlineOffset: '2px' },
  },
});

export const main = style({
  outline: 'none',
});

const sweep = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

/** The header's loading bar (NavigationProgress): a short band sweeping along its bottom border. */
export const navigationProgress = style({
  position: 'absolute',
  insetInline: 0,
  bottom: '-1px',
  height: '2px',
  overflow: 'hidden',
  pointerEvents: 'none',
  '::before': {
    content: '""',
    position: 'absolute',
    insetBlock: 0,
    left: 0,
    width: '40%',
    background: vars.color.primary,
    animation: `${sweep} 1.1s ease-in-out infinite`,
  },
  '@media': {
    // Without motion the bar is whole and still: it still says "loading".
    '(prefers-reduced-motion: reduce)': {
      selectors: { '&::before': { width: '100%', animation: 'none', opacity: 0.6 } },
    },
  },
});
