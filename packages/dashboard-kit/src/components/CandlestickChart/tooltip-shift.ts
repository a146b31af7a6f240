/** Half the widest tooltip (16rem): a mark nearer a side of the chart than this has its tooltip run away from it. */
const TOOLTIP_HALF_PX = 128;

/**
 * Where the tooltip of a mark centred at `x` goes across a chart `width` wide, as a CSS translation: centred on it,
 * or, by either side, starting or ending `inset` pixels past its centre (over the mark's own edge), so it is drawn
 * whole at its own width instead of squeezed or cut by the chart's edge.
 */
export function tooltipShift(x: number, width: number, inset: number): string {
  if (width > 0 && x + TOOLTIP_HALF_PX > width) return `calc(-100% + ${inset}px)`;
  if (x - TOOLTIP_HALF_PX < 0) return `-${inset}px`;
  return '-50%';
}
