import { keyframes, style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

/*
 * The twin of index.html's loading shell (public/boot.css, which cannot use the kit's tokens): the same grid,
 * gap, font, spinner and colours, so React's taking over from it moves nothing on screen.
 */

export const loading = style({
  display: 'grid',
  minHeight: '100vh',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space['3'],
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: 24,
  height: 24,
  boxSizing: 'border-box',
  border: '3px solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: '50%',
  opacity: 0.6,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const text = style({
  color: vars.color.mutedForeground,
});
