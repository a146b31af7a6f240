import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';

export const breadcrumb = style({
  minWidth: 0,
});

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minWidth: 0,
});

export const link = style([
  focusRing,
  {
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: vars.radius.sm,
    transitionProperty: 'color',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&:hover': { color: vars.color.foreground },
    },
  },
]);

export const page = style({
  color: vars.color.foreground,
  fontWeight: vars.fontWeight.medium,
});

export const separator = style({
  display: 'inline-flex',
  alignItems: 'center',
});
