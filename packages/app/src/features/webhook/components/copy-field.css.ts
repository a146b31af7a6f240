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

/**
 * A URL in a read-only box that looks like the kit's Input but wraps: on a phone the whole URL shows, its host at
 * the start and the mask (or the token) at the end, instead of being cut at the box's right edge. It grows to its
 * lines (`field-sizing`, or SecretUrlField's fallback); one line where it fits.
 */
export const value = style({
  flex: '1 1 16rem',
  minWidth: 0,
  boxSizing: 'border-box',
  minHeight: vars.size.control,
  margin: 0,
  paddingBlock: `calc((${vars.size.control} - 2px - ${vars.fontSize.sm} * ${vars.lineHeight.normal}) / 2)`,
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.input}`,
  borderRadius: vars.radius.md,
  background: vars.color.muted,
  color: vars.color.foreground,
  boxShadow: vars.shadow.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  fieldSizing: 'content',
  resize: 'none',
  overflow: 'hidden',
  // Lines full to the edge: a token breaks where the line ends, not at a hyphen in it, which reads as part of it.
  wordBreak: 'break-all',
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      borderColor: vars.color.ring,
      boxShadow: `0 0 0 2px ${vars.color.highlight}`,
      outline: `2px solid ${vars.color.ring}`,
      outlineOffset: '1px',
    },
  },
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
