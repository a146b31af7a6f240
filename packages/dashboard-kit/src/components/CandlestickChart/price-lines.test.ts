// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultFormatPrice } from './format';
import { computeFrame, yOfPrice } from './geometry';
import { boxesOverlap, type Box } from './markers';
import { layoutPriceLines, placePriceTags, PRICE_LINE_LABEL_PX, type PriceLineLayout } from './price-lines';
import type { Range } from './scales';
import type { PriceLine } from './types';

const frame = computeFrame(800, 400, 60);
const priceRange: Range = [100, 200];
/** Lays out `lines` with `reserved` room (the trades' pins, the signal markers) taken. */
const layout = (lines: PriceLine[], reserved: Box[] = []) =>
  layoutPriceLines({ lines, frame, priceRange, formatPrice: (v) => v.toFixed(2), reserved });
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
    const [item] = layout([line('Entry', 150, 'entry')], [flag]);
    expect(item?.label?.top).toBeGreaterThan(y);
    expect(boxesOverlap(item?.label as Box, flag)).toBe(false);
  });

  it('should label a line at the top of the plot below it', () => {
    const [item] = layout([line('Target', 200, 'target')]);
    expect(item?.label?.top).toBeGreaterThanOrEqual(item?.y as number);
  });
});

/** How far a label is from its line: from the line to the label's nearer edge (negative when the line runs through it). */
const distanceFromLine = (item: PriceLineLayout) => {
  const label = item.label as Box;
  return Math.max(label.top - item.y, item.y - (label.top + label.height));
};

describe('given price lines close together', () => {
  it('should put each label just above or just below its own line, none overlapping another', () => {
    const items = layout([line('Long entry', 150, 'entry'), line('Stop', 150.2, 'stop'), line('Target', 149.9)]);
    expect(items[0]?.label?.top).toBeLessThan(items[0]?.y as number);
    expect(labels(items)).toHaveLength(3);
    expectApart(labels(items));
    for (const item of items) {
      expect(distanceFromLine(item)).toBeGreaterThan(0);
      expect(distanceFromLine(item)).toBeLessThanOrEqual(8);
    }
  });

  it('should label a line far off the scale, whatever its price', () => {
    const lines = [line('Stop', 1e308, 'stop'), line('Target', 1e-12, 'target')];
    const items = layoutPriceLines({ lines, frame, priceRange, formatPrice: defaultFormatPrice, reserved: [] });
    expect(items.map((item) => item.text)).toEqual(['↑ Stop 1E308', '↓ Target 1E-12']);
    expect(labels(items)).toHaveLength(2);
  });

  it('should put the labels of lines off the same edge of the scale side by side along that edge', () => {
    const items = layout([line('Target', 400, 'target'), line('Alert level', 500)]);
    expect(items.map((item) => item.offScale)).toEqual(['above', 'above']);
    expect(items.map((item) => item.text)).toEqual(['↑ Target 400.00', '↑ Alert level 500.00']);
    expect(labels(items)).toHaveLength(2);
    expectApart(labels(items));
    for (const label of labels(items)) expect(label.top).toBeLessThan(frame.priceTop + 2);
    expect(items[1]?.label?.left).toBeLessThan(items[0]?.label?.left as number);
  });

  it('should keep the label of a line off the top along the top edge, past what sits by the axis there', () => {
    // The newest candles' signals and the other lines' labels in the top corner, rows deep.
    const corner: Box = { left: frame.plotRight - 60, top: 0, width: 60, height: 120 };
    const [item] = layout([line('Target', 400, 'target')], [corner]);
    expect(item?.label?.top).toBeLessThan(frame.priceTop + 2);
    expect(boxesOverlap(item?.label as Box, corner)).toBe(false);
  });

  it('should never put a label where another line runs through it', () => {
    // The stop 12px under the entry: below the entry, its label would sit across the stop's line.
    const entryY = yOfPrice(150, priceRange, frame);
    const stopPrice = 150 - (12 / (frame.priceBottom - frame.priceTop)) * 100;
    const overEntry: Box = { left: 0, top: entryY - 30, width: frame.plotRight, height: 29 };
    const [entry, stop] = layout([line('Long entry', 150, 'entry'), line('Stop', stopPrice, 'stop')], [overEntry]);
    expect(entry?.label).toBeNull();
    expect(stop?.label?.top).toBeGreaterThan(stop?.y as number);
  });

  it('should put a label below its line when another line lies just above, between it and the room there', () => {
    // The stop 5px under the entry: above the stop, its label would sit past the entry's line, reading as the
    // entry's (found in the product on a phone).
    const entryY = yOfPrice(150, priceRange, frame);
    const stopPrice = 150 - (5 / (frame.priceBottom - frame.priceTop)) * 100;
    // Signals under the stop by the axis: below it, the stop's label has to slide further left than above it.
    const markers: Box = { left: frame.plotRight - 120, top: entryY + 7, width: 100, height: 30 };
    const [entry, stop] = layout([line('Long entry', 150, 'entry'), line('Stop', stopPrice, 'stop')], [markers]);
    expect((entry?.label as Box).top + PRICE_LINE_LABEL_PX).toBeLessThan(entryY);
    expect(stop?.label?.top).toBeGreaterThan(stop?.y as number);
    expect(distanceFromLine(stop as PriceLineLayout)).toBeLessThanOrEqual(8);
  });

  it('should leave out a label with no free room on its line rather than draw it away from it', () => {
    const y = yOfPrice(150, priceRange, frame);
    const band: Box = { left: 0, top: y - 30, width: frame.plotRight, height: 60 };
    const [item] = layout([line('Long entry', 150, 'entry')], [band]);
    expect(item?.label).toBeNull();
  });
});

// From a trader's review: with its place by the axis taken, "Long entry" was drawn two rows above its line, over
// the stop's label and nearer other lines than its own.
describe('given signal markers by the axis where an entry line’s label would go', () => {
  const entryY = yOfPrice(150, priceRange, frame);
  // The newest candles' signals: a stack over the line and one under it, each with its "+N".
  const markers: Box[] = [
    { left: frame.plotRight - 20, top: entryY - 52, width: 16, height: 50 },
    { left: frame.plotRight - 52, top: entryY - 40, width: 30, height: 14 },
    { left: frame.plotRight - 20, top: entryY + 2, width: 16, height: 50 },
    { left: frame.plotRight - 52, top: entryY + 30, width: 30, height: 14 },
  ];
  const items = layout([line('Long entry', 150, 'entry'), line('Stop', 149.5, 'stop')], markers);

  it('should slide the label left along its line past them, still just above the line', () => {
    const [entry] = items as [PriceLineLayout];
    expect(entry.label).not.toBeNull();
    expect((entry.label as Box).top + PRICE_LINE_LABEL_PX).toBeLessThan(entry.y);
    expect(distanceFromLine(entry)).toBeLessThanOrEqual(8);
    for (const marker of markers) expect(boxesOverlap(entry.label as Box, marker)).toBe(false);
  });

  it('should keep every label on its own side of the other lines, in price order', () => {
    const [entry, stop] = items as [PriceLineLayout, PriceLineLayout];
    expect((entry.label as Box).top + PRICE_LINE_LABEL_PX).toBeLessThan(entry.y);
    expect((stop.label as Box).top).toBeGreaterThan(entry.y);
    expect(distanceFromLine(stop)).toBeLessThanOrEqual(8);
  });
});

describe('given price lines and the last price on the axis', () => {
  const TAG_PX = 18;
  const tagsApart = (tops: readonly number[]) => {
    for (const [i, a] of tops.entries()) {
      for (const b of tops.slice(i + 1)) expect(Math.abs(a - b)).toBeGreaterThanOrEqual(TAG_PX);
    }
  };

  it('should centre a tag on its line when the last price is far from it', () => {
    const items = layout([line('Long entry', 150, 'entry')]);
    const lastPriceY = yOfPrice(180, priceRange, frame);
    expect(placePriceTags(items, lastPriceY, frame, TAG_PX)).toEqual([(items[0]?.y as number) - TAG_PX / 2]);
  });

  describe('when the last price is a few pixels above the entry', () => {
    const items = layout([line('Long entry', 150, 'entry')]);
    const entryY = items[0]?.y as number;
    const lastPriceY = yOfPrice(150.5, priceRange, frame);

    it('should step the entry’s tag just below the last price’s, clear of it and within a tag of its line', () => {
      const [top] = placePriceTags(items, lastPriceY, frame, TAG_PX) as number[];
      const lastTop = lastPriceY - TAG_PX / 2;
      // Centred on its line, the entry's tag would sit under the last price's.
      expect(Math.abs(entryY - TAG_PX / 2 - lastTop)).toBeLessThan(TAG_PX);
      expect(top).toBeGreaterThanOrEqual(lastTop + TAG_PX);
      expect((top as number) - entryY).toBeLessThan(TAG_PX);
    });

    it('should step it above instead when the last price is just below the entry', () => {
      const below = yOfPrice(149.5, priceRange, frame);
      const [top] = placePriceTags(items, below, frame, TAG_PX);
      expect((top as number) + TAG_PX).toBeLessThanOrEqual(below - TAG_PX / 2);
    });
  });

  it('should keep a stop’s tag clear of both the last price’s and the entry’s when all three are close', () => {
    const items = layout([line('Long entry', 150, 'entry'), line('Stop', 150.3, 'stop')]);
    const lastPriceY = yOfPrice(150.1, priceRange, frame);
    const tops = placePriceTags(items, lastPriceY, frame, TAG_PX) as number[];
    expect(tops).toHaveLength(2);
    tagsApart([lastPriceY - TAG_PX / 2, ...tops]);
  });

  it('should step a tag inwards when the last price’s covers it at the bottom of the axis', () => {
    const items = layout([line('Long entry', 100, 'entry')]);
    const lastPriceY = frame.priceBottom;
    const [top] = placePriceTags(items, lastPriceY, frame, TAG_PX) as number[];
    expect((top as number) + TAG_PX).toBeLessThanOrEqual(frame.height);
    tagsApart([lastPriceY - TAG_PX / 2, top as number]);
  });

  it('should give a line off the scale no tag, and leave the tags alone without a last price on screen', () => {
    const items = layout([line('Target', 400, 'target'), line('Long entry', 150, 'entry')]);
    expect(placePriceTags(items, null, frame, TAG_PX)).toEqual([null, (items[1]?.y as number) - TAG_PX / 2]);
  });
});

describe('given a stop, an entry and a target all near the last price', () => {
  const TAG_PX = 18;
  // Found by a hostile review: stepping each tag to its nearest free place put the stop (the lowest price) above
  // the last price, and the target below the entry.
  it('should keep the tags in price order, the last price’s in place, and none covering another', () => {
    const items = layout([
      line('Long entry', 150, 'entry'),
      line('Stop', 149.9, 'stop'),
      line('Target', 150.15, 'target'),
    ]);
    const lastPriceY = yOfPrice(150.2, priceRange, frame);
    const lastTop = lastPriceY - TAG_PX / 2;
    const [entry, stop, target] = placePriceTags(items, lastPriceY, frame, TAG_PX) as number[];
    // From the top: the last price (150.2), the target (150.15), the entry (150), the stop (149.9).
    expect(target).toBeGreaterThanOrEqual(lastTop + TAG_PX);
    expect(entry).toBeGreaterThanOrEqual((target as number) + TAG_PX);
    expect(stop).toBeGreaterThanOrEqual((entry as number) + TAG_PX);
  });

  it('should stack the tags above the last price upwards when the target is above it and the rest below', () => {
    const items = layout([
      line('Long entry', 150, 'entry'),
      line('Stop', 149.95, 'stop'),
      line('Target', 150.3, 'target'),
    ]);
    const lastPriceY = yOfPrice(150.1, priceRange, frame);
    const lastTop = lastPriceY - TAG_PX / 2;
    const [entry, stop, target] = placePriceTags(items, lastPriceY, frame, TAG_PX) as number[];
    expect((target as number) + TAG_PX).toBeLessThanOrEqual(lastTop);
    expect(entry).toBeGreaterThanOrEqual(lastTop + TAG_PX);
    expect(stop).toBeGreaterThanOrEqual((entry as number) + TAG_PX);
  });

  it('should keep every tag on the axis, in order, when there are more than it has room for', () => {
    const many = Array.from({ length: 40 }, (_, i) => line(`Line ${i}`, 150 - i * 0.01, 'entry'));
    const items = layout(many);
    const tops = placePriceTags(items, yOfPrice(150.5, priceRange, frame), { height: 120 }, TAG_PX) as number[];
    for (const [i, top] of tops.entries()) {
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThanOrEqual(120 - TAG_PX);
      if (i > 0) expect(top).toBeGreaterThanOrEqual(tops[i - 1] as number);
    }
  });
});
