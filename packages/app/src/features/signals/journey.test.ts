import { describe, expect, it } from 'vitest';
import type { Signal } from '@signaldeck/server/api-types';
import { journeyFields } from './journey';

const RECEIVED = Date.UTC(2026, 4, 2, 14, 3, 7, 120);

const signal = (overrides: Partial<Signal> = {}): Signal => ({
  id: '7',
  ticker: 'BTC',
  action: 'buy',
  price: null,
  quantity: null,
  positionSize: null,
  interval: null,
  strategy: null,
  comment: null,
  status: 'accepted',
  reason: null,
  reasonCode: null,
  duplicateOf: null,
  alertTime: RECEIVED - 1_200,
  receivedAt: RECEIVED,
  storedAt: RECEIVED + 4,
  decidedAt: RECEIVED + 350,
  repeats: 1,
  strategyId: '3',
  testAlert: false,
  outcome: null,
  ...overrides,
});

describe('given a signal filled at the market price of its receipt', () => {
  const executed = signal({
    outcome: {
      status: 'executed',
      side: 'buy',
      quantity: 0.01,
      effect: 'open',
      closedQuantity: null,
      openedQuantity: 0.01,
      price: 84_000,
      fee: 0.84,
      slippage: 0,
      filledAt: RECEIVED,
      latencyMs: 0,
      outOfSync: { at: 'before', tradingView: { position: 'long', size: null }, paper: { position: 'flat', size: 0 } },
    },
  });

  it('should place its "executed" step when the paper account executed it, after it was stored', () => {
    const { journey } = journeyFields(executed);
    expect(journey?.outcome).toMatchObject({ status: 'executed', at: RECEIVED + 350 });
    expect(journey?.storedAt).toBe(RECEIVED + 4);
  });

  it('should flag it out of sync with both positions in words', () => {
    expect(journeyFields(executed)).toMatchObject({
      outOfSync: true,
      journey: { outOfSync: { at: 'before', tradingView: 'long', paper: 'flat' }, repeats: 1 },
    });
  });
});

describe('given a repeat', () => {
  it('should link it to the signal it repeats, on the signals list', () => {
    const { journey, outOfSync } = journeyFields(signal({ status: 'duplicate', duplicateOf: '6', repeats: 0 }));
    expect(outOfSync).toBe(false);
    expect(journey?.repeatOf).toEqual({ id: '6', href: '/signals?selected=6' });
  });
});

describe("given the app's own test alert", () => {
  it('should say its first step was sent from Settings, and leave an alert from elsewhere to the default', () => {
    expect(journeyFields(signal({ testAlert: true })).journey).toMatchObject({
      alertLabel: 'Test alert sent from Settings',
    });
    expect(journeyFields(signal()).journey).not.toHaveProperty('alertLabel');
  });
});
