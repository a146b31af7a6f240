import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Signal } from '@signaldeck/server/api-types';
import { useSignalRows, type RawBody } from './signal-rows';

const signal = (id: string, overrides: Partial<Signal> = {}): Signal => ({
  id,
  ticker: 'BTC',
  action: 'buy',
  price: 84_000,
  quantity: null,
  positionSize: null,
  interval: '1m',
  strategy: 'Breakout',
  comment: null,
  status: 'accepted',
  reason: null,
  reasonCode: null,
  duplicateOf: null,
  alertTime: null,
  receivedAt: Number(id),
  storedAt: null,
  decidedAt: null,
  repeats: 0,
  strategyId: '3',
  testAlert: false,
  outcome: { status: 'ignored', reason: 'already long' },
  ...overrides,
});

const names = new Map([['3', 'Default']]);
const none: Readonly<Record<string, RawBody>> = {};

describe('given useSignalRows', () => {
  it("should name each signal's strategy by the alert's own name first, then the strategy whose URL received it, and say what it did", () => {
    const { result } = renderHook(() =>
      useSignalRows([signal('2'), signal('1', { strategy: 'Default' })], names, none),
    );
    expect(result.current.map((row) => [row.strategy, row.outcome])).toEqual([
      ['Breakout · Default', 'Ignored: already long'],
      ['Default', 'Ignored: already long'],
    ]);
  });

  it("should write the invisible and direction characters of the alert's strategy and comment as escapes", () => {
    const { result } = renderHook(() =>
      useSignalRows([signal('1', { strategy: '<b>Evil</b> \u202ename', comment: 'a\u200bb' })], names, none),
    );
    expect(result.current[0]).toMatchObject({ strategy: '<b>Evil</b> \\u202ename · Default', comment: 'a\\u200bb' });
  });

  it("should isolate a right-to-left alert name from the strategy's name after it, and escape the raw body", () => {
    const raw: Record<string, RawBody> = { '1': { state: 'loaded', raw: '{"action":"\u202elles"}\n' } };
    const { result } = renderHook(() => useSignalRows([signal('1', { strategy: 'אבג' })], names, raw));
    expect(result.current[0]!.strategy).toBe('\u2068אבג\u2069 · Default');
    expect(result.current[0]!.raw).toBe('{"action":"\\u202elles"}\n');
  });

  it("should keep a reversal's note to its first words in the row, and give its details the reason", () => {
    const note = 'short not opened: order needs 25,525.50 USD, the account has 10,134.85 USD available';
    const reversal = signal('1', {
      decidedAt: 2,
      outcome: {
        status: 'executed',
        side: 'sell',
        quantity: 0.5,
        price: 84_000,
        filledAt: 1,
        effect: 'close',
        closedQuantity: 0.5,
        openedQuantity: 0,
        fee: 1,
        slippage: 0,
        latencyMs: 1,
        note,
      },
    });
    const { result } = renderHook(() => useSignalRows([reversal], names, none));
    expect(result.current[0]?.outcome).toBe('Executed at 84,000.00: closed long 0.5, short not opened');
    expect(result.current[0]?.journey?.outcome).toMatchObject({ detail: expect.stringContaining(note) });
  });

  it('should keep the rows of the signals already shown when a page of older ones is appended', () => {
    const first = [signal('4'), signal('3')];
    const { result, rerender } = renderHook(({ signals }) => useSignalRows(signals, names, none), {
      initialProps: { signals: first },
    });
    const before = result.current;
    rerender({ signals: [...first, signal('2'), signal('1')] });
    expect(result.current).toHaveLength(4);
    expect(result.current[0]).toBe(before[0]);
    expect(result.current[1]).toBe(before[1]);
  });

  it('should give a signal a new row when its raw body loads, and leave the others', () => {
    const signals = [signal('2'), signal('1')];
    const { result, rerender } = renderHook(({ bodies }) => useSignalRows(signals, names, bodies), {
      initialProps: { bodies: none },
    });
    const before = result.current;
    rerender({ bodies: { '1': { state: 'loaded', raw: '{"ticker":"BTC"}' } } });
    expect(result.current[0]).toBe(before[0]);
    expect(result.current[1]).not.toBe(before[1]);
    expect(result.current[1]?.raw).toBe('{"ticker":"BTC"}');
  });

  it('should give every row the new name when the strategies are renamed', () => {
    const signals = [signal('1')];
    const { result, rerender } = renderHook(({ strategyNames }) => useSignalRows(signals, strategyNames, none), {
      initialProps: { strategyNames: names },
    });
    rerender({ strategyNames: new Map([['3', 'Trend']]) });
    expect(result.current[0]?.strategy).toBe('Breakout · Trend');
  });
});
