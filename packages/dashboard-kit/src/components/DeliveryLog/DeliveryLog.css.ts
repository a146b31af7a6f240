import { style } from '@vanilla-extract/css';
import * as grid from '../../table/table.css';
import { vars } from '../../theme/contract.css';

export const root = style([grid.plainRoot]);

export const table = style([grid.plainTable]);

export const headerCell = style([grid.plainHeaderCell]);

export const cell = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
  selectors: {
    'tr:last-child > &': { borderBottom: 0 },
  },
});

/** The message and the result may be long: they wrap rather than widen the table. */
export const wrapCell = style([cell, { whiteSpace: 'normal', minWidth: '10rem', overflowWrap: 'anywhere' }]);

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
