import { createVar, fallbackVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { alignWithParent } from '../theme/direction.css';
import { COMPACT_MEDIA_QUERY, HEADER_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';

/*
 * The parts every virtualised data table draws alike (SignalsTable, TradesTable): the frame and
 * its toolbar, the scroller, the sticky header and its sort buttons, rows and cells as a table and
 * as a bare card, the states and the banner. Where a card puts each cell differs per table, and
 * stays with each table. The tables that are not virtualised (PositionList, PeriodBreakdownTable)
 * take their frame, header cells, sort buttons and tones from here too.
 */

/**
 * The inline padding of a table's header cells and cells (12 px unless a table sets it): a table with many
 * columns sets a smaller one on its root, so the room goes to what the cells show.
 */
export const cellInset = createVar();
export const cellPaddingInline = fallbackVar(cellInset, vars.space['3']);

const tinted = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;
/** Gains and losses mixed with the text colour, so they read at AA on the surface in both themes. */
const toneColour = (color: string) => `color-mix(in srgb, ${color} 80%, ${vars.color.foreground})`;

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

/** A column header's look, sticky or not. */
export const plainHeaderCell = style({
  height: HEADER_HEIGHT_PX,
  paddingInline: cellPaddingInline,
  background: vars.color.muted,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const headerCell = style([
  plainHeaderCell,
  {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    boxSizing: 'border-box',
  },
]);

/** A row: tinted on hover and when selected, marked while the grid's keyboard focus is on it. */
export const row = style({
  height: ROW_HEIGHT_PX,
  selectors: {
    '&:hover': { background: tinted(vars.color.accent, 60) },
    '&[aria-selected="true"]': { background: vars.color.highlight },
    '&[data-clickable]': { cursor: 'pointer' },
    [`${table}:focus-visible &[data-active]`]: { outline: `2px solid ${vars.color.ring}`, outlineOffset: '-2px' },
  },
  '@media': {
    // Each table lays its card out; every card is a grid of its cells with a rule below it.
    [COMPACT_MEDIA_QUERY]: {
      display: 'grid',
      alignItems: 'center',
      columnGap: vars.space['3'],
      boxSizing: 'border-box',
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

/** A cell: one line, cut with an ellipsis; on a card, a bare block that the card places. */
export const cell = style({
  height: ROW_HEIGHT_PX,
  paddingInline: cellPaddingInline,
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
  '@media': {
    [COMPACT_MEDIA_QUERY]: {
      display: 'block',
      height: 'auto',
      padding: 0,
      border: 0,
      minWidth: 0,
      selectors: {
        '[aria-selected="true"] > &:first-child': { boxShadow: 'none' },
      },
    },
  },
});

/** A link in a row: underlined, in the text colour. */
export const link = style({
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: vars.radius.sm,
});

export const body = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } },
});

/** Read by screen readers, not shown: a header row over cards, which need no column titles. */
export const offScreen = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** On phones the header row is read by screen readers but not shown: the cards need no column titles. */
export const cardsHiddenHeader = style({ '@media': { [COMPACT_MEDIA_QUERY]: offScreen } });

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

/**
 * Text from the data that a cell may cut (with a `dir` from `textDirection`): it takes its own direction, so a
 * right-to-left name ("אסטרטגיית פריצה…") is cut at its end and keeps its start, as a left-to-right one does; it
 * still lines up with the column when it fits.
 */
export const ownDirection = style([
  alignWithParent,
  {
    display: 'inline-block',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
]);

/** A table that is not virtualised (positions, breakdowns): framed, and scrolled sideways when too narrow. */
export const plainRoot = style({
  // Holds what is placed absolutely inside (a visually hidden header's text), so it scrolls with the table
  // instead of widening the page when the table is wider than its frame.
  position: 'relative',
  minWidth: 0,
  maxWidth: '100%',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const plainTable = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
});

/** Money won, lost or neither. */
export const tone = styleVariants({
  positive: { color: toneColour(vars.color.up) },
  negative: { color: toneColour(vars.color.down) },
  neutral: {},
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
