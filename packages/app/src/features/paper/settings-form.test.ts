import { describe, expect, it } from 'vitest';
import type { StrategySettings } from '@signaldeck/server/api-types';
import { draftErrors, draftFrom, maskWebhookUrl, settingsBody } from './settings-form';

const defaults: StrategySettings = {
  paperTrading: true,
  startingBalance: 10000,
  sizing: { mode: 'signal', value: 1000 },
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
};

describe('given a strategy as the server answers it', () => {
  it('should send back the same settings when nothing is changed', () => {
    expect(settingsBody(draftFrom('Default', defaults))).toEqual({ name: 'Default', settings: defaults });
  });

  describe('after typing into the number fields', () => {
    it('should send numbers as numbers, blanks of optional settings as null and anything else as typed', () => {
      const draft = { ...draftFrom('Default', defaults), stopLossPct: '2', takeProfitPct: ' ', feeBps: 'ten' };
      const { settings } = settingsBody(draft);
      expect(settings).toMatchObject({ stopLossPct: 2, takeProfitPct: null, feeBps: 'ten' });
    });

    it('should send chosen pairs, and null when none is chosen (every pair)', () => {
      expect(settingsBody({ ...draftFrom('A', defaults), allowedTickers: ['ETH'] }).settings.allowedTickers).toEqual([
        'ETH',
      ]);
    });
  });
});

describe('given a 422 answer', () => {
  it('should put each message next to its field, and one without a field on the form', () => {
    expect(
      draftErrors({
        'settings.feeBps': ['Fee must be at least 0 bps'],
        'settings.sizing.value': ['Size must be positive'],
        name: ['Give the strategy a name.'],
        settings: ['Settings must be an object'],
      }),
    ).toEqual({
      feeBps: 'Fee must be at least 0 bps',
      sizingValue: 'Size must be positive',
      name: 'Give the strategy a name.',
      form: 'Settings must be an object',
    });
  });
});

describe('given maskWebhookUrl', () => {
  it('should hide the token and keep the address', () => {
    expect(maskWebhookUrl('https://x.example/api/webhooks/abcdef')).toBe('https://x.example/api/webhooks/••••••••');
  });
});
