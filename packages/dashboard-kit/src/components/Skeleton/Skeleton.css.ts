import { keyframes } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

const pulse = keyframes({
  '50%': { opacity: 0.5 },
});

export const skeleton = recipe({
  base: {
    display: 'block',
    background: vars.color.muted,
    animation: `${pulse} 1.6s ease-in-out infinite`,
    '@media': {
      '(prefers-reduced-motion: reduce)': { animation: 'none' },
    },
  },
  variants: {
    shape: {
      block: { width: '100%', height: vars.space['4'], borderRadius: vars.radius.md },
      text: { width: '100%', height: '0.875em', borderRadius: vars.radius.sm },
      circle: { width: vars.size.controlSm, height: vars.size.controlSm, borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'block' },
});

export type SkeletonVariants = NonNullable<RecipeVariants<typeof skeleton>>;
