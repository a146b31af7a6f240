import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: vars.space['1'],
  listStyle: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.muted,
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minWidth: '2.75rem',
  justifyContent: 'center',
  height: vars.size.controlSm,
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.mutedForeground,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.foreground },
    '&[aria-current="page"]': {
      background: vars.color.background,
      color: vars.color.foreground,
      boxShadow: vars.shadow.sm,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '1px' },
  },
});
