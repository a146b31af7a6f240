import { xOfIndex, yOfPrice, type PlotFrame } from './geometry';
import type { Range } from './scales';
import { candleAt, indexAtOrBefore, type CandleSeries } from './series';
import type { ChartMarker } from './types';
import { visibleRange, type CandleWindow } from './viewport';

/** Markers stacked outwards from one anchor before the rest of a candle side are folded into a count. */
export const MAX_MARKER_STACK = 3;
/** A marker's box (its glyph and focus ring), in px. */
export const MARKER_PX = 16;
/** Room between a marker and the price it points at. */
const MARKER_GAP_PX = 2;
/** The "+N" count's box: wide enough for "+999" in the axis font; wider for more digits. */
export const COUNT_WIDTH_PX = 30;
export const COUNT_HEIGHT_PX = 14;
/** Advance of one character of the count's font (monospace, 12px), and the room around its text. */
const COUNT_CHAR_PX = 7.5;
const COUNT_PADDING_PX = 4;

/** The width of the "+N" count's box for `hidden` markers. */
export const countWidth = (hidden: number) =>
  Math.max(COUNT_WIDTH_PX, Math.ceil(`+${hidden}`.length * COUNT_CHAR_PX + COUNT_PADDING_PX));

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface MarkerLayout {
  marker: ChartMarker;
  /** The candle it is drawn on. */
  index: number;
  /** The marker's box in plot pixels; its glyph points at `anchorY`. */
  box: Box;
  /** The price level it points at: the signal's price, or its candle's low (buys) or high (sells). */
  anchorY: number;
  /** `below` the anchor (pointing up at it) or `above` it (pointing down). */
  placement: 'below' | 'above';
  /** Whether the signal has a price that lies off the price scale, and which way. */
  offScale: 'above' | 'below' | null;
  /** On the last marker drawn of a candle side: how many more markers that side holds. */
  hidden: number;
  /** Those markers, in the order they were left out (time order after any flagged ones). */
  hiddenMarkers: readonly ChartMarker[];
  /** Where the "+N" of `hidden` is drawn; null when there was no room (the name and tooltip still say it). */
  countBox: Box | null;
}

export interface MarkerLayoutInput {
  markers: readonly ChartMarker[];
  series: CandleSeries;
  window: CandleWindow;
  bucketMs: number;
  frame: PlotFrame;
  priceRange: Range;
  /** A marker drawn before the others of its candle side (the selected one), so it is never folded into a count. */
  priorityId?: string | null;
}

/** Whether two boxes share any area (touching edges do not count). */
export const boxesOverlap = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** Column width of the index of placed boxes: a candidate is checked only against boxes in its columns. */
const COLUMN_PX = 32;

/** The boxes placed so far, indexed by column, so a burst of thousands of markers lays out in milliseconds. */
class PlacedBoxes {
  readonly #columns = new Map<number, Box[]>();

  #columnsOf(box: Box): number[] {
    const columns: number[] = [];
    for (let c = Math.floor(box.left / COLUMN_PX); c <= Math.floor((box.left + box.width) / COLUMN_PX); c++) {
      columns.push(c);
    }
    return columns;
  }

  collides(box: Box): boolean {
    return this.#columnsOf(box).some((c) => this.#columns.get(c)?.some((other) => boxesOverlap(box, other)) ?? false);
  }

  add(box: Box): void {
    for (const c of this.#columnsOf(box)) {
      const column = this.#columns.get(c);
      if (column) column.push(box);
      else this.#columns.set(c, [box]);
    }
  }
}

/**
 * Places markers on the visible candles, in plot pixels, so that none overlaps another, a count, the price
 * axis or the plot's edges. Each marker sits on the candle whose time span holds its time and points at the
 * signal's price (or at the candle's low for a buy, its high for a sell, when it has none or the price is off
 * the scale): buys below that level, sells above it. A marker that would overlap one placed before moves
 * outwards; past MAX_MARKER_STACK steps, or out of room, the rest of that candle side fold into a "+N" count
 * beyond the last marker drawn. A busy candle side (more markers than MAX_MARKER_STACK) is one short stack
 * at its first marker's level, however spread its prices: not a column of markers down the plot. The selected
 * marker and flagged ones are drawn before the others of their side. Markers off screen, before the history or
 * in a data gap are left out.
 */
export function layoutMarkers({
  markers,
  series,
  window,
  bucketMs,
  frame,
  priceRange,
  priorityId = null,
}: MarkerLayoutInput): MarkerLayout[] {
  // The selected marker first, then flagged ones, then in time order: what a trader must see is never folded away.
  const rank = (marker: ChartMarker) => (marker.id === priorityId ? 0 : marker.warning ? 1 : 2);
  const [first, last] = visibleRange(window);
  const groups = new Map<string, { index: number; side: ChartMarker['side']; markers: ChartMarker[] }>();
  for (const marker of markers) {
    const index = indexAtOrBefore(series, marker.time);
    if (index < first || index > last) continue;
    if (marker.time >= (candleAt(series, index) as { time: number }).time + bucketMs) continue;
    const key = `${index}:${marker.side}`;
    const group = groups.get(key) ?? { index, side: marker.side, markers: [] };
    group.markers.push(marker);
    groups.set(key, group);
  }

  const placed = new PlacedBoxes();
  const fits = (box: Box) =>
    box.top >= 0 &&
    box.top + box.height <= frame.priceBottom &&
    box.left >= 0 &&
    box.left + box.width <= frame.plotRight &&
    !placed.collides(box);

  /** The first free box of `width` x `height` stepping outwards from `anchorY`, in `placement`, or null. */
  const findBox = (
    x: number,
    anchorY: number,
    placement: 'below' | 'above',
    width: number,
    height: number,
    levels = MAX_MARKER_STACK,
  ) => {
    const left = Math.min(Math.max(x - width / 2, 0), frame.plotRight - width);
    for (let level = 0; level < levels; level++) {
      const offset = MARKER_GAP_PX + level * MARKER_PX;
      const box = { left, top: placement === 'below' ? anchorY + offset : anchorY - offset - height, width, height };
      if (fits(box)) return box;
    }
    return null;
  };

  const layouts: MarkerLayout[] = [];
  const ordered = [...groups.values()].sort((a, b) => a.index - b.index || (a.side === 'buy' ? -1 : 1));
  for (const { index, side, markers: group } of ordered) {
    const candle = candleAt(series, index) as { low: number; high: number };
    const x = xOfIndex(index, window, frame);
    group.sort((a, b) => rank(a) - rank(b) || a.time - b.time);
    const busy = group.length > MAX_MARKER_STACK;
    const drawn: MarkerLayout[] = [];
    for (const marker of group) {
      const onScale = marker.price !== undefined && marker.price >= priceRange[0] && marker.price <= priceRange[1];
      const offScale =
        marker.price === undefined || onScale
          ? null
          : marker.price > priceRange[1]
            ? ('above' as const)
            : ('below' as const);
      const anchorPrice = onScale ? (marker.price as number) : side === 'buy' ? candle.low : candle.high;
      const stackBase = busy ? drawn[0] : undefined;
      // In a busy stack every marker stacks from the first one's level, on its side of it.
      const anchorY = stackBase ? stackBase.anchorY : yOfPrice(anchorPrice, priceRange, frame);
      const preferred = stackBase ? stackBase.placement : side === 'buy' ? 'below' : 'above';
      const other = preferred === 'below' ? 'above' : 'below';
      let placement: 'below' | 'above' = preferred;
      let box = drawn.length < MAX_MARKER_STACK ? findBox(x, anchorY, preferred, MARKER_PX, MARKER_PX) : null;
      if (!box && drawn.length === 0) {
        // The first of a candle side is always drawn: near the top or bottom of the plot it turns to the other
        // side of its price rather than be cut, and in a crowd it goes as far out as it must.
        const reach = Math.ceil(frame.priceBottom / MARKER_PX);
        box = findBox(x, anchorY, other, MARKER_PX, MARKER_PX);
        placement = other;
        if (!box) {
          box = findBox(x, anchorY, preferred, MARKER_PX, MARKER_PX, reach);
          placement = preferred;
        }
        if (!box) {
          box = findBox(x, anchorY, other, MARKER_PX, MARKER_PX, reach);
          placement = other;
        }
      }
      if (!box) break;
      placed.add(box);
      drawn.push({
        marker,
        index,
        box,
        anchorY,
        placement,
        offScale,
        hidden: 0,
        hiddenMarkers: [],
        countBox: null,
      });
    }
    const outermost = drawn[drawn.length - 1];
    if (outermost) {
      outermost.hiddenMarkers = group.slice(drawn.length);
      outermost.hidden = outermost.hiddenMarkers.length;
      if (outermost.hidden > 0) {
        const edge = outermost.placement === 'below' ? outermost.box.top + outermost.box.height : outermost.box.top;
        const { box } = outermost;
        const width = countWidth(outermost.hidden);
        const middle = box.top + (box.height - COUNT_HEIGHT_PX) / 2;
        // Beyond the stack, else beside its outermost marker (right, then left): inside the plot either way.
        const candidates: Box[] = [
          { left: box.left + box.width + 1, top: middle, width, height: COUNT_HEIGHT_PX },
          { left: box.left - width - 1, top: middle, width, height: COUNT_HEIGHT_PX },
        ];
        const countBox =
          findBox(x, edge, outermost.placement, width, COUNT_HEIGHT_PX, 1) ?? candidates.find(fits) ?? null;
        if (countBox) placed.add(countBox);
        outermost.countBox = countBox;
      }
    }
    layouts.push(...drawn);
  }
  return layouts;
}

/** How far a flagged marker's "!" reaches beyond its box, up and right (CandlestickChart.css.ts, markerWarning). */
const WARNING_REACH_PX = 4;

/**
 * The room the laid-out markers take (each glyph with a flagged one's "!", and each "+N" count), as a text key:
 * equal keys mean the same room, so a tick that moves no marker changes nothing laid out around the markers.
 */
export function markerRoomKey(layouts: readonly MarkerLayout[]): string {
  const boxes = layouts.flatMap(({ marker, box, countBox }) => [
    marker.warning
      ? {
          ...box,
          top: box.top - WARNING_REACH_PX,
          width: box.width + WARNING_REACH_PX,
          height: box.height + WARNING_REACH_PX,
        }
      : box,
    ...(countBox ? [countBox] : []),
  ]);
  return boxes.map(({ left, top, width, height }) => `${left},${top},${width},${height}`).join(';');
}

/** The boxes of a `markerRoomKey`. */
export function markerRoom(key: string): Box[] {
  if (key === '') return [];
  return key.split(';').map((box) => {
    const [left = 0, top = 0, width = 0, height = 0] = box.split(',').map(Number);
    return { left, top, width, height };
  });
}
