import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minWidth: 0,
  paddingBlock: vars.space['6'],
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const header = style({
  display: 'grid',
  gap: vars.space['1'],
  paddingInline: vars.space['6'],
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
});

export const content = style({
  paddingInline: vars.space['6'],
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  paddingInline: vars.space['6'],
});
