import { style } from '@vanilla-extract/css';

export const chart = style({
  flex: 1,
  minHeight: '24rem',
  minWidth: 0,
});
