import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/** A tinted background in the tone's own colour, so the text keeps its contrast in both themes. */
const tone = (color: string) => ({
  background: `color-mix(in srgb, ${color} 16%, transparent)`,
  color,
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
