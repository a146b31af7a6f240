import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
  padding: vars.space['4'],
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  fontFamily: vars.font.body,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minWidth: 0,
});

export const label = style({
  margin: 0,
  minWidth: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const hintButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '1.5rem',
  height: '1.5rem',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.mutedForeground,
  cursor: 'help',
  selectors: {
    '&:hover': { background: vars.color.accent, color: vars.color.accentForeground },
  },
});

export const hintContent = style({
  maxWidth: '18rem',
  whiteSpace: 'normal',
});

/** Gains and losses keep the theme's text colour mixed in, so they read at AA on the card in both themes. */
const toneColour = (color: string) => `color-mix(in srgb, ${color} 80%, ${vars.color.foreground})`;

export const tone = styleVariants({
  positive: { color: toneColour(vars.color.up) },
  negative: { color: toneColour(vars.color.down) },
  neutral: { color: 'inherit' },
});

/*
 * A card is as tall loading as loaded: the value takes one line of its size, the footer two lines of
 * its own (empty when there is nothing beneath the value), and the skeletons sit in those same boxes.
 * On phones, two cards a line, the value is a step smaller.
 */
const valueSize = createVar();
const footerLines = 2;

export const valueSlot = style({
  vars: { [valueSize]: vars.fontSize['2xl'] },
  display: 'flex',
  alignItems: 'center',
  minHeight: `calc(${valueSize} * ${vars.lineHeight.tight})`,
  margin: 0,
  '@media': { [MOBILE_MEDIA_QUERY]: { vars: { [valueSize]: vars.fontSize.xl } } },
});

export const value = style([
  valueSlot,
  {
    gap: vars.space['1'],
    fontSize: valueSize,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
  },
]);

export const toneIcon = style({
  flexShrink: 0,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  alignContent: 'flex-start',
  columnGap: vars.space['2'],
  rowGap: 0,
  minHeight: `calc(${footerLines} * ${vars.fontSize.xs} * ${vars.lineHeight.normal})`,
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
});

export const delta = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.125rem',
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
});

export const valueSkeleton = style({
  width: '8rem',
  maxWidth: '100%',
  height: valueSize,
});

export const footerSkeleton = style({
  width: '5rem',
  marginBlock: `calc((${vars.fontSize.xs} * ${vars.lineHeight.normal} - 0.875em) / 2)`,
});

/** Cards fill columns at least 12rem wide; phones get two columns. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(12rem, 100%), 1fr))',
  gap: vars.space['4'],
  minWidth: 0,
  '@media': {
    [MOBILE_MEDIA_QUERY]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['3'] },
  },
});
