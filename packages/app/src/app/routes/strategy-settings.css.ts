import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const page = style({ display: 'grid', gap: vars.space['4'] });

export const stack = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space['3'] });

export const createRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'flex-end',
});

export const grid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  border: 0,
  margin: 0,
  padding: 0,
});

export const field = style({ display: 'grid', gap: vars.space['1'], alignContent: 'start', minWidth: 0 });

export const check = style({ display: 'flex', gap: vars.space['2'], alignItems: 'center' });

export const hint = style({ margin: 0, color: vars.color.mutedForeground, fontSize: vars.fontSize.xs });

/** Says where a strategy just created went (below the others); empty, it takes no room. */
export const created = style({
  margin: 0,
  maxWidth: '24rem',
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
  selectors: { '&:not(:empty)': { marginTop: vars.space['2'] } },
});

/** A card's heading takes the focus when its strategy was just created (see StrategyCard). */
export const cardHeading = style({
  // Brought into view below the sticky header, with the card's own top edge showing above it.
  scrollMarginTop: `calc(${vars.size.headerHeight} + ${vars.space['8']})`,
  selectors: {
    '&:focus': { outline: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '2px', borderRadius: vars.radius.sm },
  },
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const confirm = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
});

export const legend = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm, padding: 0 });

export const success = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.sm });
