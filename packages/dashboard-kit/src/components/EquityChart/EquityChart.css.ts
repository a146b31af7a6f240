import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';

/** The range presets: a segmented control. */
export const presets = style({
  display: 'inline-flex',
  marginInlineStart: 'auto',
  padding: '2px',
  gap: '2px',
  borderRadius: vars.radius.md,
  background: vars.color.muted,
});

export const preset = style([
  focusRing,
  {
    minWidth: '2.25rem',
    padding: `2px ${vars.space['2']}`,
    border: 0,
    borderRadius: vars.radius.sm,
    background: 'transparent',
    color: vars.color.mutedForeground,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    cursor: 'pointer',
    selectors: {
      '&:hover': { color: vars.color.foreground },
      '&[data-state="on"]': {
        background: vars.color.surface,
        color: vars.color.foreground,
        boxShadow: vars.shadow.sm,
      },
    },
  },
]);

export const legend = style({
  padding: `0 ${vars.space['3']} ${vars.space['1']}`,
  fontSize: vars.fontSize.xs,
});

export const legendValue = style({
  color: vars.color.foreground,
});

export const surface = style({
  // Only the crosshair follows a horizontal drag; vertical swipes still scroll the page.
  touchAction: 'pan-y',
});

export const crosshairLine = style({
  top: 0,
});

/** The crosshair's dot on each curve, centred on its point. */
export const dot = style({
  position: 'absolute',
  top: '-4px',
  left: '-4px',
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.surface}`,
  boxSizing: 'content-box',
  marginTop: '-2px',
  marginLeft: '-2px',
  background: vars.color.up,
  willChange: 'transform',
  selectors: {
    '&[data-series="drawdown"]': { background: vars.color.down },
  },
});
