import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The bucket's count as a share of the fullest bucket's, 0 to 1. */
export const share = createVar();

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.foreground,
});

export const caption = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  paddingBlockEnd: vars.space['2'],
});

export const row = style({});

export const range = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.regular,
  color: vars.color.mutedForeground,
  whiteSpace: 'nowrap',
  paddingBlock: vars.space['1'],
  paddingInlineEnd: vars.space['3'],
  width: '1%',
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  paddingBlock: vars.space['1'],
});

export const bar = style({
  display: 'block',
  height: '0.75rem',
  minWidth: 2,
  width: `calc(${share} * (100% - 4rem))`,
  background: vars.color.primary,
  borderRadius: vars.radius.sm,
});

export const count = style({ fontVariantNumeric: 'tabular-nums' });

export const empty = style({ color: vars.color.mutedForeground, paddingBlock: vars.space['2'] });
