import { describe, expect, it } from 'vitest';
import { chartSettingsKey, parseChartSettings } from './chart-settings';

describe('chart settings', () => {
  it('are stored per user and per pair', () => {
    expect(chartSettingsKey(7, 'btc')).toBe('signaldeck.chart.7.BTC');
    expect(chartSettingsKey(7, 'ETH')).not.toBe(chartSettingsKey(7, 'BTC'));
    expect(chartSettingsKey(8, 'BTC')).not.toBe(chartSettingsKey(7, 'BTC'));
  });

  it('read back what was stored, and nothing from an edited or broken value', () => {
    const stored = JSON.stringify({
      indicators: { sma: 50, ema: null, bollinger: true, vwap: false, rsi: true, macd: false },
    });
    expect(parseChartSettings(stored).indicators).toEqual({
      sma: 50,
      ema: null,
      bollinger: true,
      vwap: false,
      rsi: true,
      macd: false,
    });
    expect(parseChartSettings('{"indicators":{"sma":"<b>"}}').indicators.sma).toBeNull();
    expect(parseChartSettings('not json').indicators.rsi).toBe(false);
    expect(parseChartSettings(null).indicators.macd).toBe(false);
  });

  it('keep pane sizes within their ranges', () => {
    expect(parseChartSettings('{"paneSizes":{"volume":0.3,"rsi":160,"macd":64}}').paneSizes).toEqual({
      volume: 0.3,
      rsi: 160,
      macd: 64,
    });
    expect(parseChartSettings('{"paneSizes":{"volume":2,"rsi":5000,"macd":"big"}}').paneSizes).toEqual({
      volume: 0.2,
      rsi: 96,
      macd: 96,
    });
  });

  it('keep the last interval when it is one the chart has', () => {
    expect(parseChartSettings('{"interval":"4h"}').interval).toBe('4h');
    expect(parseChartSettings('{"interval":"7m"}').interval).toBeNull();
    expect(parseChartSettings('{"interval":["1d"]}').interval).toBeNull();
    expect(parseChartSettings(null).interval).toBeNull();
  });

  it('keep the price scale when it is one the chart has', () => {
    expect(parseChartSettings('{"priceScale":"log"}').priceScale).toBe('log');
    expect(parseChartSettings('{"priceScale":"percent"}').priceScale).toBe('percent');
    expect(parseChartSettings('{"priceScale":"cubic"}').priceScale).toBe('linear');
  });
});
