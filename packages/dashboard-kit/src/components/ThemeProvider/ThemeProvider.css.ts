import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** A subtree drawn in one theme: its own page colours, so it reads as that theme wherever it sits. */
export const scope = style({
  background: vars.color.background,
  color: vars.color.foreground,
});
