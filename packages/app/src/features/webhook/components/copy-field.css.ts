import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

export const row = style({
  width: '100%',
  // In a grid cell: as narrow as its cell, so a long template line scrolls in its box, not the page.
  minWidth: 0,
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'stretch',
  flexWrap: 'wrap',
});

export const value = style({
  flex: '1 1 16rem',
  minWidth: 0,
  fontFamily: vars.font.mono,
});

/**
 * A JSON template: each line stays whole (a line break inside a string would be copied by eye as one),
 * and a line wider than its box scrolls inside it, never the page.
 */
export const pre = style({
  flex: '1 1 100%',
  minWidth: 0,
  maxWidth: '100%',
  overflowX: 'auto',
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.muted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '2px' } },
});

export const status = style({
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  alignSelf: 'center',
});
