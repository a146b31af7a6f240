// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MINUTE } from './aggregate';
import { computeFrame, yOfPrice } from './geometry';
import { layoutMarkers, MAX_MARKER_STACK, type Box, type MarkerLayout } from './markers';
import type { Range } from './scales';
import type { CandleSeries } from './series';
import type { Candle, ChartMarker } from './types';
import { resolveWindow } from './viewport';

const T0 = Date.UTC(2026, 2, 12, 10, 0);
const candles: Candle[] = Array.from({ length: 200 }, (_, i) => ({
  time: T0 + i * MINUTE,
  open: 100 + (i % 10),
  high: 110 + (i % 10),
  low: 90 + (i % 10),
  close: 101 + (i % 10),
  volume: 1,
}));
const series: CandleSeries = { settled: candles.slice(0, -1), forming: candles[199] as Candle };
const priceRange: Range = [88, 121];
const frame = computeFrame(960, 400, 60);

const layout = (markers: ChartMarker[], count = 20) =>
  layoutMarkers({ markers, series, window: resolveWindow(series, null, count), bucketMs: MINUTE, frame, priceRange });

const marker = (id: string, minute: number, side: 'buy' | 'sell', extra: Partial<ChartMarker> = {}): ChartMarker => ({
  id,
  time: T0 + minute * MINUTE + 1_000,
  side,
  label: id,
  ...extra,
});

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

function expectNoCollisionOrClipping(layouts: readonly MarkerLayout[]) {
  const boxes = layouts.flatMap((item) => (item.countBox ? [item.box, item.countBox] : [item.box]));
  const outside = boxes.filter(
    (box) =>
      box.left < 0 || box.left + box.width > frame.plotRight || box.top < 0 || box.top + box.height > frame.priceBottom,
  );
  const colliding = boxes.flatMap((box, i) => boxes.slice(i + 1).filter((other) => overlaps(box, other)));
  expect(outside).toEqual([]);
  expect(colliding).toEqual([]);
}

describe('given signals with a price on the scale', () => {
  it('should point at the price: entries long below it, entries short above it', () => {
    const [long, short] = layout([
      marker('long', 190, 'buy', { price: 100 }),
      marker('short', 195, 'sell', { price: 105 }),
    ]);
    expect(long).toMatchObject({ placement: 'below', anchorY: yOfPrice(100, priceRange, frame), offScale: null });
    expect(long!.box.top).toBeCloseTo(yOfPrice(100, priceRange, frame) + 2);
    expect(short).toMatchObject({ placement: 'above', anchorY: yOfPrice(105, priceRange, frame) });
    expect(short!.box.top + short!.box.height).toBeCloseTo(yOfPrice(105, priceRange, frame) - 2);
  });
});

describe('given signals without a price, or priced off the scale', () => {
  it('should hang buys from the low and sells from the high, and say which way an off-scale price lies', () => {
    const [buy, sell] = layout([marker('b', 183, 'buy', { price: 1.5 }), marker('s', 185, 'sell')]);
    expect(buy).toMatchObject({ index: 183, anchorY: yOfPrice(93, priceRange, frame), offScale: 'below' });
    expect(sell).toMatchObject({ index: 185, anchorY: yOfPrice(115, priceRange, frame), offScale: null });
  });
});

describe('given a sell at the top of the scale', () => {
  it('should turn below its price rather than be cut off', () => {
    const [top] = layout([marker('top', 189, 'sell', { price: 121 })]);
    expect(top!.placement).toBe('below');
    expect(top!.box.top).toBeGreaterThanOrEqual(0);
  });
});

describe('given more signals on a candle side than fit', () => {
  it(`should draw ${MAX_MARKER_STACK}, fold the rest into a count beyond them, and overlap nothing`, () => {
    const burst = Array.from({ length: 7 }, (_, i) => marker(`b${i}`, 195, 'buy', { time: T0 + 195 * MINUTE + i }));
    const placed = layout(burst);
    expect(placed.map((item) => item.marker.id)).toEqual(['b0', 'b1', 'b2']);
    expect(placed.map((item) => item.hidden)).toEqual([0, 0, 4]);
    expect(placed[2]!.countBox).not.toBeNull();
    expectNoCollisionOrClipping(placed);
  });
});

describe('given a busy candle: 118 signals on both sides, at prices spread over the scale', () => {
  const busy = Array.from({ length: 118 }, (_, i) =>
    marker(`m${i}`, 195, i % 2 ? 'sell' : 'buy', { time: T0 + 195 * MINUTE + i * 400, price: 92 + (i % 9) * 3 }),
  );

  it(`should draw one short stack per side at its first signal's level, not a column down the plot`, () => {
    const placed = layout(busy);
    for (const side of ['buy', 'sell'] as const) {
      const stack = placed.filter((item) => item.marker.side === side);
      expect(stack.length).toBeGreaterThanOrEqual(2);
      expect(stack.length).toBeLessThanOrEqual(MAX_MARKER_STACK);
      const first = stack[0]!;
      expect(first.anchorY).toBeCloseTo(yOfPrice(first.marker.price!, priceRange, frame));
      const boxes = [...stack.map((item) => item.box), stack.at(-1)!.countBox!];
      const top = Math.min(...boxes.map((box) => box.top));
      const bottom = Math.max(...boxes.map((box) => box.top + box.height));
      expect(bottom - top).toBeLessThanOrEqual(MAX_MARKER_STACK * 16 + 2 + 14 + 2);
      // Every signal of the side is drawn or held by the count.
      expect(stack.at(-1)!.hidden).toBe(59 - stack.length);
      expect(stack.at(-1)!.hiddenMarkers).toHaveLength(59 - stack.length);
    }
    expectNoCollisionOrClipping(placed);
  });

  it('should size the count for its digits and keep it off the price axis, at the last candle too', () => {
    const crowd = Array.from({ length: 1_500 }, (_, i) =>
      marker(`c${i}`, 199, 'buy', { time: T0 + 199 * MINUTE + i * 10, price: 100 }),
    );
    const placed = layout(crowd);
    const counted = placed.at(-1)!;
    expect(counted.hidden).toBe(1_500 - MAX_MARKER_STACK);
    expect(counted.countBox!.width).toBeGreaterThanOrEqual('+1497'.length * 7.5);
    expectNoCollisionOrClipping(placed);
  });
});

describe('given a flagged or selected signal among many on one candle side', () => {
  it('should draw it first rather than fold it into the count', () => {
    const burst = Array.from({ length: 7 }, (_, i) => marker(`b${i}`, 195, 'buy', { time: T0 + 195 * MINUTE + i }));
    const flagged = { ...burst[6]!, warning: 'Priced 98.69% below the market' };
    const placed = layoutMarkers({
      markers: [...burst.slice(0, 5), flagged, burst[5]!],
      series,
      window: resolveWindow(series, null, 20),
      bucketMs: MINUTE,
      frame,
      priceRange,
      priorityId: 'b5',
    });
    expect(placed.map((item) => item.marker.id)).toEqual(['b5', 'b6', 'b0']);
  });
});

describe('given a burst of signals on every candle, both sides, at the last candle by the price axis', () => {
  it('should leave no marker or count overlapping another, the price axis, or the edges', () => {
    const burst: ChartMarker[] = [];
    for (let minute = 0; minute < 200; minute++) {
      for (let k = 0; k < (minute % 5) + 1; k++) {
        burst.push(marker(`b${minute}-${k}`, minute, 'buy', { time: T0 + minute * MINUTE + k, price: 95 }));
        burst.push(marker(`s${minute}-${k}`, minute, 'sell', { time: T0 + minute * MINUTE + k }));
      }
    }
    for (const count of [20, 120, 200]) {
      const placed = layout(burst, count);
      expect(placed.length).toBeGreaterThan(0);
      expectNoCollisionOrClipping(placed);
    }
    // Zoomed in, every candle side with signals shows at least one marker (the rest in its count).
    const sides = new Set(layout(burst, 20).map((item) => `${item.index}:${item.marker.side}`));
    expect(sides.size).toBe(2 * 20);
  });
});

describe('given signals off screen', () => {
  it('should leave out those before the window or after the forming candle', () => {
    expect(layout([marker('old', 10, 'buy'), marker('later', 250, 'buy')])).toEqual([]);
  });
});
