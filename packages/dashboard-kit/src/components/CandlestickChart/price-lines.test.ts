// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { computeFrame, yOfPrice } from './geometry';
import { boxesOverlap, type Box } from './markers';
import { layoutPriceLines, PRICE_LINE_LABEL_PX } from './price-lines';
import type { Range } from './scales';
import type { PriceLine } from './types';

const frame = computeFrame(800, 400, 60);
const priceRange: Range = [100, 200];
const layout = (lines: PriceLine[]) => layoutPriceLines({ lines, frame, priceRange, formatPrice: (v) => v.toFixed(2) });
const line = (id: string, price: number, kind: PriceLine['kind'] = 'custom'): PriceLine => ({
  id,
  price,
  label: id,
  kind,
});
const labels = (items: ReturnType<typeof layout>): Box[] => items.flatMap((item) => (item.label ? [item.label] : []));
const expectApart = (boxes: Box[]) => {
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(boxesOverlap(a, b)).toBe(false);
  }
};

describe('given a price line on the scale', () => {
  it('should label it just above the line (clear of a pin on it), ending by the price axis', () => {
    const [item] = layout([line('Entry', 150, 'entry')]);
    const y = yOfPrice(150, priceRange, frame);
    expect(item?.y).toBeCloseTo(y);
    expect(item?.offScale).toBeNull();
    expect(item?.text).toBe('Entry');
    expect((item?.label?.top ?? 0) + PRICE_LINE_LABEL_PX).toBeLessThanOrEqual(y);
    expect(y - ((item?.label?.top ?? 0) + PRICE_LINE_LABEL_PX)).toBeLessThanOrEqual(8);
    expect((item?.label?.left ?? 0) + (item?.label?.width ?? 0)).toBeLessThan(frame.plotRight);
  });

  it('should move the label below the line when a reserved box (a trade’s flag) takes the room above', () => {
    const y = yOfPrice(150, priceRange, frame);
    const flag: Box = { left: frame.plotRight - 120, top: y - 30, width: 100, height: 28 };
    const [item] = layoutPriceLines({
      lines: [line('Entry', 150, 'entry')],
      frame,
      priceRange,
      formatPrice: String,
      reserved: [flag],
    });
    expect(item?.label?.top).toBeGreaterThan(y);
    expect(boxesOverlap(item?.label as Box, flag)).toBe(false);
  });

  it('should label a line at the top of the plot below it', () => {
    const [item] = layout([line('Target', 200, 'target')]);
    expect(item?.label?.top).toBeGreaterThanOrEqual(item?.y as number);
  });
});

describe('given price lines close together', () => {
  it('should move the later labels below their line or further away, so that none overlaps another', () => {
    const items = layout([line('Long entry', 150, 'entry'), line('Stop', 150.2, 'stop'), line('Target', 149.9)]);
    expect(items[0]?.label?.top).toBeLessThan(items[0]?.y as number);
    expect(labels(items)).toHaveLength(3);
    expectApart(labels(items));
  });

  it('should stack the labels of lines off the same edge of the scale', () => {
    const items = layout([line('Target', 400, 'target'), line('Alert level', 500)]);
    expect(items.map((item) => item.offScale)).toEqual(['above', 'above']);
    expect(items.map((item) => item.text)).toEqual(['↑ Target 400.00', '↑ Alert level 500.00']);
    expect(labels(items)).toHaveLength(2);
    expectApart(labels(items));
    expect(items[1]?.label?.top).toBeGreaterThan(items[0]?.label?.top as number);
  });

  it('should leave out a label with no free room near its line rather than draw it over another', () => {
    const crowd = Array.from({ length: 12 }, (_, i) => line(`Level ${i}`, 150 + i * 0.01));
    const items = layout(crowd);
    expect(items.some((item) => item.label === null)).toBe(true);
    expectApart(labels(items));
  });
});
