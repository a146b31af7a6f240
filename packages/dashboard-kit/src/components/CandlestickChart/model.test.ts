// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MINUTE } from './aggregate';
import { defaultFormatPrice } from './format';
import { openNextCandle, sampleCandles } from './fixtures';
import { ChartModelCache, computeChartModel, type ChartModelInput } from './model';
import { NO_INDICATORS } from './studies';
import type { Candle } from './types';
import { LIVE_EDGE } from './viewport';

// The chart's data pipeline, without React or a DOM: the same input gives values of the same identity,
// which is what lets the layers skip a live tick.

const input = (candles: readonly Candle[], overrides: Partial<ChartModelInput> = {}): ChartModelInput => ({
  candles,
  baseMs: MINUTE,
  viewport: LIVE_EDGE,
  width: 960,
  height: 400,
  formatPrice: defaultFormatPrice,
  ...overrides,
});

const withForming = (candles: readonly Candle[], changes: Partial<Candle>) => [
  ...candles.slice(0, -1),
  { ...(candles[candles.length - 1] as Candle), ...changes },
];

describe('given computeChartModel', () => {
  describe('given a long history at the live edge', () => {
    const history = sampleCandles({ count: 1_000 });

    it('should window the latest candles, the forming one last, and never more than 200', () => {
      const model = computeChartModel(input(history), new ChartModelCache());
      expect(model.formingVisible).toBe(true);
      expect(model.last).toBe(model.series.settled.length);
      expect(model.series.forming).toBe(history[history.length - 1]);
      expect(model.settledVisible.length + 1).toBe(model.window.count);
      expect(model.window.count).toBeLessThanOrEqual(200);
      expect(model.settledVisible[model.settledVisible.length - 1]).toBe(history[history.length - 2]);
    });

    it('should put every visible price inside the price range', () => {
      const model = computeChartModel(input(history), new ChartModelCache());
      const [low, high] = model.priceRange;
      for (const candle of [...model.settledVisible, model.series.forming]) {
        expect(candle.low).toBeGreaterThanOrEqual(low);
        expect(candle.high).toBeLessThanOrEqual(high);
      }
    });

    it('should fit the overlays drawn over the candles too, so a band or a VWAP away from the prices stays on screen', () => {
      const overlays = { ...NO_INDICATORS, bollinger: true, vwap: true, sma: 20 };
      const model = computeChartModel(input(history, { indicators: overlays }), new ChartModelCache());
      const [low, high] = model.priceRange;
      const lines = model.studies.overlays;
      expect(lines.map((line) => line.kind)).toEqual(['sma', 'bb-upper', 'bb-middle', 'bb-lower', 'vwap']);
      let outsideCandles = 0;
      const candleLow = Math.min(...[...model.settledVisible, model.series.forming].map((candle) => candle.low));
      const candleHigh = Math.max(...[...model.settledVisible, model.series.forming].map((candle) => candle.high));
      for (let index = model.first; index <= model.last; index++) {
        for (const line of lines) {
          const value = line.values[index - model.studies.offset];
          if (value === null || value === undefined) continue;
          expect(value).toBeGreaterThanOrEqual(low);
          expect(value).toBeLessThanOrEqual(high);
          if (value < candleLow || value > candleHigh) outsideCandles++;
        }
      }
      // The sample's VWAP (from the start of the day) and its bands leave the candles' own range.
      expect(outsideCandles).toBeGreaterThan(0);
    });

    describe('after a live tick that stays inside the range', () => {
      it('should keep the settled candles, the scales and the axes (same objects), and give the new forming candle', () => {
        const cache = new ChartModelCache();
        const before = computeChartModel(input(history), cache);
        const forming = history[history.length - 1] as Candle;
        const after = computeChartModel(input(withForming(history, { close: forming.close + 0.01 })), cache);
        expect(after.settledVisible).toBe(before.settledVisible);
        expect(after.pane).toBe(before.pane);
        expect(after.timeTicks).toBe(before.timeTicks);
        expect(after.priceTicks).toBe(before.priceTicks);
        expect(after.series.forming.close).toBeCloseTo(forming.close + 0.01);
      });
    });

    describe('after a tick far above the range', () => {
      it('should widen the price range to hold it', () => {
        const cache = new ChartModelCache();
        const before = computeChartModel(input(history), cache);
        const after = computeChartModel(input(withForming(history, { high: before.priceRange[1] * 1.1 })), cache);
        expect(after.priceRange).not.toBe(before.priceRange);
        expect(after.priceRange[1]).toBeGreaterThanOrEqual(before.priceRange[1] * 1.1);
      });
    });

    describe('after a candle closes', () => {
      it('should move the window on by one candle', () => {
        const cache = new ChartModelCache();
        const before = computeChartModel(input(history), cache);
        const next = [...history, openNextCandle(history[history.length - 1] as Candle, MINUTE)];
        const after = computeChartModel(input(next), cache);
        expect(after.settledVisible).not.toBe(before.settledVisible);
        expect(after.settledVisible[after.settledVisible.length - 1]).toBe(history[history.length - 1]);
        expect(after.window.end).toBe(before.window.end + 1);
      });

      it('should keep the time labels (same object) when the same ones stay on screen', () => {
        const cache = new ChartModelCache();
        const before = computeChartModel(input(history), cache);
        const next = [...history, openNextCandle(history[history.length - 1] as Candle, MINUTE)];
        const after = computeChartModel(input(next), cache);
        expect(after.xDomain).not.toBe(before.xDomain);
        expect(after.timeTicks).toBe(before.timeTicks);
      });
    });
  });

  describe('given a view zoomed out over 20,000 candles', () => {
    const history = sampleCandles({ count: 20_000 });

    it('should draw coarser candles, at most 200 of them', () => {
      const model = computeChartModel(
        input(history, { viewport: { span: 20_000, endTime: null } }),
        new ChartModelCache(),
      );
      expect(model.bucketMs).toBeGreaterThan(MINUTE);
      expect(model.settledVisible.length + 1).toBeLessThanOrEqual(200);
      expect(model.series.forming.close).toBe(history[history.length - 1]?.close);
    });
  });

  describe('given a view scrolled back in time', () => {
    const history = sampleCandles({ count: 500 });

    it('should end the window at the candle of that time, the forming candle off screen', () => {
      const endTime = (history[300] as Candle).time;
      const model = computeChartModel(input(history, { viewport: { span: null, endTime } }), new ChartModelCache());
      expect(model.window.end).toBe(300);
      expect(model.formingVisible).toBe(false);
    });
  });
});
