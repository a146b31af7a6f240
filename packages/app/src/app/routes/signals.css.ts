import { style } from '@vanilla-extract/css';

export const table = style({
  flex: 1,
  minHeight: '24rem',
  height: 'calc(100dvh - 12rem)',
});
