import { candleAt, indexAtOrBefore, type CandleSeries } from './series';
import type { ChartMarker } from './types';
import { visibleRange, type CandleWindow } from './viewport';

/** Markers stacked on one side of one candle before the rest are folded into a count. */
export const MAX_MARKER_STACK = 3;

export interface MarkerPlacement {
  marker: ChartMarker;
  /** The candle it is drawn on. */
  index: number;
  /** The price it hangs from: the candle's low for buys (drawn below), its high for sells (above). */
  price: number;
  /** 0 next to the candle, 1 beyond it, and so on. */
  stack: number;
  /** On the outermost marker of a full stack: how many more markers that candle side holds. */
  hidden: number;
}

/**
 * Places markers on the visible candles: each on the candle whose time span holds its time, buys
 * under the low, sells over the high, several on one side stacked outwards in time order. Markers
 * off screen, before the history or in a data gap are left out.
 */
export function placeMarkers(
  markers: readonly ChartMarker[],
  series: CandleSeries,
  window: CandleWindow,
  bucketMs: number,
): MarkerPlacement[] {
  const [first, last] = visibleRange(window);
  const groups = new Map<string, { index: number; markers: ChartMarker[] }>();
  for (const marker of markers) {
    const index = indexAtOrBefore(series, marker.time);
    if (index < first || index > last) continue;
    if (marker.time >= (candleAt(series, index) as { time: number }).time + bucketMs) continue;
    const key = `${index}:${marker.side}`;
    const group = groups.get(key) ?? { index, markers: [] };
    group.markers.push(marker);
    groups.set(key, group);
  }
  const placements: MarkerPlacement[] = [];
  for (const { index, markers: group } of groups.values()) {
    const candle = candleAt(series, index) as { low: number; high: number };
    group.sort((a, b) => a.time - b.time);
    const shown = group.slice(0, MAX_MARKER_STACK);
    shown.forEach((marker, stack) => {
      placements.push({
        marker,
        index,
        price: marker.side === 'buy' ? candle.low : candle.high,
        stack,
        hidden: stack === shown.length - 1 ? group.length - shown.length : 0,
      });
    });
  }
  return placements.sort((a, b) => a.index - b.index || a.stack - b.stack);
}
