import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  maxWidth: '48rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  minWidth: 0,
});

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
  selectors: {
    '&:last-child': { borderBottom: 0 },
  },
});

export const dot = style({
  flexShrink: 0,
  width: '0.5rem',
  height: '0.5rem',
  marginTop: '0.45rem',
  borderRadius: '50%',
  background: vars.color.primary,
});

export const noDot = style([dot, { background: 'transparent' }]);

export const text = style({
  flex: '1 1 auto',
  display: 'grid',
  gap: '2px',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const unreadTitle = style({
  fontWeight: vars.fontWeight.semibold,
});

export const link = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '2px' },
  },
});

export const body = style({
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-line',
});

export const time = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
});

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
  maxWidth: '48rem',
});
