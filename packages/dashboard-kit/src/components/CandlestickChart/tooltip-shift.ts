import { vars } from '../../theme/contract.css';

/** Half the widest tooltip (16rem): a mark nearer a side of the chart than this has its tooltip run away from it. */
const TOOLTIP_HALF_PX = 128;

/**
 * Where the tooltip of a mark centred at `x` goes across a chart `width` wide, as a CSS translation: centred on it,
 * or, by either side, starting or ending `inset` pixels past its centre (over the mark's own edge), so it is drawn
 * whole at its own width instead of squeezed or cut by the chart's edge.
 */
function tooltipShift(x: number, width: number, inset: number): string {
  if (width > 0 && x + TOOLTIP_HALF_PX > width) return `calc(-100% + ${inset}px)`;
  if (x - TOOLTIP_HALF_PX < 0) return `-${inset}px`;
  return '-50%';
}

/**
 * The transform of a tooltip whose `top` is its mark's edge on `side`: across, as `tooltipShift` says; up or down,
 * clear of the mark by the kit's smallest space.
 */
export function tooltipTransform(x: number, width: number, inset: number, side: 'above' | 'below'): string {
  const down = side === 'below' ? vars.space['1'] : `calc(-100% - ${vars.space['1']})`;
  return `translate(${tooltipShift(x, width, inset)}, ${down})`;
}
