import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';

/** Mixes a theme colour with transparency, for hover and pressed tints that follow the theme. */
const tint = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;

export const button = recipe({
  base: [
    focusRing,
    {
      boxSizing: 'border-box',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: vars.space['2'],
      flexShrink: 0,
      margin: 0,
      border: '1px solid transparent',
      borderRadius: vars.radius.md,
      fontFamily: vars.font.body,
      fontSize: vars.fontSize.sm,
      fontWeight: vars.fontWeight.medium,
      lineHeight: vars.lineHeight.tight,
      whiteSpace: 'nowrap',
      textDecoration: 'none',
      cursor: 'pointer',
      userSelect: 'none',
      transitionProperty: 'background-color, border-color, color, opacity',
      transitionDuration: vars.duration.fast,
      selectors: {
        '&:disabled, &[aria-disabled="true"]': {
          cursor: 'not-allowed',
          opacity: 0.5,
        },
        '&[aria-busy="true"]': {
          cursor: 'progress',
        },
      },
    },
  ],
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.primaryForeground,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: tint(vars.color.primary, 88) },
        },
      },
      secondary: {
        background: vars.color.accent,
        color: vars.color.accentForeground,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: tint(vars.color.accent, 80) },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.foreground,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            background: vars.color.accent,
            color: vars.color.accentForeground,
          },
        },
      },
      outline: {
        background: 'transparent',
        color: vars.color.foreground,
        borderColor: vars.color.input,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': {
            background: vars.color.accent,
            color: vars.color.accentForeground,
          },
        },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.dangerForeground,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: tint(vars.color.danger, 88) },
        },
      },
    },
    size: {
      sm: {
        height: vars.size.controlSm,
        paddingInline: vars.space['3'],
        fontSize: vars.fontSize.xs,
      },
      md: {
        height: vars.size.control,
        paddingInline: vars.space['4'],
      },
      icon: {
        width: vars.size.control,
        height: vars.size.control,
        padding: 0,
      },
    },
  },
  defaultVariants: {
    variant: 'primary',
    size: 'md',
  },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

const spin = keyframes({
  to: { transform: 'rotate(360deg)' },
});

export const spinner = style({
  animation: `${spin} 0.8s linear infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
  },
});
