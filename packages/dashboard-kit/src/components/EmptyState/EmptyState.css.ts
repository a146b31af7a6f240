import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  padding: vars.space['8'],
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.foreground,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

export const icon = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: vars.space['10'],
    height: vars.space['10'],
    marginBottom: vars.space['2'],
    borderRadius: vars.radius.full,
  },
  variants: {
    tone: {
      neutral: { background: vars.color.muted, color: vars.color.mutedForeground },
      danger: {
        background: `color-mix(in srgb, ${vars.color.danger} 16%, transparent)`,
        color: vars.color.danger,
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type EmptyStateVariants = NonNullable<RecipeVariants<typeof icon>>;

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const description = style({
  maxWidth: '36rem',
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
});

export const action = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
});
