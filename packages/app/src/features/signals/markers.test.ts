import { describe, expect, it } from 'vitest';
import type { Signal } from '@signaldeck/server/api-types';
import { signalsToMarkers } from './markers';

const base: Signal = {
  id: '1',
  ticker: 'BTC',
  action: 'buy',
  price: 100,
  quantity: 1,
  positionSize: null,
  interval: '1m',
  strategy: 'Breakout',
  comment: null,
  status: 'accepted',
  reason: null,
  reasonCode: null,
  duplicateOf: null,
  alertTime: 1000,
  receivedAt: 2000,
  storedAt: null,
  decidedAt: null,
  repeats: 0,
  strategyId: '3',
  testAlert: false,
  outcome: null,
};

describe('given signalsToMarkers', () => {
  it('should tell entries long and short from exits, by action and by a position left flat', () => {
    const markers = signalsToMarkers([
      base,
      { ...base, id: '2', action: 'short' },
      { ...base, id: '3', action: 'exit_long' },
      { ...base, id: '4', action: 'exit_short' },
      { ...base, id: '5', action: 'sell', positionSize: 0 },
    ]);
    expect(markers.map((m) => [m.id, m.side, m.kind])).toEqual([
      ['1', 'buy', 'entry'],
      ['2', 'sell', 'entry'],
      ['3', 'sell', 'exit'],
      ['4', 'buy', 'exit'],
      ['5', 'sell', 'exit'],
    ]);
  });

  it('should flag a signal priced more than 10% from the market of its time', () => {
    const markers = signalsToMarkers(
      [
        { ...base, price: 1_102 },
        { ...base, id: '2', price: 84_100 },
      ],
      () => 84_000,
    );
    expect(markers.map((m) => m.warning)).toEqual(['Priced 98.69% below the market (at 84,000.00)', undefined]);
  });

  it("should show the alert's strategy and comment short, with invisible and direction characters as escapes", () => {
    const [marker] = signalsToMarkers([
      { ...base, strategy: 'Trend\u202e', comment: `\u202egnol ydaerla :derongI ${'A'.repeat(1_000)}` },
    ]);
    expect(marker!.label).toBe(`BUY · Trend\\u202e · \\u202egnol ydaerla :derongI ${'A'.repeat(36)}…`);
  });

  it('should flag a signal the paper account ignored with why, and one it executed or holds not at all', () => {
    const markers = signalsToMarkers(
      [
        { ...base, outcome: { status: 'ignored', reason: 'already long' } },
        { ...base, id: '2', price: 1, outcome: { status: 'ignored', reason: 'already long' } },
        { ...base, id: '3', outcome: { status: 'pending', reason: 'waiting for the 12:01 candle' } },
      ],
      () => 100,
    );
    expect(markers.map((m) => m.warning)).toEqual([
      'Ignored: already long',
      'Priced 99.00% below the market (at 100.00). Ignored: already long',
      undefined,
    ]);
  });

  it('should place buys, longs and short exits (a buy to cover) below, sells, shorts and other exits above', () => {
    const markers = signalsToMarkers([
      base,
      { ...base, id: '2', action: 'long' },
      { ...base, id: '3', action: 'sell' },
      { ...base, id: '4', action: 'exit', alertTime: null },
      { ...base, id: '5', action: 'exit_short' },
    ]);
    expect(markers.map((m) => [m.id, m.side, m.time])).toEqual([
      ['1', 'buy', 1000],
      ['2', 'buy', 1000],
      ['3', 'sell', 1000],
      ['4', 'sell', 2000],
      ['5', 'buy', 1000],
    ]);
    expect(markers[0]?.label).toBe('BUY · Breakout');
    expect(markers[0]?.price).toBe(100);
  });

  it('should leave out rejected and duplicate signals, and those without an action', () => {
    expect(
      signalsToMarkers([
        { ...base, status: 'rejected' },
        { ...base, status: 'duplicate' },
        { ...base, action: null },
      ]),
    ).toEqual([]);
  });
});
