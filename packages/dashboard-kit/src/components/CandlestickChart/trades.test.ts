// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MINUTE } from './aggregate';
import { computeFrame, xOfIndex, yOfPrice } from './geometry';
import { boxesOverlap, MARKER_PX, type Box } from './markers';
import { layoutPriceLines } from './price-lines';
import type { Range } from './scales';
import type { Series } from './series';
import { labelTradePins, pinBox, placeTradePins, TRADE_LABEL_PX, type TradeLayout, type TradePin } from './trades';
import type { TradeMarker } from './types';
import { resolveWindow } from './viewport';

const T0 = Date.UTC(2026, 2, 12, 10, 0);
const times = Array.from({ length: 100 }, (_, i) => ({ time: T0 + i * MINUTE }));
const series: Series<{ time: number }> = { settled: times.slice(0, -1), forming: times[99] as { time: number } };
const window = resolveWindow(series, null, 50);
const frame = computeFrame(800, 400, 60);
const priceRange: Range = [100, 200];
const pins = (trades: TradeMarker[]) => placeTradePins({ trades, series, window, bucketMs: MINUTE, frame, priceRange });
const layout = (trades: TradeMarker[], reserved: Box[] = []) => labelTradePins(pins(trades), frame, reserved);
const trade = (id: string, candle: number, price: number, extra: Partial<TradeMarker> = {}): TradeMarker => ({
  id,
  time: T0 + candle * MINUTE + 10_000,
  price,
  side: 'long',
  kind: 'entry',
  ...extra,
});
const labelBoxes = (items: readonly { label: Box | null }[]): Box[] =>
  items.flatMap((item) => (item.label ? [item.label] : []));
const expectApart = (boxes: readonly Box[]) => {
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(boxesOverlap(a, b)).toBe(false);
  }
};

describe('given trades on the visible candles', () => {
  it('should pin each at its candle and price, with its label to the right', () => {
    const [item] = layout([trade('a', 70, 150, { label: 'Long 0.1 @ 150' })]);
    expect(item?.x).toBeCloseTo(xOfIndex(70, window, frame));
    expect(item?.y).toBeCloseTo(yOfPrice(150, priceRange, frame));
    expect(item?.text).toBe('Long 0.1 @ 150');
    expect(item?.label?.side).toBe('right');
    expect(item?.label?.left).toBeGreaterThan(item?.x as number);
  });

  it('should label the newest of trades crowded on one candle first, returning them in time order', () => {
    // Twenty fills on one candle at one price: the labels beside it run out of room before the pins do.
    const crowded = Array.from({ length: 20 }, (_, i) => trade(`t${i}`, 70, 150, { label: `Trade ${i}` }));
    crowded.forEach((item, i) => (item.time += i * 1000));
    const items = layout(crowded);
    expect(items.map((item) => item.text)).toEqual(crowded.map((item) => item.label));
    expect(items.at(-1)?.label).not.toBeNull();
    expect(items.some((item) => item.label === null)).toBe(true);
    expectApart(labelBoxes(items));
  });

  it("should put a reversal's exit before its entry, made at the same time, whatever the order given", () => {
    const entry = trade('short-in', 60, 150, { side: 'short' });
    const exit = trade('long-out', 60, 150, { kind: 'exit' });
    const earlier = trade('long-in', 60, 150, { time: T0 + 60 * MINUTE });
    expect(pins([entry, exit, earlier]).map((pin) => pin.trade.id)).toEqual(['long-in', 'long-out', 'short-in']);
  });

  it('should name a trade without a label by its side and kind', () => {
    const [item] = layout([trade('a', 70, 150, { side: 'short', kind: 'exit' })]);
    expect(item?.text).toBe('Short exit');
  });

  it('should keep the label beside its pin, clear of its own signal’s marker on the same candle', () => {
    const [pin] = pins([trade('a', 70, 150)]) as [TradePin];
    // The buy that opened it, at the fill price: its marker is centred on the candle, just under the price.
    const marker: Box = { left: pin.x - MARKER_PX / 2, top: pin.y + 2, width: MARKER_PX, height: MARKER_PX };
    const [item] = labelTradePins([pin], frame, [marker]);
    expect(item?.label).toMatchObject({ side: 'right', top: pin.y - TRADE_LABEL_PX / 2 });
    expect(boxesOverlap(item?.label as Box, marker)).toBe(false);
  });

  it('should put the label left of a pin near the price axis', () => {
    const [item] = layout([trade('a', 99, 150, { label: 'Exit +123.45' })]);
    expect(item?.label?.side).toBe('left');
    expect((item?.label?.left ?? 0) + (item?.label?.width ?? 0)).toBeLessThan(item?.x as number);
  });

  it('should move a label that would overlap another up or down a step', () => {
    const [first, second] = layout([trade('a', 70, 150), trade('b', 70, 150.5)]);
    expect(first?.label?.top).not.toBeUndefined();
    expect(Math.abs((second?.label?.top ?? 0) - (first?.label?.top ?? 0))).toBeGreaterThanOrEqual(TRADE_LABEL_PX);
  });

  it('should keep every label off every pin, including the pins of later trades', () => {
    // The later trade's pin sits where the first one's label would go.
    const items = layout([trade('a', 70, 150), trade('b', 72, 150)]);
    const pinned = items.map(pinBox);
    for (const box of labelBoxes(items)) for (const pin of pinned) expect(boxesOverlap(box, pin)).toBe(false);
  });

  it('should leave out trades off screen, and clamp a price off the scale to its edge', () => {
    const items = layout([trade('old', 10, 150), trade('high', 80, 900)]);
    expect(items.map((item) => item.trade.id)).toEqual(['high']);
    expect(items[0]?.offScale).toBe('above');
    expect(items[0]?.y).toBeGreaterThanOrEqual(frame.priceTop);
  });
});

describe('given a price line at the same price as the flags', () => {
  // The chart's order: pins, then the lines' labels clear of them, then the flags' labels clear of both.
  const chartLayout = (trades: TradeMarker[]) => {
    const tradePins = pins(trades);
    const lines = layoutPriceLines({
      lines: [{ id: 'entry', price: 150, label: 'Short entry', kind: 'entry' }],
      frame,
      priceRange,
      formatPrice: String,
      reserved: tradePins.map(pinBox),
    });
    return { lines, flags: labelTradePins(tradePins, frame, labelBoxes(lines)) };
  };

  it('should keep a flag by the price axis off the line’s label', () => {
    const flagged = trade('a', 98, 150, { side: 'short', label: 'Short 0.0116967 @ 150' });
    const { lines, flags } = chartLayout([flagged]);
    const lineLabel = lines[0]?.label as Box;
    expect(lineLabel).not.toBeNull();
    // Without the line's label in the way, the flag's label sits right over it.
    const [alone] = layout([flagged]) as [TradeLayout];
    expect(boxesOverlap(alone.label as Box, lineLabel)).toBe(true);

    expect(flags[0]?.label).not.toBeNull();
    expect(boxesOverlap(flags[0]?.label as Box, lineLabel)).toBe(false);
    expect(boxesOverlap(pinBox(flags[0] as TradeLayout), lineLabel)).toBe(false);
  });

  it('should lay out an entry, an exit and a new entry on one candle so that no two labels overlap', () => {
    const { lines, flags } = chartLayout([
      trade('long-in', 97, 150, { label: 'Long 0.0116967 @ 150' }),
      trade('long-out', 97, 150, { kind: 'exit', label: 'Exit −2.00' }),
      trade('short-in', 97, 150, { side: 'short', label: 'Short 0.0116967 @ 150' }),
    ]);
    const boxes = [...labelBoxes(lines), ...labelBoxes(flags)];
    expect(boxes).toHaveLength(4);
    expectApart(boxes);
    // The line's label stays on its line, just above it.
    expect((lines[0]?.label?.top ?? 0) + (lines[0]?.label?.height ?? 0)).toBeLessThan(lines[0]?.y as number);
    expect(lines[0]?.y ?? 0).toBeLessThan((lines[0]?.label?.top ?? 0) + 30);
  });

  it('should put a flag’s label on the pin’s other side when its own side has no room left', () => {
    // A flag far from the axis, walled in on its right at every step up and down.
    const x = xOfIndex(70, window, frame);
    const wall: Box = { left: x, top: 0, width: 200, height: frame.priceBottom };
    const [item] = layout([trade('a', 70, 150)], [wall]);
    expect(item?.label?.side).toBe('left');
    expect(boxesOverlap(item?.label as Box, wall)).toBe(false);
  });
});
