import { describe, expect, it } from 'vitest';
import { maxVolume, PRICE_PADDING, priceExtent, stablePriceRange, stableVolumeMax, stretchRange } from './scales';
import type { Candle } from './types';

const c = (low: number, high: number, volume = 1): Candle => ({ time: 0, open: low, high, low, close: high, volume });

describe('given the candles on screen', () => {
  it('should find the lowest low and highest high, the forming candle included', () => {
    expect(priceExtent([c(10, 20), c(12, 25)])).toEqual([10, 25]);
    expect(priceExtent([c(10, 20)], c(5, 18))).toEqual([5, 20]);
    expect(priceExtent([])).toBeNull();
  });

  it('should find the largest volume', () => {
    expect(maxVolume([c(1, 2, 4), c(1, 2, 9)], c(1, 2, 3))).toBe(9);
    expect(maxVolume([])).toBe(0);
  });
});

describe('given a price range kept between renders', () => {
  it('should start with padding above and below', () => {
    expect(stablePriceRange(null, 100, 200)).toEqual([100 - 100 * PRICE_PADDING, 200 + 100 * PRICE_PADDING]);
  });

  it('should keep the same range (same array) while prices move inside it', () => {
    const range = stablePriceRange(null, 100, 200);
    expect(stablePriceRange(range, 101, 204)).toBe(range);
    expect(stablePriceRange(range, 120, 190)).toBe(range);
  });

  it('should refit when a price breaks out', () => {
    const range = stablePriceRange(null, 100, 200);
    expect(stablePriceRange(range, 100, 230)).toEqual([100 - 130 * PRICE_PADDING, 230 + 130 * PRICE_PADDING]);
  });

  it('should tighten when the prices shown fill much less of it', () => {
    const range = stablePriceRange(null, 100, 200);
    expect(stablePriceRange(range, 150, 160)).not.toBe(range);
  });

  it('should give a flat market a range that is not empty', () => {
    const [low, high] = stablePriceRange(null, 50, 50);
    expect(high).toBeGreaterThan(low);
  });
});

describe('given the volume pane top', () => {
  it('should leave headroom, keep it while volume fits, and raise it when volume outgrows it', () => {
    const top = stableVolumeMax(null, 100);
    expect(top).toBe(125);
    expect(stableVolumeMax(top, 120)).toBe(125);
    expect(stableVolumeMax(top, 130)).toBe(162.5);
    expect(stableVolumeMax(top, 40)).toBe(50);
    expect(stableVolumeMax(null, 0)).toBe(1.25);
  });
});

describe('stretchRange', () => {
  it('scales the range about its middle, and leaves it alone at 1', () => {
    const range = [100, 200] as const;
    expect(stretchRange(range, 1)).toBe(range);
    expect(stretchRange(range, 2)).toEqual([50, 250]);
    expect(stretchRange(range, 0.5)).toEqual([125, 175]);
  });
});
