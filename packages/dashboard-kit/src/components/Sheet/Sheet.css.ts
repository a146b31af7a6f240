import { createVar, fallbackVar, keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/**
 * The width of a left or right sheet. Components that open their own sheet (the mobile sidebar)
 * set it instead of overriding `width`, so no rule depends on stylesheet order.
 */
export const sheetWidth = createVar();

/** Where the sheet slides in from and out to, set per side. */
const offscreen = createVar();

const slideIn = keyframes({ from: { transform: offscreen } });
const slideOut = keyframes({ to: { transform: offscreen } });
const fadeIn = keyframes({ from: { opacity: 0 } });
const fadeOut = keyframes({ to: { opacity: 0 } });

// Motion only for people who have not asked the system to reduce it.
const motionAllowed = '(prefers-reduced-motion: no-preference)';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
  '@media': {
    [motionAllowed]: {
      selectors: {
        '&[data-state="open"]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` },
        '&[data-state="closed"]': { animation: `${fadeOut} ${vars.duration.normal} ease-in` },
      },
    },
  },
});

const sideBorder = `1px solid ${vars.color.border}`;

export const content = recipe({
  base: {
    position: 'fixed',
    zIndex: vars.zIndex.overlay,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space['4'],
    boxSizing: 'border-box',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    background: vars.color.surface,
    color: vars.color.surfaceForeground,
    boxShadow: vars.shadow.lg,
    fontFamily: vars.font.body,
    outline: 'none',
    '@media': {
      [motionAllowed]: {
        selectors: {
          '&[data-state="open"]': { animation: `${slideIn} ${vars.duration.normal} ease-out` },
          '&[data-state="closed"]': { animation: `${slideOut} ${vars.duration.normal} ease-in` },
        },
      },
    },
  },
  variants: {
    side: {
      left: {
        vars: { [offscreen]: 'translateX(-100%)' },
        insetBlock: 0,
        left: 0,
        width: fallbackVar(sheetWidth, 'min(75%, 24rem)'),
        maxWidth: '100%',
        borderRight: sideBorder,
      },
      right: {
        vars: { [offscreen]: 'translateX(100%)' },
        insetBlock: 0,
        right: 0,
        width: fallbackVar(sheetWidth, 'min(75%, 24rem)'),
        maxWidth: '100%',
        borderLeft: sideBorder,
      },
      top: {
        vars: { [offscreen]: 'translateY(-100%)' },
        insetInline: 0,
        top: 0,
        maxHeight: '100%',
        borderBottom: sideBorder,
      },
      bottom: {
        vars: { [offscreen]: 'translateY(100%)' },
        insetInline: 0,
        bottom: 0,
        maxHeight: '100%',
        borderTop: sideBorder,
      },
    },
  },
  defaultVariants: { side: 'right' },
});

export type SheetContentVariants = NonNullable<RecipeVariants<typeof content>>;

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  padding: vars.space['4'],
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const description = style({
  margin: 0,
  color: vars.color.mutedForeground,
  fontSize: vars.fontSize.sm,
});
