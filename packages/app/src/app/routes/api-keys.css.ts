import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const stack = style({
  display: 'grid',
  gap: vars.space['3'],
  justifyItems: 'start',
});

export const confirm = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
});

export const warning = style({ margin: 0 });

export const actions = style({
  display: 'flex',
  gap: vars.space['2'],
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
});
