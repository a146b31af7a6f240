import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

/** A label, its input and what is said beneath it, stacked. */
export const field = style({
  display: 'grid',
  gap: vars.space['2'],
  width: '100%',
  maxWidth: '28rem',
});

export const fieldError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const hint = style({
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
});

export const formError = style({
  margin: 0,
  color: vars.color.danger,
});

export const formSuccess = style({
  margin: 0,
  color: vars.color.success,
});
