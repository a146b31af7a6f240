import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['4'],
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const themes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))',
  gap: vars.space['4'],
});

export const themePane = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const caption = style({
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const phone = style({
  width: '375px',
  maxWidth: '100%',
  minHeight: '20rem',
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

/**
 * Stands in for the browser window: the transform makes it the containing block of `position:
 * fixed` descendants, so a sidebar fixed to the window's edges sits inside the frame. Its height
 * keeps the frame's bottom (the sidebar's footer and user menu) clear of Ladle's toolbar.
 */
export const windowFrame = style({
  position: 'relative',
  transform: 'translateZ(0)',
  height: 'calc(100vh - 7rem)',
  minHeight: '28rem',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
