import { style } from '@vanilla-extract/css';
import { vars } from 'dashboard-kit/tokens';

/** A native `<select>` dressed like the kit's Input: the browser keeps its keyboard and screen-reader behaviour. */
export const select = style({
  boxSizing: 'border-box',
  height: vars.size.control,
  minWidth: '10rem',
  // A strategy's name can be 64 characters: the select stays a filter's width, not the name's.
  maxWidth: 'min(100%, 18rem)',
  textOverflow: 'ellipsis',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.input}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.ring}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const field = style({
  display: 'grid',
  // The select's own cap (min(100%, 18rem)) is a percentage, which sizing a row of filters ignores: the longest
  // option (a 64-character strategy name) widened the field to 500 px and wrapped the row. The column holds it.
  gridTemplateColumns: 'fit-content(18rem)',
  gap: vars.space['1'],
  fontSize: vars.fontSize.sm,
});
