import { describe, expect, it } from 'vitest';
import { computeStudies, linePath, NO_INDICATORS, parseIndicators, studyStart } from './studies';
import type { Candle } from './types';

describe('parseIndicators', () => {
  it('keeps valid settings and turns anything unreadable off', () => {
    expect(parseIndicators({ sma: 20, ema: 50, bollinger: true, vwap: true, rsi: true, macd: true })).toEqual({
      sma: 20,
      ema: 50,
      bollinger: true,
      vwap: true,
      rsi: true,
      macd: true,
    });
    expect(parseIndicators({ sma: 0, ema: 2.5, bollinger: 'yes', rsi: 1, extra: 1 })).toEqual(NO_INDICATORS);
    expect(parseIndicators({ sma: 501 }).sma).toBeNull();
    expect(parseIndicators('{"sma":20}')).toEqual(NO_INDICATORS);
    expect(parseIndicators(null)).toEqual(NO_INDICATORS);
  });
});

describe('linePath', () => {
  it('draws the values on screen and lifts the pen over missing ones', () => {
    const d = linePath(
      [null, 1, 2, null, 4, 5],
      1,
      4,
      (i) => i * 10,
      (v) => v,
    );
    expect(d).toBe('M10,1L20,2M40,4');
  });
});

describe('computeStudies', () => {
  const candles: Candle[] = [1, 2, 3, 4].map((close, i) => ({
    time: i * 60_000,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  }));

  it('computes only what is on, one value per candle', () => {
    const studies = computeStudies(candles, { ...NO_INDICATORS, sma: 2, vwap: true });
    expect(studies.overlays.map((line) => [line.name, line.values])).toEqual([
      ['SMA 2', [null, 1.5, 2.5, 3.5]],
      ['VWAP', [1, 1.5, 2, 2.5]],
    ]);
    expect(studies.rsi).toBeNull();
    expect(studies.macd).toBeNull();
  });

  it('returns the same empty result when nothing is on, so the layers can skip', () => {
    expect(computeStudies(candles, NO_INDICATORS)).toBe(computeStudies(candles, { ...NO_INDICATORS }));
  });
});

describe('studyStart', () => {
  it('starts from the first candle on a short history, and 2,000 candles before the view on a long one', () => {
    expect(studyStart(300, 500, 26)).toBe(0);
    expect(studyStart(19_800, 20_000, 26)).toBe(17_000);
    // It moves in steps of 1,000, so panning a little keeps it.
    expect(studyStart(19_700, 20_000, 26)).toBe(17_000);
    // A long EMA warms up over ten periods.
    expect(studyStart(19_800, 20_000, 500)).toBe(14_000);
  });
});
