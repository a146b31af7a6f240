import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma, vwap } from './indicators';
import type { Candle } from './types';

const round = (values: readonly (number | null)[], digits = 2) =>
  values.map((value) => (value === null ? null : Number(value.toFixed(digits))));

/**
 * StockCharts ChartSchool, "Moving Averages - Simple and Exponential", the worked 10-day example
 * (spreadsheet cs-movavg.xls): 30 daily closes, the 10-day SMA and the 10-day EMA seeded with it.
 */
const STOCKCHARTS_MA_CLOSES = [
  22.2734, 22.194, 22.0847, 22.1741, 22.184, 22.1344, 22.2337, 22.4323, 22.2436, 22.2933, 22.1542, 22.3926, 22.3816,
  22.6109, 23.3558, 24.0519, 23.753, 23.8324, 23.9516, 23.6338, 23.8225, 23.8722, 23.6537, 23.187, 23.0976, 23.326,
  22.6805, 23.0976, 22.4025, 22.1725,
];
const STOCKCHARTS_SMA_10 = [
  22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.69, 23.61,
  23.51, 23.43, 23.28, 23.13,
];
const STOCKCHARTS_EMA_10 = [
  22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39,
  23.26, 23.23, 23.08, 22.92,
];

/**
 * StockCharts ChartSchool, "Relative Strength Index (RSI)", the worked 14-period example with
 * Wilder's smoothing (spreadsheet cs-rsi.xls): 33 closes and the RSI from the 15th on.
 */
const STOCKCHARTS_RSI_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614,
  46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515, 45.7835, 45.3548,
  44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];
const STOCKCHARTS_RSI_14 = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3,
  33.08, 37.77,
];

describe('sma', () => {
  it('matches the StockCharts 10-day worked example', () => {
    const values = sma(STOCKCHARTS_MA_CLOSES, 10);
    expect(values.slice(0, 9)).toEqual(new Array(9).fill(null));
    expect(round(values.slice(9))).toEqual(STOCKCHARTS_SMA_10);
  });

  it('averages the last n values (hand-computed)', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([7], 1)).toEqual([7]);
  });

  it('refuses a period that is not a whole number of at least 1', () => {
    expect(() => sma([1, 2], 0)).toThrow(RangeError);
    expect(() => sma([1, 2], 2.5)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it('matches the StockCharts 10-day worked example (seeded with the 10-day SMA)', () => {
    const values = ema(STOCKCHARTS_MA_CLOSES, 10);
    expect(values.slice(0, 9)).toEqual(new Array(9).fill(null));
    expect(round(values.slice(9))).toEqual(STOCKCHARTS_EMA_10);
  });

  it('weights the newest value by 2 / (n + 1) (hand-computed)', () => {
    // Seed (2+4+6)/3 = 4; then 4 + (8 - 4) * 0.5 = 6; then 6 + (0 - 6) * 0.5 = 3.
    expect(ema([2, 4, 6, 8, 0], 3)).toEqual([null, null, 4, 6, 3]);
  });
});

describe('bollinger', () => {
  it('puts the bands two population standard deviations around the 20-period SMA', () => {
    // Closes 1..20: mean 10.5, population variance (20² − 1) / 12 = 33.25.
    const closes = Array.from({ length: 21 }, (_, i) => i + 1);
    const bands = bollinger(closes, 20, 2);
    const deviation = Math.sqrt(33.25);
    expect(bands.middle[18]).toBeNull();
    expect(bands.middle[19]).toBeCloseTo(10.5, 10);
    expect(bands.upper[19]).toBeCloseTo(10.5 + 2 * deviation, 10);
    expect(bands.lower[19]).toBeCloseTo(10.5 - 2 * deviation, 10);
    // 2..21 is the same spread one higher.
    expect(bands.upper[20]).toBeCloseTo(11.5 + 2 * deviation, 10);
  });

  it('closes the bands on a flat price', () => {
    const bands = bollinger(new Array(20).fill(5), 20, 2);
    expect([bands.lower[19], bands.middle[19], bands.upper[19]]).toEqual([5, 5, 5]);
  });
});

describe('rsi', () => {
  it('matches the StockCharts 14-period worked example (Wilder smoothing)', () => {
    const values = rsi(STOCKCHARTS_RSI_CLOSES, 14);
    expect(values.slice(0, 14)).toEqual(new Array(14).fill(null));
    expect(round(values.slice(14))).toEqual(STOCKCHARTS_RSI_14);
  });

  it('is 100 when the price only rose and 0 when it only fell (hand-computed)', () => {
    expect(rsi([1, 2, 3], 2)).toEqual([null, null, 100]);
    expect(rsi([3, 2, 1], 2)).toEqual([null, null, 0]);
    // Changes +2, −1: gain 1, loss 0.5, RS 2, RSI 100 − 100 / 3.
    expect(rsi([10, 12, 11], 2)[2]).toBeCloseTo(100 - 100 / 3, 10);
  });
});

describe('macd', () => {
  it('is a constant 7 with no histogram on a steady climb (12/26/9, hand-computed)', () => {
    // On a straight line, an EMA seeded with its SMA lags by exactly (n − 1) / 2 steps: EMA12 = t − 5.5,
    // EMA26 = t − 12.5, so MACD = 7 from the 26th value, the signal 7 from the 34th, the histogram 0.
    const closes = Array.from({ length: 60 }, (_, i) => 100 + i);
    const { macd: line, signal, histogram } = macd(closes, 12, 26, 9);
    expect(line[24]).toBeNull();
    expect(line[25]).toBeCloseTo(7, 9);
    expect(line[59]).toBeCloseTo(7, 9);
    expect(signal[32]).toBeNull();
    expect(signal[33]).toBeCloseTo(7, 9);
    expect(histogram[33]).toBeCloseTo(0, 9);
  });

  it('is EMA12 − EMA26, and its histogram MACD − signal, on the StockCharts closes', () => {
    const closes = [...STOCKCHARTS_MA_CLOSES, ...STOCKCHARTS_MA_CLOSES];
    const { macd: line, signal, histogram } = macd(closes);
    const fast = ema(closes, 12);
    const slow = ema(closes, 26);
    expect(line[40]).toBeCloseTo((fast[40] as number) - (slow[40] as number), 12);
    expect(histogram[40]).toBeCloseTo((line[40] as number) - (signal[40] as number), 12);
  });
});

describe('vwap', () => {
  const DAY = 86_400_000;
  const candle = (time: number, high: number, low: number, close: number, volume: number): Candle => ({
    time,
    open: close,
    high,
    low,
    close,
    volume,
  });

  it('weights the typical price by volume and starts again at UTC midnight (hand-computed)', () => {
    const candles = [
      candle(DAY - 120_000, 12, 9, 9, 1), // typical 10
      candle(DAY - 60_000, 22, 19, 19, 3), // typical 20: (10·1 + 20·3) / 4 = 17.5
      candle(DAY, 31, 29, 30, 2), // a new UTC day: 30
      candle(DAY + 60_000, 40, 40, 40, 0), // no volume: still 30
    ];
    expect(vwap(candles)).toEqual([10, 17.5, 30, 30]);
  });

  it('has no value before a session trades', () => {
    expect(vwap([candle(0, 2, 1, 1.5, 0)])).toEqual([null]);
  });
});
