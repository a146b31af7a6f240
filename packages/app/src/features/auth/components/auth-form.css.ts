import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const page = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['4'],
  background: vars.color.background,
});

export const panel = style({
  width: '100%',
  maxWidth: '24rem',
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  marginBottom: vars.space['6'],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.foreground,
});

export const form = style({
  display: 'grid',
  gap: vars.space['4'],
});

export const field = style({
  display: 'grid',
  gap: vars.space['2'],
});

export const fieldError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
});

export const formError = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const switchMode = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
});

/** A message above the form after a session ended on purpose ("Your account has been deleted."). */
export const notice = style({
  margin: `0 0 ${vars.space['4']}`,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.muted,
  color: vars.color.foreground,
});
