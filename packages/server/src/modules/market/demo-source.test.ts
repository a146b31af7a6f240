import { beforeAll, describe, expect, it } from 'vitest';
import { activityAt, DEMO_ASSETS, DemoSource } from './demo-source';
import { SYMBOLS, type Candle } from './markets';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Midnight UTC at the start of a Monday. */
const MONDAY = Date.UTC(2025, 5, 2);

const logReturns = (candles: Candle[]) =>
  candles.slice(1).map((candle, index) => Math.log(candle.close / candles[index]!.close));
const standardDeviation = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
};

describe('the demo source', () => {
  const source = new DemoSource();

  describe('given the older history asked for as hours', () => {
    const HOUR = 60 * MINUTE;
    const until = MONDAY + 9 * HOUR;
    const from = until - 400 * DAY;

    it('should give every hour, joined without a step, closing where the stored history begins', async () => {
      for (const symbol of SYMBOLS) {
        const close = DEMO_ASSETS[symbol].center * 1.01;
        const expectedClose = Math.round(close * 100) / 100;
        const hours = await source.hours(symbol, from, until, close);
        expect(hours).toHaveLength(400 * 24);
        expect(hours[0]!.time).toBe(from);
        expect(hours.at(-1)!.time).toBe(until - HOUR);
        expect(hours.at(-1)!.close).toBe(expectedClose);
        const asset = DEMO_ASSETS[symbol];
        for (const [index, hour] of hours.entries()) {
          expect(hour.high).toBeGreaterThanOrEqual(Math.max(hour.open, hour.close));
          expect(hour.low).toBeLessThanOrEqual(Math.min(hour.open, hour.close));
          expect(hour.low).toBeGreaterThanOrEqual(asset.min);
          expect(hour.high).toBeLessThanOrEqual(asset.max);
          expect(hour.volume).toBeGreaterThan(0);
          if (index > 0) expect(hour.open).toBe(hours[index - 1]!.close);
        }
      }
    });

    it('should be the same for the same seed and close, with an hourly volatility like the minutes', async () => {
      const hours = await source.hours('SOL', from, until, 150);
      expect(await new DemoSource().hours('SOL', from, until, 150)).toEqual(hours);
      // Annualised from hourly log returns: the asset's 85%, give or take the activity cycle and jumps.
      const annual = standardDeviation(logReturns(hours)) * Math.sqrt(365 * 24);
      expect(annual).toBeGreaterThan(0.6);
      expect(annual).toBeLessThan(1.2);
      // Daily volume near the asset's average day.
      const perDay = hours.reduce((sum, hour) => sum + hour.volume, 0) / 400;
      expect(perDay / DEMO_ASSETS.SOL.dailyVolume).toBeGreaterThan(0.7);
      expect(perDay / DEMO_ASSETS.SOL.dailyVolume).toBeLessThan(1.4);
    });
  });

  describe('given the same seed', () => {
    it('should produce the same candles, and different ones for another seed', async () => {
      const from = MONDAY + 9 * 60 * MINUTE;
      const first = await source.candles('BTC', from, from + 120 * MINUTE);
      expect(await new DemoSource().candles('BTC', from, from + 120 * MINUTE)).toEqual(first);
      const other = await new DemoSource(7).candles('BTC', from, from + 120 * MINUTE);
      expect(other.map((candle) => candle.close)).not.toEqual(first.map((candle) => candle.close));
    });

    it('should give a minute the same trades whether generated whole or second by second', async () => {
      const time = MONDAY + 14 * 60 * MINUTE;
      const open = 81_234.56;
      const whole = source.minute('ETH', time, open);
      const seconds = Array.from({ length: 61 }, (_, second) => source.minute('ETH', time, open, second * 1_000));
      expect(seconds.at(-1)).toEqual(whole);
      expect(seconds[0]).toEqual({ time, open, high: open, low: open, close: open, volume: 0 });
      for (const [index, candle] of seconds.entries()) {
        if (index === 0) continue;
        const previous = seconds[index - 1]!;
        // A minute only grows: its range widens and its volume rises as trades come in.
        expect(candle.high).toBeGreaterThanOrEqual(previous.high);
        expect(candle.low).toBeLessThanOrEqual(previous.low);
        expect(candle.volume).toBeGreaterThan(previous.volume);
      }
    });

    it('should continue a walk from a given open as it would have gone on', async () => {
      const from = MONDAY;
      const day = await source.candles('SOL', from, from + 3 * 60 * MINUTE);
      const resumed = await source.candles('SOL', day[100]!.time, from + 3 * 60 * MINUTE, day[100]!.open);
      expect(resumed).toEqual(day.slice(100));
    });
  });

  describe.each(SYMBOLS)('over 14 days of %s', (symbol) => {
    const asset = DEMO_ASSETS[symbol];
    let candles: Candle[];

    beforeAll(async () => {
      // Up to the last millisecond of the 14th day: its last minute is complete.
      candles = await source.candles(symbol, MONDAY, MONDAY + 14 * DAY - 1);
    });

    it('should stay within the asset band, with consistent candles that open where the last closed', () => {
      expect(candles).toHaveLength(14 * 24 * 60);
      const faulty = candles.filter(
        (candle, index) =>
          candle.low < asset.min ||
          candle.high > asset.max ||
          candle.high < Math.max(candle.open, candle.close) ||
          candle.low > Math.min(candle.open, candle.close) ||
          !(candle.volume > 0) ||
          (index > 0 && candle.open !== candles[index - 1]!.close),
      );
      expect(faulty).toEqual([]);
    });

    it('should never leave the band, even when it starts at either edge', async () => {
      for (const open of [asset.min, asset.max]) {
        const day = await source.candles(symbol, MONDAY, MONDAY + DAY - 1, open);
        expect(Math.min(...day.map((candle) => candle.low))).toBeGreaterThanOrEqual(asset.min);
        expect(Math.max(...day.map((candle) => candle.high))).toBeLessThanOrEqual(asset.max);
      }
    });

    it("should move with the asset's volatility, and jump now and then", () => {
      const returns = logReturns(candles);
      const target = asset.annualVolatility / Math.sqrt(365 * 24 * 60);
      expect(standardDeviation(returns)).toBeGreaterThan(0.8 * target);
      expect(standardDeviation(returns)).toBeLessThan(1.4 * target);
      const jumps = returns.filter((value) => Math.abs(value) > 8 * target).length;
      expect(jumps).toBeGreaterThan(5);
      expect(jumps).toBeLessThan(200);
    });

    it('should trade its daily volume, busier in the afternoon (UTC) than at night and on weekdays than weekends', () => {
      const total = candles.reduce((sum, candle) => sum + candle.volume, 0);
      expect(total / 14).toBeGreaterThan(0.7 * asset.dailyVolume);
      expect(total / 14).toBeLessThan(1.4 * asset.dailyVolume);
      const volumeWhere = (keep: (time: number) => boolean) => {
        const kept = candles.filter((candle) => keep(candle.time));
        return kept.reduce((sum, candle) => sum + candle.volume, 0) / kept.length;
      };
      const hour = (time: number) => new Date(time).getUTCHours();
      const weekend = (time: number) => [0, 6].includes(new Date(time).getUTCDay());
      expect(volumeWhere((time) => hour(time) >= 13 && hour(time) < 17)).toBeGreaterThan(
        1.5 * volumeWhere((time) => hour(time) >= 1 && hour(time) < 5),
      );
      expect(volumeWhere((time) => !weekend(time))).toBeGreaterThan(1.2 * volumeWhere(weekend));
    });
  });

  it('should average an activity of about 1 over a week', () => {
    const samples = Array.from({ length: 7 * 24 * 4 }, (_, index) => activityAt(MONDAY + index * 15 * MINUTE));
    const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
    expect(mean).toBeGreaterThan(0.95);
    expect(mean).toBeLessThan(1.05);
  });
});
