// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MINUTE } from './aggregate';
import { computeFrame, xOfIndex, yOfPrice } from './geometry';
import type { Range } from './scales';
import type { Series } from './series';
import { layoutTrades, TRADE_LABEL_PX, type TradeLayoutInput } from './trades';
import type { TradeMarker } from './types';
import { resolveWindow } from './viewport';

const T0 = Date.UTC(2026, 2, 12, 10, 0);
const times = Array.from({ length: 100 }, (_, i) => ({ time: T0 + i * MINUTE }));
const series: Series<{ time: number }> = { settled: times.slice(0, -1), forming: times[99] as { time: number } };
const window = resolveWindow(series, null, 50);
const frame = computeFrame(800, 400, 60);
const priceRange: Range = [100, 200];
const input = (trades: TradeMarker[]): TradeLayoutInput => ({
  trades,
  series,
  window,
  bucketMs: MINUTE,
  frame,
  priceRange,
});
const trade = (id: string, candle: number, price: number, extra: Partial<TradeMarker> = {}): TradeMarker => ({
  id,
  time: T0 + candle * MINUTE + 10_000,
  price,
  side: 'long',
  kind: 'entry',
  ...extra,
});

describe('given trades on the visible candles', () => {
  it('should pin each at its candle and price, with its label to the right', () => {
    const [item] = layoutTrades(input([trade('a', 70, 150, { label: 'Long 0.1 @ 150' })]));
    expect(item?.x).toBeCloseTo(xOfIndex(70, window, frame));
    expect(item?.y).toBeCloseTo(yOfPrice(150, priceRange, frame));
    expect(item?.text).toBe('Long 0.1 @ 150');
    expect(item?.label?.side).toBe('right');
    expect(item?.label?.left).toBeGreaterThan(item?.x as number);
  });

  it('should name a trade without a label by its side and kind', () => {
    const [item] = layoutTrades(input([trade('a', 70, 150, { side: 'short', kind: 'exit' })]));
    expect(item?.text).toBe('Short exit');
  });

  it('should put the label left of a pin near the price axis', () => {
    const [item] = layoutTrades(input([trade('a', 99, 150, { label: 'Exit +123.45' })]));
    expect(item?.label?.side).toBe('left');
    expect((item?.label?.left ?? 0) + (item?.label?.width ?? 0)).toBeLessThan(item?.x as number);
  });

  it('should move a label that would overlap another up or down a step', () => {
    const [first, second] = layoutTrades(input([trade('a', 70, 150), trade('b', 70, 150.5)]));
    expect(first?.label?.top).not.toBeUndefined();
    expect(Math.abs((second?.label?.top ?? 0) - (first?.label?.top ?? 0))).toBeGreaterThanOrEqual(TRADE_LABEL_PX);
  });

  it('should leave out trades off screen, and clamp a price off the scale to its edge', () => {
    const items = layoutTrades(input([trade('old', 10, 150), trade('high', 80, 900)]));
    expect(items.map((item) => item.trade.id)).toEqual(['high']);
    expect(items[0]?.offScale).toBe('above');
    expect(items[0]?.y).toBeGreaterThanOrEqual(frame.priceTop);
  });
});
