import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import * as grid from '../../table/table.css';
import { COMPACT_MEDIA_QUERY } from '../../table/layout';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

export const root = style([grid.plainRoot, { '@media': { [MOBILE_MEDIA_QUERY]: { fontSize: vars.fontSize.xs } } }]);

/*
 * On a phone (below 40rem) each group reads as a small card: its name on a line of its own, across the table,
 * its trades, win rate, net P&L and profit factor under it in four columns, and its wins, losses and draws on
 * the line below, so nothing is cut at the table's right edge however long the name, and nothing the wider
 * table shows is left out. The header row has the same shape. Every row shares these columns (fractions of the
 * width, not of their content), so the figures of every group line up; the net P&L, the widest figure, has the
 * widest column.
 */
const PHONE_COLUMNS = 'minmax(0, 0.85fr) minmax(0, 1fr) minmax(0, 1.25fr) minmax(0, 0.9fr)';
const PHONE_AREAS = '"key key key key" "tradeCount winRate netPnl profitFactor" "wins losses draws ."';

export const table = style([grid.plainTable, { '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } } }]);

/** The header, the groups and the total: blocks around the rows on a phone. */
export const rowGroup = style({ '@media': { [COMPACT_MEDIA_QUERY]: { display: 'block' } } });

export const row = style({
  '@media': {
    [COMPACT_MEDIA_QUERY]: {
      display: 'grid',
      gridTemplateColumns: PHONE_COLUMNS,
      gridTemplateAreas: PHONE_AREAS,
      alignItems: 'baseline',
      paddingBlock: vars.space['1'],
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

/** The header row, tinted across the card's width on a phone as its cells are on wider screens. */
export const headerRow = style({
  '@media': { [COMPACT_MEDIA_QUERY]: { background: vars.color.muted } },
});

export const totalRow = style({
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.muted,
  '@media': { [COMPACT_MEDIA_QUERY]: { borderBottom: 0 } },
});

/** Where each cell sits on a phone's card. */
export const area = styleVariants(
  {
    key: 'key',
    tradeCount: 'tradeCount',
    winRate: 'winRate',
    netPnl: 'netPnl',
    profitFactor: 'profitFactor',
    wins: 'wins',
    losses: 'losses',
    draws: 'draws',
  },
  (name) => ({ '@media': { [COMPACT_MEDIA_QUERY]: { gridArea: name } } }),
);

const cellBase = {
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  selectors: { [`${totalRow} > &`]: { borderBottom: 0 } },
  '@media': {
    [MOBILE_MEDIA_QUERY]: { paddingInline: vars.space['2'] },
    // The row draws the rule under a card; a figure wider than its column (only an absurd one) is cut at its end.
    [COMPACT_MEDIA_QUERY]: {
      minWidth: 0,
      paddingBlock: vars.space['1'],
      borderBottom: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
  },
} as const;

export const headerCell = style([
  grid.plainHeaderCell,
  {
    paddingBlock: 0,
    '@media': {
      [MOBILE_MEDIA_QUERY]: { paddingInline: vars.space['2'] },
      // A label wider than its column ("Profit factor") goes on two lines rather than past the card's edge.
      [COMPACT_MEDIA_QUERY]: {
        height: 'auto',
        minWidth: 0,
        paddingBlock: vars.space['1'],
        borderBottom: 0,
        whiteSpace: 'normal',
        lineHeight: vars.lineHeight.tight,
      },
    },
  },
]);

/** A header's sort button: its label's lines keep to the column's side (a button centres them). */
export const sortButton = style({ textAlign: 'inherit' });

export const cell = style({
  ...cellBase,
  fontVariantNumeric: 'tabular-nums',
});

export const keyCell = style({
  ...cellBase,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  maxWidth: '16rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  unicodeBidi: 'isolate',
  '@media': {
    ...cellBase['@media'],
    // The whole width of the card: a long strategy name wraps there instead of being cut.
    [COMPACT_MEDIA_QUERY]: {
      ...cellBase['@media'][COMPACT_MEDIA_QUERY],
      maxWidth: 'none',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
  },
});

export const stateCell = style({
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  whiteSpace: 'normal',
  '@media': { [COMPACT_MEDIA_QUERY]: { gridColumn: '1 / -1' } },
});

export const skeleton = style({ maxWidth: '5rem', marginInlineStart: 'auto' });
