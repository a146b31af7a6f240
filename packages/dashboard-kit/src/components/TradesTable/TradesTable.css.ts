import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import * as grid from '../../table/table.css';
import { CARD_LINE_PX, CARD_PADDING_PX, COLUMN_WIDTHS, COMPACT_MEDIA_QUERY } from './layout';

/** A card's height on phones, set by the table from the cells shown (the virtualiser uses the same). */
export const cardHeight = createVar();

export const column = styleVariants(COLUMN_WIDTHS, (size) => ('width' in size ? { width: size.width } : {}));

export const row = style([
  grid.row,
  {
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
    '@media': {
      [COMPACT_MEDIA_QUERY]: {
        selectors: {
          '&[data-card="end"]': { textAlign: 'end' },
          '&[data-card="wide"]': { gridColumn: '1 / -1', order: 1 },
        },
      },
    },
  },
]);

export const pair = style({ fontWeight: vars.fontWeight.semibold });

export const pnl = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  maxWidth: '100%',
  fontVariantNumeric: 'tabular-nums',
});

export const pnlPct = style({ fontSize: vars.fontSize.xs });

export const unrealised = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontStyle: 'italic',
});

export const links = style({
  display: 'inline-flex',
  gap: vars.space['3'],
});
