import { describe, expect, it } from 'vitest';
import { validationError } from '../../http/validation';
import { DEFAULT_SETTINGS, applySettingsPatch, parseSettings, type SettingsResult } from './settings';

const errorsOf = (result: SettingsResult) => {
  if (result.ok) throw new Error('expected validation errors');
  return result.errors;
};

describe('given no settings', () => {
  it('should give the defaults of the design', () => {
    expect(parseSettings()).toEqual({
      ok: true,
      settings: {
        paperTrading: true,
        startingBalance: 10_000,
        sizing: { mode: 'signal', value: 1_000 },
        sides: 'both',
        onOpposite: 'reverse',
        pyramiding: false,
        fill: 'market',
        slippageBps: 0,
        feeBps: 10,
        stopLossPct: null,
        takeProfitPct: null,
        maxSignalAgeS: null,
        allowedTickers: null,
      },
    });
  });
});

describe('given a patch with a subset of the settings', () => {
  const current = { ...DEFAULT_SETTINGS, stopLossPct: 2, allowedTickers: ['BTC' as const] };

  it('should change only the settings it names', () => {
    const result = applySettingsPatch(current, { feeBps: 5, sides: 'long' });
    expect(result).toEqual({ ok: true, settings: { ...current, feeBps: 5, sides: 'long' } });
  });

  it('should unset a nullable setting given null', () => {
    const result = applySettingsPatch(current, { stopLossPct: null, allowedTickers: null });
    expect(result.ok && [result.settings.stopLossPct, result.settings.allowedTickers]).toEqual([null, null]);
  });

  it('should read tickers in any case, once each, in the listed order', () => {
    const result = applySettingsPatch(current, { allowedTickers: ['sol', 'BTC', 'btc'] });
    expect(result.ok && result.settings.allowedTickers).toEqual(['BTC', 'SOL']);
  });

  it('should give signal sizing its default fallback when the value is left out', () => {
    const result = applySettingsPatch(
      { ...current, sizing: { mode: 'fixed', value: 2 } },
      { sizing: { mode: 'signal' } },
    );
    expect(result.ok && result.settings.sizing).toEqual({ mode: 'signal', value: 1_000 });
  });
});

describe('given settings a trader must correct', () => {
  it.each([
    [{ startingBalance: 0 }, 'startingBalance', 'Starting balance must be at least 1 USD'],
    [{ startingBalance: 5e-324 }, 'startingBalance', 'Starting balance must be at least 1 USD'],
    [
      { startingBalance: '100' },
      'startingBalance',
      'Starting balance must be a number from 1 USD to 1,000,000,000,000 USD',
    ],
    [{ startingBalance: 2e12 }, 'startingBalance', 'Starting balance must be at most 1,000,000,000,000 USD'],
    [{ sizing: { mode: 'fixed', value: 1e-9 } }, 'sizing.value', 'Fixed size must be at least 0.00000001'],
    [
      { takeProfitPct: 1_000 },
      'takeProfitPct',
      "Take profit must be at most 99.99% while shorts are traded (a short's target of 100% or more would be at or below 0); set sides to long for a larger target",
    ],
    [{ slippageBps: -1 }, 'slippageBps', 'Slippage must be at least 0 bps'],
    [{ feeBps: 1_001 }, 'feeBps', 'Fee must be at most 1,000 bps'],
    [{ stopLossPct: 100 }, 'stopLossPct', 'Stop loss must be at most 99.99%'],
    [{ takeProfitPct: 0 }, 'takeProfitPct', 'Take profit must be more than 0%'],
    [{ maxSignalAgeS: 2.5 }, 'maxSignalAgeS', 'Max signal age must be a whole number from 1 s to 86,400 s'],
    [{ sides: 'up' }, 'sides', 'Sides must be long, short or both'],
    [{ fill: 'close' }, 'fill', 'Fill price must be signal, market or next_open'],
    [{ onOpposite: 'flip' }, 'onOpposite', 'On opposite signal must be reverse or close'],
    [{ paperTrading: 'yes' }, 'paperTrading', 'Paper trading must be true or false'],
    [{ pyramiding: null }, 'pyramiding', 'Adding to a position (pyramiding) must be true or false'],
    [{ allowedTickers: ['BTC', 'DOGE'] }, 'allowedTickers', 'Allowed tickers must be among BTC, ETH or SOL (not DOGE)'],
    [
      { allowedTickers: ['\u0007DOGE\u202eCTB'] },
      'allowedTickers',
      'Allowed tickers must be among BTC, ETH or SOL (not \\u0007DOGE\\u202eCTB)',
    ],
    [
      { allowedTickers: [] },
      'allowedTickers',
      'Allowed tickers must list at least one of BTC, ETH or SOL, or be null for all',
    ],
    [
      { sizing: { mode: 'percent' } },
      'sizing.value',
      'Percent sizing needs a value: the share of equity each order uses',
    ],
    [{ sizing: { mode: 'percent', value: 150 } }, 'sizing.value', 'Percent of equity must be at most 100%'],
    [{ sizing: { mode: 'notional', value: 0 } }, 'sizing.value', 'Notional size must be more than 0 USD'],
    [{ sizing: { mode: 'all-in', value: 1 } }, 'sizing.mode', 'Sizing mode must be signal, fixed, notional or percent'],
    [{ sizing: 500 }, 'sizing', 'Sizing must be an object such as {"mode": "notional", "value": 500}'],
  ])('should refuse %j under %s with a message that says what is allowed', (patch, field, message) => {
    expect(errorsOf(applySettingsPatch(DEFAULT_SETTINGS, patch))).toEqual({ [field]: [message] });
  });

  it('should name a setting that does not exist, so a typo is not silently dropped', () => {
    const errors = errorsOf(applySettingsPatch(DEFAULT_SETTINGS, { stopLoss: 2 }));
    expect(errors.stopLoss).toEqual([
      expect.stringMatching(/^stopLoss is not a setting \(settings are paperTrading, /),
    ]);
  });

  it('should say what sizing takes when it is given something else', () => {
    expect(errorsOf(applySettingsPatch(DEFAULT_SETTINGS, { sizing: { mode: 'fixed', value: 1, qty: 2 } }))).toEqual({
      'sizing.qty': ['sizing takes mode and value; qty is not one of them'],
    });
  });

  it('should refuse a body that is not an object under "settings"', () => {
    expect(errorsOf(applySettingsPatch(DEFAULT_SETTINGS, [1]))).toEqual({
      settings: ['Settings must be a JSON object, such as {"feeBps": 10}'],
    });
  });

  it("should report every problem at once, in the shape of the API's 422", () => {
    const errors = errorsOf(parseSettings({ startingBalance: -5, feeBps: 5_000 }));
    const error = validationError(errors);
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('Starting balance must be at least 1 USD (and 1 more error)');
    expect(error.errors).toEqual({
      startingBalance: ['Starting balance must be at least 1 USD'],
      feeBps: ['Fee must be at most 1,000 bps'],
    });
  });
});

describe('given keys that are names of Object.prototype', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'should refuse %s as a setting that does not exist, not fail',
    (key) => {
      const errors = errorsOf(applySettingsPatch(DEFAULT_SETTINGS, JSON.parse(`{"${key}": 1}`)));
      expect(Object.keys(errors)).toEqual([key]);
      expect(errors[key]).toEqual([expect.stringMatching(new RegExp(`^${key} is not a setting`))]);
    },
  );
});

describe('given a large take profit', () => {
  it('should take it for a strategy that trades only longs, and refuse shorts while it is set', () => {
    const longOnly = applySettingsPatch(DEFAULT_SETTINGS, { sides: 'long', takeProfitPct: 500 });
    expect(longOnly.ok && longOnly.settings.takeProfitPct).toBe(500);
    if (!longOnly.ok) return;
    expect(Object.keys(errorsOf(applySettingsPatch(longOnly.settings, { sides: 'both' })))).toEqual(['takeProfitPct']);
  });
});
