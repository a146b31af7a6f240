import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
});

export const summary = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  borderRadius: vars.radius.sm,
  ':focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: 2 },
});

export const body = style({ display: 'grid', gap: vars.space['3'], paddingBlockStart: vars.space['3'], minWidth: 0 });

export const line = style({ margin: 0, overflowWrap: 'anywhere' });

export const warning = style({
  margin: 0,
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.warning}`,
});

export const table = style({
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  paddingBlock: vars.space['1'],
  paddingInlineEnd: vars.space['4'],
});

export const caption = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  paddingBlockEnd: vars.space['1'],
});

export const form = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'flex-end' });

export const field = style({ display: 'grid', gap: vars.space['1'] });

export const input = style({ maxWidth: '10rem' });

export const hint = style({ margin: 0, color: vars.color.mutedForeground, fontSize: vars.fontSize.xs });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
