import { style } from '@vanilla-extract/css';

/** Icons sit inline with text, never shrink in a flex row, and take the text colour. */
export const icon = style({
  display: 'inline-block',
  flexShrink: 0,
  verticalAlign: 'middle',
});
