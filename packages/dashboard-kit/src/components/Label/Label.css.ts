import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const label = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.foreground,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  userSelect: 'none',
});
