import { describe, expect, it } from 'vitest';
import { aggregateCandles, MINUTE } from './aggregate';
import { MAX_MARKER_STACK, placeMarkers } from './markers';
import type { CandleSeries } from './series';
import type { Candle, ChartMarker } from './types';
import { resolveWindow } from './viewport';

const T0 = Date.UTC(2026, 2, 12, 10, 0);
const candles: Candle[] = Array.from({ length: 20 }, (_, i) => ({
  time: T0 + i * MINUTE,
  open: 100 + i,
  high: 110 + i,
  low: 90 + i,
  close: 101 + i,
  volume: 1,
}));
const series: CandleSeries = { settled: candles.slice(0, -1), forming: candles[19] as Candle };
const window = resolveWindow(series, null, 20);
const marker = (id: string, minute: number, side: 'buy' | 'sell', seconds = 0): ChartMarker => ({
  id,
  time: T0 + minute * MINUTE + seconds * 1000,
  side,
  label: id,
});

describe('given buy and sell signals', () => {
  it('should hang buys from the low and sells from the high of the candle holding their time', () => {
    const placed = placeMarkers([marker('b', 3, 'buy', 42), marker('s', 5, 'sell')], series, window, MINUTE);
    expect(placed).toEqual([
      expect.objectContaining({ index: 3, price: 93, stack: 0, hidden: 0 }),
      expect.objectContaining({ index: 5, price: 115, stack: 0, hidden: 0 }),
    ]);
    expect(placed.map((p) => p.marker.id)).toEqual(['b', 's']);
  });

  it('should place a signal on the forming candle with its current high and low', () => {
    const placed = placeMarkers([marker('now', 19, 'sell', 10)], series, window, MINUTE);
    expect(placed[0]).toEqual(expect.objectContaining({ index: 19, price: 129 }));
  });

  it('should keep buys and sells on one candle apart', () => {
    const placed = placeMarkers([marker('b', 4, 'buy'), marker('s', 4, 'sell')], series, window, MINUTE);
    expect(placed.map((p) => p.stack)).toEqual([0, 0]);
  });
});

describe('given several signals on one side of one candle', () => {
  it('should stack them outwards in time order', () => {
    const placed = placeMarkers([marker('late', 7, 'buy', 50), marker('early', 7, 'buy', 5)], series, window, MINUTE);
    expect(placed.map((p) => [p.marker.id, p.stack])).toEqual([
      ['early', 0],
      ['late', 1],
    ]);
  });

  it(`should show ${MAX_MARKER_STACK} and count the rest on the outermost`, () => {
    const many = Array.from({ length: 5 }, (_, i) => marker(`m${i}`, 8, 'sell', i));
    const placed = placeMarkers(many, series, window, MINUTE);
    expect(placed).toHaveLength(MAX_MARKER_STACK);
    expect(placed.map((p) => p.hidden)).toEqual([0, 0, 2]);
  });
});

describe('given signals that cannot be drawn', () => {
  it('should leave out signals off screen, before the history, in a gap or after the forming candle', () => {
    const scrolled = resolveWindow(series, T0 + 10 * MINUTE, 5);
    const gapped: CandleSeries = { settled: [candles[0] as Candle], forming: candles[5] as Candle };
    expect(placeMarkers([marker('old', 2, 'buy')], series, scrolled, MINUTE)).toEqual([]);
    expect(placeMarkers([marker('new', 12, 'buy')], series, scrolled, MINUTE)).toEqual([]);
    expect(placeMarkers([marker('before', -3, 'buy')], series, window, MINUTE)).toEqual([]);
    expect(placeMarkers([marker('gap', 2, 'buy')], gapped, resolveWindow(gapped, null, 5), MINUTE)).toEqual([]);
    expect(placeMarkers([marker('future', 21, 'buy')], series, window, MINUTE)).toEqual([]);
  });
});

describe('given coarser candles', () => {
  it('should place a signal on the coarse candle whose span holds it', () => {
    const coarse = aggregateCandles(candles, 5 * MINUTE);
    const coarseSeries: CandleSeries = { settled: coarse.slice(0, -1), forming: coarse[coarse.length - 1] as Candle };
    const placed = placeMarkers(
      [marker('b', 7, 'buy', 30)],
      coarseSeries,
      resolveWindow(coarseSeries, null, 4),
      5 * MINUTE,
    );
    expect(placed[0]).toEqual(expect.objectContaining({ index: 1, price: 95 }));
  });
});
