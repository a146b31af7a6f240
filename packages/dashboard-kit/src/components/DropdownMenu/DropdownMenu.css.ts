import { createVar, fallbackVar, keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';

/** The menu slides in from the side of the trigger it opens on. */
const enterX = createVar();
const enterY = createVar();

const enter = keyframes({
  from: {
    opacity: 0,
    transform: `translate(${fallbackVar(enterX, '0px')}, ${fallbackVar(enterY, '0px')}) scale(0.97)`,
  },
  to: { opacity: 1, transform: 'translate(0, 0) scale(1)' },
});

export const trigger = style([focusRing]);

export const content = style({
  boxSizing: 'border-box',
  zIndex: vars.zIndex.popover,
  minWidth: '8rem',
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowX: 'hidden',
  overflowY: 'auto',
  padding: vars.space['1'],
  background: vars.color.surface,
  color: vars.color.surfaceForeground,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  transformOrigin: 'var(--radix-dropdown-menu-content-transform-origin)',
  selectors: {
    '&[data-state="open"]': { animation: `${enter} ${vars.duration.fast} ease-out` },
    '&[data-side="bottom"]': { vars: { [enterY]: '-4px' } },
    '&[data-side="top"]': { vars: { [enterY]: '4px' } },
    '&[data-side="right"]': { vars: { [enterX]: '-4px' } },
    '&[data-side="left"]': { vars: { [enterX]: '4px' } },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      selectors: { '&[data-state="open"]': { animation: 'none' } },
    },
  },
});

export const item = recipe({
  base: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['2'],
    minHeight: vars.size.controlSm,
    paddingBlock: vars.space['1'],
    paddingInline: vars.space['2'],
    borderRadius: vars.radius.sm,
    outline: 'none',
    cursor: 'default',
    userSelect: 'none',
    selectors: {
      '&[data-highlighted]': {
        background: vars.color.accent,
        color: vars.color.accentForeground,
      },
      '&[data-disabled]': {
        opacity: 0.5,
        pointerEvents: 'none',
      },
    },
  },
  variants: {
    variant: {
      default: {},
      danger: {
        color: vars.color.danger,
        selectors: {
          '&[data-highlighted]': {
            background: `color-mix(in srgb, ${vars.color.danger} 14%, transparent)`,
            color: vars.color.danger,
          },
        },
      },
    },
    indicator: {
      none: {},
      leading: { paddingInlineStart: vars.space['8'] },
    },
  },
  defaultVariants: { variant: 'default', indicator: 'none' },
});

export type DropdownMenuItemVariants = NonNullable<RecipeVariants<typeof item>>;

export const indicator = style({
  position: 'absolute',
  insetInlineStart: vars.space['2'],
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1rem',
  height: '1rem',
});

export const label = style({
  paddingBlock: vars.space['1'],
  paddingInline: vars.space['2'],
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const separator = style({
  height: '1px',
  marginBlock: vars.space['1'],
  marginInline: `calc(-1 * ${vars.space['1']})`,
  background: vars.color.border,
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
});

export const shortcut = style({
  marginInlineStart: 'auto',
  paddingInlineStart: vars.space['4'],
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.08em',
});
