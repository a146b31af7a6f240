import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { CARD_HEIGHT_PX, COLUMN_WIDTHS, COMPACT_MEDIA_QUERY, HEADER_HEIGHT_PX, ROW_HEIGHT_PX } from './layout';

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

export const toolbarActions = style({
  display: 'flex',
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
    [`${table}:focus-visible &[data-active]`]: { outline: `2px solid ${vars.color.ring}`, outlineOffset: '-2px' },
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
    // A card per signal: status first (what a trader checks), then what and at what price, then when.
    [COMPACT_MEDIA_QUERY]: {
      display: 'grid',
      gridTemplateAreas: '"status status status expand" "ticker action price price" "time interval strategy quantity"',
      gridTemplateColumns: 'auto auto minmax(0, 1fr) auto',
      gridTemplateRows: 'repeat(3, minmax(0, 1fr))',
      alignItems: 'center',
      columnGap: vars.space['3'],
      height: CARD_HEIGHT_PX,
      padding: `${vars.space['2']} ${vars.space['3']}`,
      boxSizing: 'border-box',
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

/** Spacer and detail rows are plain blocks in the card layout. */
export const spacerRow = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } },
});

export const detailRow = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } },
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
  '@media': {
    [COMPACT_MEDIA_QUERY]: {
      display: 'block',
      height: 'auto',
      padding: 0,
      border: 0,
      minWidth: 0,
      selectors: {
        '&[data-column="expand"]': { gridArea: 'expand', justifySelf: 'end' },
        '&[data-column="time"]': { gridArea: 'time', color: vars.color.mutedForeground, fontSize: vars.fontSize.xs },
        '&[data-column="ticker"]': { gridArea: 'ticker' },
        '&[data-column="action"]': { gridArea: 'action' },
        '&[data-column="price"]': { gridArea: 'price', textAlign: 'end' },
        '&[data-column="quantity"]': { gridArea: 'quantity', fontSize: vars.fontSize.xs },
        '&[data-column="interval"]': { gridArea: 'interval', fontSize: vars.fontSize.xs },
        '&[data-column="strategy"]': { gridArea: 'strategy', fontSize: vars.fontSize.xs },
        '&[data-column="status"]': { gridArea: 'status' },
        '[aria-selected="true"] > &:first-child': { boxShadow: 'none' },
      },
    },
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

export const price = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['1'],
  maxWidth: '100%',
});

export const priceWarning = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.warning,
});

export const chartLink = style({
  display: 'inline-block',
  color: vars.color.foreground,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: vars.radius.sm,
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

/** Detail content stays in view at the scroller's left edge when the table is wider than it. */
export const detailContent = style({
  position: 'sticky',
  insetInlineStart: vars.space['4'],
  maxWidth: `calc(${viewportWidth} - 2 * ${vars.space['4']})`,
  boxSizing: 'border-box',
});
