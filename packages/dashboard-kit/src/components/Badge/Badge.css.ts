import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/**
 * A tint of the tone's colour behind text in that colour moved a fifth of the way to the theme's
 * foreground: darker in the light theme, lighter in the dark one. The pure tone on its own tint
 * falls short of WCAG AA for small text in the light theme (warning 4.35:1, info 4.13:1); moved,
 * every tone reads at 4.9:1 or more in both themes, on the page, a card or a muted row.
 */
const tone = (color: string) => ({
  background: `color-mix(in srgb, ${color} 16%, transparent)`,
  color: `color-mix(in srgb, ${color} 80%, ${vars.color.foreground})`,
});

export const badge = recipe({
  base: {
    boxSizing: 'border-box',
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    maxWidth: '100%',
    paddingBlock: '0.125rem',
    paddingInline: vars.space['2'],
    border: '1px solid transparent',
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  variants: {
    variant: {
      neutral: { background: vars.color.muted, color: vars.color.foreground },
      success: tone(vars.color.success),
      danger: tone(vars.color.danger),
      warning: tone(vars.color.warning),
      info: tone(vars.color.ring),
      outline: { borderColor: vars.color.border, color: vars.color.foreground },
    },
  },
  defaultVariants: { variant: 'neutral' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;
