import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const sections = style({
  display: 'grid',
  gap: vars.space['6'],
  maxWidth: '56rem',
  minWidth: 0,
});

export const channelList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  minWidth: 0,
});

export const form = style({
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'start',
  minWidth: 0,
});

export const fieldset = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['2'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const checks = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: vars.space['2'],
});

export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});

export const checkbox = style({
  width: '1rem',
  height: '1rem',
  accentColor: vars.color.primary,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '2px' },
  },
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
});

export const success = style({
  margin: 0,
  color: vars.color.success,
});

export const howTo = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
  display: 'grid',
  gap: vars.space['1'],
});

/** The new channel's signing secret, inside its card, set off from the details above it. */
export const secret = style({
  marginBlock: vars.space['3'],
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  background: vars.color.muted,
  minWidth: 0,
});

export const secretValue = style({
  margin: 0,
  padding: vars.space['2'],
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const panel = style({
  display: 'grid',
  gap: vars.space['2'],
  minWidth: 0,
});

/** Block layout: empty live regions take no room; what shows is spaced by its own margin. */
export const below = style({
  display: 'block',
  minWidth: 0,
});

globalStyle(`${below} > * + *:not(:empty)`, { marginTop: vars.space['2'] });

export const secretTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});
