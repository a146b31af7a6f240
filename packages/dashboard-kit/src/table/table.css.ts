import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { COMPACT_MEDIA_QUERY, HEADER_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';

/*
 * The parts every virtualised data table draws alike (SignalsTable, TradesTable): the frame and
 * its toolbar, the scroller, the sticky header and its sort buttons, the states and the banner.
 * Rows and cells, whose phone layout differs per table, stay with each table.
 */

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
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});

export const toolbarActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
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
  selectors: {
    // The grid is the focused element; its frame shows the focus (the active row is marked too).
    '&:has(> table:focus-visible)': { boxShadow: `0 0 0 2px ${vars.color.ring}` },
  },
});

export const table = style({
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: 0,
  outline: 'none',
  '@media': {
    [COMPACT_MEDIA_QUERY]: { display: 'block' },
  },
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

export const body = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } },
});

/** On phones the header row is read by screen readers but not shown: the cards need no column titles. */
export const cardsHiddenHeader = style({
  '@media': {
    [COMPACT_MEDIA_QUERY]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

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

/** Spacer and detail rows are plain blocks in the card layout. */
export const spacerRow = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } },
});

/** Text from the webhook: kept in its own direction so bidi control characters cannot spill. */
export const isolated = style({
  unicodeBidi: 'isolate',
});

export const numeric = style({
  fontVariantNumeric: 'tabular-nums',
});

export const muted = style({
  color: vars.color.mutedForeground,
});

export const spacer = style({
  padding: 0,
  border: 0,
});

export const stateCell = style({
  padding: `${vars.space['10']} ${vars.space['4']}`,
  textAlign: 'center',
  whiteSpace: 'normal',
  '@media': {
    // On phones the message keeps to the screen's width and wraps, never cut off.
    [COMPACT_MEDIA_QUERY]: { display: 'block', padding: `${vars.space['6']} ${vars.space['3']}` },
  },
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
