import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const avatar = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    flexShrink: 0,
    overflow: 'hidden',
    verticalAlign: 'middle',
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: vars.space['6'], height: vars.space['6'], fontSize: vars.fontSize.xs },
      md: { width: vars.size.controlSm, height: vars.size.controlSm, fontSize: vars.fontSize.xs },
      lg: { width: vars.space['12'], height: vars.space['12'], fontSize: vars.fontSize.md },
    },
    shape: {
      circle: { borderRadius: vars.radius.full },
      square: { borderRadius: vars.radius.lg },
    },
  },
  defaultVariants: { size: 'md', shape: 'circle' },
});

export type AvatarVariants = NonNullable<RecipeVariants<typeof avatar>>;

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const fallback = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  background: vars.color.muted,
  color: vars.color.mutedForeground,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1,
  letterSpacing: '0.02em',
});
