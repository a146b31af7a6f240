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
  // As wide as its figures: the panel is a grid that would stretch it, columns far apart.
  justifySelf: 'start',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  paddingBlock: vars.space['1'],
  paddingInlineEnd: vars.space['4'],
});

// Counts line up by their last digit, under their column's heading.
globalStyle(`${table} td, ${table} thead th:not(:first-child)`, { textAlign: 'end' });

export const caption = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  paddingBlockEnd: vars.space['1'],
});

// The button sits beside the input (not beside its hint), and under it when the row is too narrow.
export const form = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto 1fr',
  columnGap: vars.space['2'],
  rowGap: vars.space['1'],
  alignItems: 'center',
  justifyItems: 'start',
});

export const label = style({ gridColumn: '1 / -1' });

export const wide = style({ gridColumn: '1 / -1' });

export const input = style({ maxWidth: '10rem' });

export const hint = style({ margin: 0, color: vars.color.mutedForeground, fontSize: vars.fontSize.xs });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
