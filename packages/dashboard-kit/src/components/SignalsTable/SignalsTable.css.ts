import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { COLUMN_WIDTHS, HEADER_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';

/** How far into its highlight a fresh row already is (rows can re-mount while scrolling). */
export const freshElapsed = createVar();
/** The scroller's visible width, which expanded details keep to. */
export const viewportWidth = createVar();

const tinted = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  // A height of its own keeps the list virtualised inside pages that do not size it; a parent
  // with a smaller fixed height still wins through max-height.
  height: '32rem',
  maxHeight: '100%',
  minWidth: 0,
  maxWidth: '100%',
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});

export const count = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const scroller = style({
  position: 'relative',
  flex: '1 1 auto',
  minHeight: 0,
  overflow: 'auto',
  overscrollBehavior: 'contain',
  contain: 'content',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
});

export const table = style({
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: 0,
});

export const headerCell = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  height: HEADER_HEIGHT_PX,
  paddingInline: vars.space['3'],
  background: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  whiteSpace: 'nowrap',
  boxSizing: 'border-box',
});

/** A column's fixed width; one without takes what is left (the table's min-width keeps it usable). */
export const column = styleVariants(COLUMN_WIDTHS, (size) => ('width' in size ? { width: size.width } : {}));

export const align = styleVariants({
  start: { textAlign: 'start' },
  end: { textAlign: 'end' },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  maxWidth: '100%',
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.foreground },
    '&[data-sorted]': { color: vars.color.foreground },
  },
});

export const sortIcon = style({
  opacity: 0.5,
  selectors: {
    '[data-sorted] > &': { opacity: 1 },
  },
});

const flash = keyframes({
  from: { backgroundColor: vars.color.highlight },
  to: { backgroundColor: 'transparent' },
});

export const row = style({
  height: ROW_HEIGHT_PX,
  selectors: {
    '&:hover': { background: tinted(vars.color.accent, 60) },
    '&[data-highlighted]': { background: vars.color.highlight },
    '&[aria-selected="true"]': { background: vars.color.highlight },
    '&[data-clickable]': { cursor: 'pointer' },
    '&[data-fresh]': {
      animationName: flash,
      animationDuration: '2.4s',
      animationTimingFunction: 'ease-out',
      animationDelay: `calc(-1ms * ${freshElapsed})`,
    },
  },
  '@media': {
    // No fading for people who ask for less motion: the row is marked, then simply unmarked.
    '(prefers-reduced-motion: reduce)': {
      selectors: { '&[data-fresh]': { animationTimingFunction: 'step-end' } },
    },
  },
});

export const cell = style({
  height: ROW_HEIGHT_PX,
  paddingInline: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
  boxSizing: 'border-box',
  selectors: {
    // The selected row carries a bar on its leading edge as well as its tint.
    '[aria-selected="true"] > &:first-child': { boxShadow: `inset 3px 0 0 ${vars.color.ring}` },
  },
});

/** Text from the webhook: kept in its own direction so bidi control characters cannot spill. */
export const isolated = style({
  unicodeBidi: 'isolate',
});

export const ticker = style({
  fontWeight: vars.fontWeight.semibold,
});

export const numeric = style({
  fontVariantNumeric: 'tabular-nums',
});

export const muted = style({
  color: vars.color.mutedForeground,
});

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
});

/** The status badge keeps its whole word; the reason beside it is what gives way. */
export const statusBadge = style({
  flexShrink: 0,
});

export const reason = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: vars.color.mutedForeground,
});

export const expandButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.mutedForeground,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.accent, color: vars.color.accentForeground },
  },
});

export const expandIcon = style({
  transition: `transform ${vars.duration.fast} ease-out`,
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

export const spacer = style({
  padding: 0,
  border: 0,
});

export const detailCell = style({
  padding: `${vars.space['3']} ${vars.space['4']}`,
  background: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'normal',
});

export const detailFields = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: `0 0 ${vars.space['3']}`,
  fontSize: vars.fontSize.xs,
});

export const detailTerm = style({
  color: vars.color.mutedForeground,
});

export const detailValue = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
  unicodeBidi: 'isolate',
});

export const raw = style({
  margin: 0,
  padding: vars.space['3'],
  background: vars.color.background,
  color: vars.color.foreground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const stateCell = style({
  padding: `${vars.space['10']} ${vars.space['4']}`,
  textAlign: 'center',
  whiteSpace: 'normal',
});

export const errorIcon = style({
  color: vars.color.danger,
});

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${tinted(vars.color.danger, 50)}`,
  borderRadius: vars.radius.md,
  background: tinted(vars.color.danger, 10),
  color: vars.color.foreground,
  overflowWrap: 'anywhere',
});

export const bannerText = style({
  flex: '1 1 auto',
  minWidth: 0,
});

/** Skeleton bars: short, so a row of them reads as a row of values. */
export const skeleton = style({
  maxWidth: '6rem',
});

export const footerCell = style({
  height: ROW_HEIGHT_PX,
  paddingInline: vars.space['3'],
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  textAlign: 'center',
});

/** Detail content stays in view at the scroller's left edge when the table is wider than it. */
export const detailContent = style({
  position: 'sticky',
  insetInlineStart: vars.space['4'],
  maxWidth: `calc(${viewportWidth} - 2 * ${vars.space['4']})`,
  boxSizing: 'border-box',
});
