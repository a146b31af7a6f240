import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

/*
 * How far the card's content sits from its edges: less on a phone, where cards share a narrow column with
 * charts and tables whose own frames are tighter, so a card does not look like a box inside a box.
 */
const inset = vars.space['6'];
const phoneInset = vars.space['4'];

/** The card's parts keep to its inset at the sides. */
const insetInline = style({
  paddingInline: inset,
  '@media': { [MOBILE_MEDIA_QUERY]: { paddingInline: phoneInset } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minWidth: 0,
  paddingBlock: inset,
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  '@media': { [MOBILE_MEDIA_QUERY]: { paddingBlock: phoneInset } },
});

export const header = style([
  insetInline,
  {
    display: 'grid',
    gap: vars.space['1'],
  },
]);

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

export const content = style([insetInline]);

export const footer = style([
  insetInline,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space['2'],
  },
]);
