import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const input = style({
  boxSizing: 'border-box',
  display: 'block',
  width: '100%',
  minWidth: 0,
  height: vars.size.control,
  margin: 0,
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.input}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  boxShadow: vars.shadow.sm,
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.duration.fast,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.mutedForeground, opacity: 1 },
    '&:focus-visible': {
      borderColor: vars.color.ring,
      boxShadow: `0 0 0 2px ${vars.color.highlight}`,
      outline: `2px solid ${vars.color.ring}`,
      outlineOffset: '1px',
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus-visible': { outlineColor: vars.color.danger },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    '&[readonly]': { background: vars.color.muted },
  },
});
