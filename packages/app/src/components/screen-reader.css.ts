import { style } from '@vanilla-extract/css';

/** Read by screen readers only: text that says in words what the screen shows by place or shape. */
export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});
