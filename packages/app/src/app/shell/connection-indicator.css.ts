import { style } from '@vanilla-extract/css';

/**
 * The badge is as wide as its widest state, whatever it says now, so Live, Reconnecting… and Offline never
 * push the header's other controls: the label and an invisible copy of the widest one share one grid cell.
 */
export const badge = style({
  display: 'inline-grid',
  justifyItems: 'center',
  selectors: {
    '&::after': {
      content: 'attr(data-widest)',
      gridArea: '1 / 1',
      height: 0,
      overflow: 'hidden',
      visibility: 'hidden',
    },
  },
});

export const label = style({ gridArea: '1 / 1' });
