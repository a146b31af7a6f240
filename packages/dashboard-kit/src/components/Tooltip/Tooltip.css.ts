import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const appear = keyframes({ from: { opacity: 0, transform: 'scale(0.96)' } });
const disappear = keyframes({ to: { opacity: 0, transform: 'scale(0.96)' } });

export const content = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: 'var(--radix-tooltip-content-available-width)',
  paddingBlock: vars.space['1'],
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'break-word',
  transformOrigin: 'var(--radix-tooltip-content-transform-origin)',
  '@media': {
    // Motion only for people who have not asked the system to reduce it.
    '(prefers-reduced-motion: no-preference)': {
      selectors: {
        '&[data-state="delayed-open"], &[data-state="instant-open"]': {
          animation: `${appear} ${vars.duration.fast} ease-out`,
        },
        '&[data-state="closed"]': {
          animation: `${disappear} ${vars.duration.fast} ease-in`,
        },
      },
    },
  },
});
