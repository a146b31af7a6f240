import { yOfPrice, type PlotFrame } from './geometry';
import { boxesOverlap, type Box } from './markers';
import type { Range } from './scales';
import { TRADE_PIN_PX } from './trades';
import type { PriceLine } from './types';

/** Height of a price line's label (12px text), and the room between stacked labels. */
export const PRICE_LINE_LABEL_PX = 16;
const GAP_PX = 2;
/** Room between a line and its label: clear of a trade's pin on the line. */
const LINE_GAP_PX = TRADE_PIN_PX / 2 + 1;
/** Approximate advance of one character of the label's font (12px, semibold), and its halo either side. */
const LABEL_CHAR_PX = 7;
const LABEL_HALO_PX = 4;
/**
 * How far from the price axis a line bends to its tag when the tag has stepped aside (PriceLineLayer); a label
 * ends short of it, so the bend is never drawn under a label.
 */
export const TAG_LEADER_PX = 10;
/** Room between the label's end and the price axis. */
const LABEL_INSET_PX = TAG_LEADER_PX + 4;
/** Lines closer than this read as one: a label may sit by either. */
const ONE_LINE_PX = 2;
/** Rows along an edge of the plot where the label of a line off the scale beyond it may go, from the edge in. */
const EDGE_ROWS = 3;

export interface PriceLineLayout {
  line: PriceLine;
  /** Where the line crosses the plot; beyond `priceTop` or `priceBottom` when it lies off the scale. */
  y: number;
  /** Whether the price lies off the price scale, and which way: then only its label is drawn, at that edge. */
  offScale: 'above' | 'below' | null;
  /** The label's text: the line's label, or an arrow, the label and the price when off the scale. */
  text: string;
  /**
   * The label's box, its text ending at the box's right edge and centred in it; null when no free room was
   * left on the line (the axis tag and the list of price lines still say it all).
   */
  label: Box | null;
}

export interface PriceLineLayoutInput {
  lines: readonly PriceLine[];
  frame: PlotFrame;
  priceRange: Range;
  formatPrice: (value: number) => string;
  /** Room already taken (the trades' pins, the signal markers): no label is put over it. */
  reserved?: readonly Box[];
}

const labelWidth = (text: string) => Math.ceil(text.length * LABEL_CHAR_PX + 2 * LABEL_HALO_PX);

/**
 * The label's box on a row (its `top`) as near the price axis as it can be: from the axis it slides left
 * along the line past whatever is in the way. Null when it would leave the plot, or another line (at one of
 * `otherLines`) would lie within `keepClear` (the label, and the room between it and its own line).
 */
function slideToFreeRoom(
  top: number,
  width: number,
  keepClear: readonly [number, number],
  frame: PlotFrame,
  taken: readonly Box[],
  otherLines: readonly number[],
): Box | null {
  if (top < 0 || top + PRICE_LINE_LABEL_PX > frame.priceBottom) return null;
  if (otherLines.some((y) => y > keepClear[0] && y < keepClear[1])) return null;
  let right = frame.plotRight - LABEL_INSET_PX;
  for (;;) {
    const box = { left: right - width, top, width, height: PRICE_LINE_LABEL_PX };
    if (box.left < 0) return null;
    const inTheWay = taken.filter((other) => boxesOverlap(box, other));
    if (inTheWay.length === 0) return box;
    right = Math.min(...inTheWay.map((other) => other.left)) - GAP_PX;
  }
}

/**
 * Places the price lines' labels on their lines, by the price axis, so that none overlaps another or a
 * reserved box. A label sits just above its line or, when that room is taken, just below it; when both are
 * taken it slides left along its line to the nearest free room (whichever side lets it stay nearer the
 * axis), so a label is always read against its own line, never a row or two away over another's. A label
 * is not put where another line would run through it or between it and its own line (it would read as that
 * line's), and one with no room on its line is left out. A line off
 * the scale is labelled along that edge of the plot the same way (a row further in only when the edge row has
 * no room). Labels are placed in the order the lines are given (the first keeps its place). Depends on the
 * price scale and the reserved boxes only, so a live tick that keeps the scale keeps the layout.
 */
export function layoutPriceLines({
  lines,
  frame,
  priceRange,
  formatPrice,
  reserved = [],
}: PriceLineLayoutInput): PriceLineLayout[] {
  const taken: Box[] = [...reserved];
  const placed = lines.map((line) => {
    const y = yOfPrice(line.price, priceRange, frame);
    const offScale = y < frame.priceTop ? ('above' as const) : y > frame.priceBottom ? ('below' as const) : null;
    return { line, y, offScale };
  });
  return placed.map(({ line, y, offScale }) => {
    const text = offScale ? `${offScale === 'above' ? '↑' : '↓'} ${line.label} ${formatPrice(line.price)}` : line.label;
    const width = labelWidth(text);
    let label: Box | null = null;
    const otherLines = placed.flatMap((other) => (other.line === line || other.offScale ? [] : [other.y]));
    if (offScale) {
      const step = PRICE_LINE_LABEL_PX + GAP_PX;
      const edgeRow = offScale === 'above' ? frame.priceTop + GAP_PX / 2 : frame.priceBottom - step + GAP_PX / 2;
      for (let k = 0; k < EDGE_ROWS && !label; k++) {
        const top = edgeRow + (offScale === 'above' ? k : -k) * step;
        label = slideToFreeRoom(top, width, [top, top + PRICE_LINE_LABEL_PX], frame, taken, otherLines);
      }
    } else {
      const aboveTop = y - LINE_GAP_PX - PRICE_LINE_LABEL_PX;
      const belowBottom = y + LINE_GAP_PX + PRICE_LINE_LABEL_PX;
      const above = slideToFreeRoom(aboveTop, width, [aboveTop, y - ONE_LINE_PX], frame, taken, otherLines);
      const below = slideToFreeRoom(y + LINE_GAP_PX, width, [y + ONE_LINE_PX, belowBottom], frame, taken, otherLines);
      label = above && (!below || above.left >= below.left) ? above : below;
    }
    if (label) taken.push(label);
    return { line, y, offScale, text, label };
  });
}

/** Room between two price tags stacked on the axis. */
const TAG_GAP_PX = 1;

/**
 * Spreads tags (tops in px, in the order they must read from the top) so that no two are closer than `pitch`,
 * each staying as near its wanted top as the others allow, all within [`from`, `to`]. A tag that meets none
 * stays where it wants to be. When they cannot all fit, the ones at the `from` end are stacked at it (they
 * overlap there rather than leave the range or change order).
 */
function spreadInOrder(wanted: readonly number[], pitch: number, from: number, to: number): number[] {
  const tops = [...wanted];
  for (let i = 0; i < tops.length; i++) {
    tops[i] = Math.max(tops[i] as number, i === 0 ? from : (tops[i - 1] as number) + pitch);
  }
  for (let i = tops.length - 1; i >= 0; i--) {
    tops[i] = Math.min(tops[i] as number, i === tops.length - 1 ? to : (tops[i + 1] as number) - pitch);
  }
  return tops.map((top) => Math.max(from, top));
}

/**
 * Where each price line's price tag sits on the price axis (its top, in px; null for a line off the scale,
 * which has no tag): centred on its line, unless that would cover the last price's tag or another line's,
 * when the tags in the way step apart, so every price on the axis is read whole. The tags keep the prices'
 * order: one above the last price stays above it, and a stop below an entry stays below it. The last price's
 * tag never moves (it is the price a trader watches). Only a last price that comes within a tag's height of a
 * line changes the result, so a live tick elsewhere keeps it.
 */
export function placePriceTags(
  items: readonly Pick<PriceLineLayout, 'y' | 'offScale'>[],
  lastPriceY: number | null,
  frame: Pick<PlotFrame, 'height'>,
  tagHeight: number,
): (number | null)[] {
  const pitch = tagHeight + TAG_GAP_PX;
  const lowest = Math.max(0, frame.height - tagHeight);
  const wanted = items.map(({ y, offScale }) => (offScale ? null : Math.min(Math.max(0, y - tagHeight / 2), lowest)));
  const onAxis = wanted.flatMap((top, index) => (top === null ? [] : [{ index, top }]));
  // Top to bottom is high price to low; equal tops keep the order the lines were given.
  onAxis.sort((a, b) => a.top - b.top || a.index - b.index);
  const tops: (number | null)[] = items.map(() => null);
  const place = (group: readonly { index: number; top: number }[], from: number, to: number) => {
    const spread = spreadInOrder(
      group.map(({ top }) => top),
      pitch,
      from,
      to,
    );
    group.forEach(({ index }, k) => (tops[index] = spread[k] as number));
  };
  if (lastPriceY === null) {
    place(onAxis, 0, lowest);
    return tops;
  }
  const lastTop = lastPriceY - tagHeight / 2;
  // A line at the last price itself goes to whichever side has room for it.
  const tieGoesBelow = lastTop + pitch <= lowest;
  const above = onAxis.filter(({ top }) => top < lastTop || (top === lastTop && !tieGoesBelow));
  const below = onAxis.filter((item) => !above.includes(item));
  place(above, 0, Math.min(lowest, Math.max(0, lastTop - pitch)));
  place(below, Math.min(lowest, lastTop + pitch), lowest);
  return tops;
}
