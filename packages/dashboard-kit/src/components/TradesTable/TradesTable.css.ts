import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import * as grid from '../../table/table.css';
import { CARD_LINE_PX, CARD_PADDING_PX, COLUMN_WIDTHS, COMPACT_MEDIA_QUERY, TRADE_ROW_HEIGHT_PX } from './layout';

/** A card's height on phones, set by the table from the cells shown (the virtualiser uses the same). */
export const cardHeight = createVar();

export const column = styleVariants(COLUMN_WIDTHS, (size) => ('width' in size ? { width: size.width } : {}));

export const row = style([
  grid.row,
  {
    height: TRADE_ROW_HEIGHT_PX,
    '@media': {
      // A card per trade: its short cells two to a line, then each long one (P&L, strategy, links) on its own.
      [COMPACT_MEDIA_QUERY]: {
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
        gridAutoRows: CARD_LINE_PX,
        height: cardHeight,
        padding: `${CARD_PADDING_PX / 2}px ${vars.space['3']}`,
      },
    },
  },
]);

export const cell = style([
  grid.cell,
  {
    height: TRADE_ROW_HEIGHT_PX,
    '@media': {
      [COMPACT_MEDIA_QUERY]: {
        height: 'auto',
        selectors: {
          // A value right-aligned in the table (the quantity) starts its half of the card like the others.
          '&[data-card="start"]': { textAlign: 'start' },
          '&[data-card="end"]': { textAlign: 'end' },
          '&[data-card="wide"]': { gridColumn: '1 / -1', order: 1 },
          // The column titles are off screen on a card: the entry and the exit, each a time and a price, say which.
          '&[data-column="opened"]::before': { content: '"In"', marginInlineEnd: vars.space['2'] },
          '&[data-column="closed"]::before': { content: '"Out"', marginInlineEnd: vars.space['2'] },
          // A name alone on its line could be taken for a comment: it says whose trade it is. The name (which cuts
          // itself, in its own direction) takes the room the label leaves.
          '&[data-column="strategy"]': { display: 'flex', alignItems: 'center', minWidth: 0 },
          '&[data-column="strategy"]::before': {
            content: '"Strategy"',
            marginInlineEnd: vars.space['2'],
            flexShrink: 0,
          },
          '&[data-column="opened"]::before, &[data-column="closed"]::before, &[data-column="strategy"]::before': {
            color: vars.color.mutedForeground,
            fontSize: vars.fontSize.xs,
          },
        },
      },
    },
  },
]);

export const pair = style({ fontWeight: vars.fontWeight.semibold });

/** Two lines in one cell: a value over a smaller one (a fill's time over its price). */
export const stack = style({
  display: 'inline-flex',
  flexDirection: 'column',
  maxWidth: '100%',
  lineHeight: 1.3,
  verticalAlign: 'middle',
  '@media': {
    // A card has one line per cell: the two values side by side.
    [COMPACT_MEDIA_QUERY]: { flexDirection: 'row', alignItems: 'baseline', gap: vars.space['2'] },
  },
});

export const secondary = style({ color: vars.color.mutedForeground, fontSize: vars.fontSize.xs });

export const pnl = style([
  stack,
  {
    alignItems: 'flex-end',
    fontVariantNumeric: 'tabular-nums',
    '@media': { [COMPACT_MEDIA_QUERY]: { alignItems: 'baseline' } },
  },
]);

/**
 * The percent, and an open trade's "unrealised": where the column is too narrow for both on one line (1280 px
 * beside the sidebar), the word goes on a third line of the 52 px row rather than being cut.
 */
export const pnlPct = style({
  fontSize: vars.fontSize.xs,
  maxWidth: '100%',
  // The row holds three lines only at the smaller size.
  lineHeight: 1.2,
  // The cell does not wrap; here the line may break, between the percent and the word only.
  whiteSpace: 'normal',
});

/** Cut at its end when the column is narrow (never spilling left over the fees, its sign lost). */
export const pnlPctValue = style({
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
});

export const unrealised = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontStyle: 'italic',
  whiteSpace: 'nowrap',
});

export const links = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
});

/** A link shown as its icon alone: a 28 px target, its label in the tooltip and the accessible name. */
export const iconLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.md,
  color: vars.color.foreground,
  selectors: { '&:hover': { background: vars.color.accent, color: vars.color.accentForeground } },
});
