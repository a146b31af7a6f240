import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['3'],
});

export const price = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const change = styleVariants({
  up: { color: vars.color.up, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' },
  down: { color: vars.color.down, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' },
  flat: { color: vars.color.mutedForeground, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' },
});

export const caption = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
});
