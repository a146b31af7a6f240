import { style } from '@vanilla-extract/css';

/** The menu is never narrower than the words it holds. */
export const content = style({
  minWidth: '9rem',
});
