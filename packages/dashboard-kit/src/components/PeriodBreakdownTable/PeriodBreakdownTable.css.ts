import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { MOBILE_MEDIA_QUERY } from '../../theme/tokens';

const toneColour = (color: string) => `color-mix(in srgb, ${color} 80%, ${vars.color.foreground})`;

export const root = style({
  minWidth: 0,
  maxWidth: '100%',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  '@media': { [MOBILE_MEDIA_QUERY]: { fontSize: vars.fontSize.xs } },
});

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
});

export const totalRow = style({
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.muted,
});

const cellBase = {
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  selectors: { [`${totalRow} > &`]: { borderBottom: 0 } },
  '@media': { [MOBILE_MEDIA_QUERY]: { paddingInline: vars.space['2'] } },
} as const;

export const headerCell = style({
  ...cellBase,
  height: '2.5rem',
  paddingBlock: 0,
  background: vars.color.muted,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

export const cell = style({
  ...cellBase,
  fontVariantNumeric: 'tabular-nums',
});

export const keyCell = style({
  ...cellBase,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  maxWidth: '16rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  unicodeBidi: 'isolate',
});

/** Wins, losses and draws give way on phones: the win rate and trade count say enough there. */
export const detailColumn = style({
  '@media': { [MOBILE_MEDIA_QUERY]: { display: 'none' } },
});

export const align = styleVariants({
  start: { textAlign: 'start' },
  end: { textAlign: 'end' },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.foreground },
    '&[data-sorted]': { color: vars.color.foreground },
  },
});

export const sortIcon = style({
  opacity: 0.5,
  selectors: { '[data-sorted] > &': { opacity: 1 } },
});

export const tone = styleVariants({
  positive: { color: toneColour(vars.color.up) },
  negative: { color: toneColour(vars.color.down) },
  neutral: {},
});

export const stateCell = style({
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  whiteSpace: 'normal',
});

export const skeleton = style({ maxWidth: '5rem', marginInlineStart: 'auto' });
