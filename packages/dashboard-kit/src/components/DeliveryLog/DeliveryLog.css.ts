import { globalStyle, style } from '@vanilla-extract/css';
import * as grid from '../../table/table.css';
import { vars } from '../../theme/contract.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

export const root = style([grid.plainRoot]);

/** On a phone the table is a list of cards: each row a block, each cell a labelled line. */
export const table = style([grid.plainTable, { '@media': { [MOBILE_MEDIA_QUERY]: { display: 'block' } } }]);

globalStyle(`${table} > tbody`, { '@media': { [MOBILE_MEDIA_QUERY]: { display: 'block' } } });
globalStyle(`${table} > tbody > tr`, {
  '@media': { [MOBILE_MEDIA_QUERY]: { display: 'block', paddingBlock: vars.space['1'] } },
});
globalStyle(`${table} > tbody > tr:not(:last-child)`, {
  '@media': { [MOBILE_MEDIA_QUERY]: { borderBottom: `1px solid ${vars.color.border}` } },
});
// The column names stay for screen readers; each card line says its own.
globalStyle(`${table} > thead`, {
  '@media': {
    [MOBILE_MEDIA_QUERY]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const headerCell = style([grid.plainHeaderCell]);

export const cell = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
  selectors: {
    'tr:last-child > &': { borderBottom: 0 },
    // The stacked card's line: its column's name, then the value.
    '&[data-label]::before': {
      '@media': {
        [MOBILE_MEDIA_QUERY]: {
          content: 'attr(data-label)',
          color: vars.color.mutedForeground,
          fontSize: vars.fontSize.xs,
          fontWeight: vars.fontWeight.medium,
        },
      },
    },
  },
  '@media': {
    [MOBILE_MEDIA_QUERY]: {
      display: 'grid',
      gridTemplateColumns: '8.5rem minmax(0, 1fr)',
      columnGap: vars.space['2'],
      alignItems: 'baseline',
      padding: `${vars.space['1']} ${vars.space['3']}`,
      borderBottom: 0,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      textAlign: 'start',
    },
  },
});

/** The message and the result may be long: they wrap rather than widen the table. */
export const wrapCell = style([cell, { whiteSpace: 'normal', minWidth: '8rem', overflowWrap: 'anywhere' }]);

export const numeric = style([cell, grid.numeric, { textAlign: 'end' }]);

export const muted = style({
  color: vars.color.mutedForeground,
});

export const stateCell = style([grid.stateCell]);

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space['2'],
  borderTop: `1px solid ${vars.color.border}`,
});
