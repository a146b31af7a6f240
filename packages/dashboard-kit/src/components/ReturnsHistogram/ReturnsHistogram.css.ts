import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../../theme/focus.css';

export const bar = recipe({
  base: { stroke: 'none' },
  variants: {
    kind: {
      loss: { fill: vars.color.down },
      even: { fill: vars.color.mutedForeground },
      win: { fill: vars.color.up },
    },
  },
});

/** The hatch over loss bars: stripes of the surface colour, so a loss reads as one without its colour. */
export const hatch = style({
  stroke: vars.color.surface,
  strokeWidth: 2,
  strokeOpacity: 0.55,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.mutedForeground,
  fontVariantNumeric: 'tabular-nums',
});

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  whiteSpace: 'nowrap',
});

export const swatch = recipe({
  base: { width: '10px', height: '10px', borderRadius: '2px' },
  variants: {
    kind: {
      // The same stripes as the loss bars.
      loss: {
        background: `repeating-linear-gradient(45deg, ${vars.color.down} 0 3px, color-mix(in srgb, ${vars.color.down} 45%, ${vars.color.surface}) 3px 5px)`,
      },
      even: { background: vars.color.mutedForeground },
      win: { background: vars.color.up },
    },
  },
});

export const bins = style({
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
});

export const binButton = style([
  focusRing,
  {
    position: 'absolute',
    padding: 0,
    border: 0,
    background: 'transparent',
    cursor: 'default',
    pointerEvents: 'auto',
    selectors: {
      '&:hover, &:focus-visible': { background: `color-mix(in srgb, ${vars.color.foreground} 8%, transparent)` },
    },
  },
]);

export const tooltip = style({
  transform: `translate(-50%, calc(-100% - ${vars.space['1']}))`,
  whiteSpace: 'nowrap',
});
