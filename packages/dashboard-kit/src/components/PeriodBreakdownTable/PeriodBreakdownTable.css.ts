import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import * as grid from '../../table/table.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

export const root = style([grid.plainRoot, { '@media': { [MOBILE_MEDIA_QUERY]: { fontSize: vars.fontSize.xs } } }]);

export const totalRow = style({
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.muted,
});

const cellBase = {
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  selectors: { [`${totalRow} > &`]: { borderBottom: 0 } },
  '@media': { [MOBILE_MEDIA_QUERY]: { paddingInline: vars.space['2'] } },
} as const;

export const headerCell = style([
  grid.plainHeaderCell,
  {
    paddingBlock: 0,
    '@media': { [MOBILE_MEDIA_QUERY]: { paddingInline: vars.space['2'] } },
  },
]);

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
});

/** Wins, losses and draws give way on phones: the win rate and trade count say enough there. */
export const detailColumn = style({
  '@media': { [MOBILE_MEDIA_QUERY]: { display: 'none' } },
});

export const stateCell = style({
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  whiteSpace: 'normal',
});

export const skeleton = style({ maxWidth: '5rem', marginInlineStart: 'auto' });
