import { describe, expect, it } from 'vitest';
import {
  bodyWidth,
  computeFrame,
  indexAtX,
  priceAtY,
  priceAxisWidth,
  stableAxisWidth,
  TIME_AXIS_PX,
  xDomainOf,
  xOfIndex,
  xOfValue,
  yOfPrice,
  yOfVolume,
} from './geometry';
import { logRange } from './scales';

const frame = computeFrame(800, 400, 80);
const window = { start: 100, end: 199, count: 100 };

describe('given the chart size', () => {
  it('should stack the price pane over the volume pane over the time axis, the price axis on the right', () => {
    expect(frame.plotRight).toBe(720);
    expect(frame.priceTop).toBeLessThan(frame.priceBottom);
    expect(frame.priceBottom).toBeLessThan(frame.volumeTop);
    expect(frame.volumeBottom).toBe(400 - TIME_AXIS_PX);
    expect((frame.volumeBottom - frame.volumeTop) / (frame.volumeBottom - frame.priceTop)).toBeCloseTo(0.2, 1);
  });

  it('should widen the price axis for longer labels', () => {
    expect(priceAxisWidth(['1.00'])).toBeLessThan(priceAxisWidth(['64,210.50']));
  });

  it('should keep the axis width while the price wobbles across a digit, and shrink it for much shorter prices', () => {
    const wide = priceAxisWidth(['100.00']);
    expect(stableAxisWidth(null, wide)).toBe(wide);
    expect(stableAxisWidth(wide, priceAxisWidth(['99.99']))).toBe(wide);
    expect(stableAxisWidth(priceAxisWidth(['99.99']), wide)).toBe(wide);
    expect(stableAxisWidth(priceAxisWidth(['64,210.50']), priceAxisWidth(['0.45']))).toBe(priceAxisWidth(['0.45']));
  });
});

describe('given candle slots', () => {
  it('should centre candles in their slots and find the slot under a point', () => {
    expect(xOfIndex(100, window, frame)).toBeCloseTo(3.6);
    expect(xOfIndex(199, window, frame)).toBeCloseTo(716.4);
    expect(indexAtX(0, window, frame)).toBe(100);
    expect(indexAtX(719, window, frame)).toBe(199);
    expect(indexAtX(xOfIndex(150, window, frame), window, frame)).toBe(150);
    expect(xDomainOf(window)).toEqual([99.5, 199.5]);
  });

  it('should place a candle at the same x on the shared x domain as in its slot', () => {
    const domain = xDomainOf(window);
    expect(xOfValue(100, domain, frame)).toBeCloseTo(xOfIndex(100, window, frame));
    expect(xOfValue(163, domain, frame)).toBeCloseTo(xOfIndex(163, window, frame));
    expect(xOfValue(domain[1], domain, frame)).toBe(frame.plotRight);
  });

  it('should leave a gap between bodies, at least a pixel wide', () => {
    expect(bodyWidth(7.2)).toBe(5);
    expect(bodyWidth(1)).toBe(1);
  });
});

describe('given the price scale', () => {
  it('should map prices to pixels and back', () => {
    const range = [100, 200] as const;
    expect(yOfPrice(200, range, frame)).toBe(frame.priceTop);
    expect(yOfPrice(100, range, frame)).toBe(frame.priceBottom);
    expect(priceAtY(yOfPrice(137.5, range, frame), range, frame)).toBeCloseTo(137.5);
  });
});

describe('given the volume scale', () => {
  it('should stand bars on the volume pane bottom and reach its top at the highest volume', () => {
    expect(yOfVolume(0, 250, frame)).toBe(frame.volumeBottom);
    expect(yOfVolume(250, 250, frame)).toBe(frame.volumeTop);
    expect(yOfVolume(125, 250, frame)).toBe((frame.volumeTop + frame.volumeBottom) / 2);
  });
});

describe('a log price range', () => {
  it('places prices by ratio: 10 halfway between 1 and 100, and back', () => {
    const range = logRange([1, 100]);
    const middle = (frame.priceTop + frame.priceBottom) / 2;
    expect(yOfPrice(10, range, frame)).toBeCloseTo(middle, 9);
    expect(yOfPrice(10, [1, 100], frame)).toBeGreaterThan(middle);
    expect(priceAtY(middle, range, frame)).toBeCloseTo(10, 9);
  });
});
