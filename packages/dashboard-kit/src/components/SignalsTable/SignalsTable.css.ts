import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import * as grid from '../../table/table.css';
import {
  CARD_HEIGHT_PX,
  CARD_STATUS_HEIGHT_PX as STATUS_LINES_PX,
  CELL_INSET_PX,
  COLUMN_WIDTHS,
  COMPACT_MEDIA_QUERY,
  SIGNAL_ROW_HEIGHT_PX,
} from './layout';

/** How far into its highlight a fresh row already is (rows can re-mount while scrolling). */
export const freshElapsed = createVar();
/** The scroller's visible width, which expanded details keep to. */
export const viewportWidth = createVar();

/** The table's root: cells padded less than other tables', so nine columns keep their text whole at 990 px. */
export const root = style({
  vars: { [grid.cellInset]: `${CELL_INSET_PX}px` },
});

/** A column's fixed width; one without takes what is left (the table's min-width keeps it usable). */
export const column = styleVariants(COLUMN_WIDTHS, (size) => ('width' in size ? { width: size.width } : {}));

const flash = keyframes({
  from: { backgroundColor: vars.color.highlight },
  to: { backgroundColor: 'transparent' },
});

export const row = style([
  grid.row,
  {
    height: SIGNAL_ROW_HEIGHT_PX,
    selectors: {
      '&[data-highlighted]': { background: vars.color.highlight },
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
      // A card per signal: status first (what a trader checks), then what, on which timeframe and at what
      // price, then when, for which strategy and how much. The price and the quantity share the last column,
      // as wide as the wider of the two up to half the card (a phone cuts neither, short of an absurd price,
      // which is cut at its end); the strategy takes what is left and is the one cut on a narrow phone.
      [COMPACT_MEDIA_QUERY]: {
        gridTemplateAreas:
          '"status status status status expand" "ticker action interval . price" "time time strategy strategy quantity"',
        gridTemplateColumns: 'auto auto auto minmax(0, 1fr) fit-content(50%)',
        columnGap: vars.space['2'],
        // The status line takes up to three lines of reason or outcome; the two lines under it one each.
        gridTemplateRows: `${STATUS_LINES_PX}px minmax(0, 1fr) minmax(0, 1fr)`,
        height: CARD_HEIGHT_PX,
        padding: `${vars.space['2']} ${vars.space['3']}`,
      },
    },
  },
]);

export const detailRow = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } },
});

export const cell = style([
  grid.cell,
  {
    height: SIGNAL_ROW_HEIGHT_PX,
    '@media': {
      [COMPACT_MEDIA_QUERY]: {
        height: 'auto',
        selectors: {
          '&[data-column="expand"]': { gridArea: 'expand', justifySelf: 'end' },
          '&[data-column="time"]': { gridArea: 'time', color: vars.color.mutedForeground, fontSize: vars.fontSize.xs },
          '&[data-column="ticker"]': { gridArea: 'ticker' },
          '&[data-column="action"]': { gridArea: 'action' },
          '&[data-column="price"]': { gridArea: 'price', textAlign: 'end' },
          '&[data-column="quantity"]': { gridArea: 'quantity', fontSize: vars.fontSize.xs, textAlign: 'end' },
          // A bare number under the price would read as another price: the card names it.
          '&[data-column="quantity"]::before': {
            content: '"Qty"',
            marginInlineEnd: vars.space['1'],
            color: vars.color.mutedForeground,
          },
          '&[data-column="interval"]': {
            gridArea: 'interval',
            color: vars.color.mutedForeground,
            fontSize: vars.fontSize.xs,
          },
          '&[data-column="strategy"]': { gridArea: 'strategy', fontSize: vars.fontSize.xs },
          '&[data-column="status"]': { gridArea: 'status' },
        },
      },
    },
  },
]);

/**
 * A strategy on up to two lines of the row ("Breakout 4h ·" over "Default"); a longer one is cut at the end of the
 * second. A card keeps it to its one line.
 */
export const strategy = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'break-word',
  lineHeight: vars.lineHeight.tight,
  '@media': {
    // Two clamped lines start where the name's direction starts them (a right-to-left name's at the right): in the
    // column's direction the clamp's ellipsis would mark the second line's start, and aligned against its own,
    // Chromium leaves it out. A card's one line lines up with the card (the cell's alignWithParent).
    [`not all and ${COMPACT_MEDIA_QUERY}`]: { selectors: { ':dir(ltr) > &, :dir(rtl) > &': { textAlign: 'start' } } },
    [COMPACT_MEDIA_QUERY]: { display: 'inline-block', WebkitLineClamp: 'none', whiteSpace: 'inherit' },
  },
});

export const ticker = style({
  fontWeight: vars.fontWeight.semibold,
});

export const price = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['1'],
  maxWidth: '100%',
});

/** The number itself: a price too long for its cell is cut at its end, never at its leading digits. */
export const priceValue = style([
  grid.numeric,
  { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
]);

export const priceWarning = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.warning,
});

export const chartLink = style([grid.link, { display: 'inline-block', fontSize: vars.fontSize.sm }]);

/** The "How to fix" link after a reason in the details. */
export const helpLink = style([grid.link, { fontSize: vars.fontSize.sm }]);

/**
 * The status badge with a rejection's reason (or an outcome) flowing after it and on under it: three lines of
 * the row or of a phone card, so a reversal's outcome wraps whole onto the third rather than losing the side now
 * held; a longer one is cut at the end of the last (whole in its tooltip and in the details).
 */
export const status = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 3,
  minWidth: 0,
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
});

/** A signal's time on the zone's clock over how long ago; side by side on a card's one line. */
export const timeStack = style({
  display: 'inline-flex',
  flexDirection: 'column',
  maxWidth: '100%',
  lineHeight: vars.lineHeight.tight,
  verticalAlign: 'middle',
  '@media': {
    [COMPACT_MEDIA_QUERY]: { flexDirection: 'row', alignItems: 'baseline', gap: vars.space['2'] },
  },
});

export const timeAgo = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  '@media': {
    // On a card squeezed by a long quantity, "how long ago" gives way (cut with an ellipsis), never the clock.
    [COMPACT_MEDIA_QUERY]: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  },
});

export const statusBadge = style({
  verticalAlign: 'middle',
  marginInlineEnd: vars.space['2'],
});

export const reason = style({
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

export const rawProblem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
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

/** Detail content stays in view at the scroller's left edge when the table is wider than it. */
export const detailContent = style({
  position: 'sticky',
  insetInlineStart: vars.space['4'],
  maxWidth: `calc(${viewportWidth} - 2 * ${vars.space['4']})`,
  boxSizing: 'border-box',
});
