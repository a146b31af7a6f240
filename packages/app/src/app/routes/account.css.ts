import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const sections = style({
  display: 'grid',
  gap: vars.space['6'],
  maxWidth: '48rem',
});

export const form = style({
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'start',
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
});

export const success = style({
  margin: 0,
  color: vars.color.success,
});

export const sessionList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
  width: '100%',
});

export const session = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const sessionName = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.medium,
});

export const sessionDetails = style({
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const danger = style({
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  width: '100%',
});
