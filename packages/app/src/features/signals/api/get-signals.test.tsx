import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { Signal } from '@signaldeck/server/api-types';
import { prependSignal, signalsPageKey, useSignals, withOutcome } from './get-signals';

const signal = (id: string): Signal => ({
  id,
  ticker: 'BTC',
  action: 'buy',
  price: 1,
  quantity: null,
  positionSize: null,
  interval: '1m',
  strategy: null,
  comment: null,
  status: 'accepted',
  reason: null,
  duplicateOf: null,
  alertTime: null,
  receivedAt: 1,
  strategyId: '3',
  outcome: null,
});

describe('given signalsPageKey', () => {
  it('should carry the ticker, cursor and limit', () => {
    expect(signalsPageKey({ ticker: 'ETH' }, 'abc', 50)).toBe('/api/signals?ticker=ETH&cursor=abc&limit=50');
    expect(signalsPageKey({}, null, 50)).toBe('/api/signals?limit=50');
  });
});

describe('given prependSignal', () => {
  it('should put a new signal first', () => {
    const pages = [
      { data: [signal('1')], nextCursor: 'x' },
      { data: [signal('0')], nextCursor: null },
    ];
    expect(prependSignal(pages, signal('2'))?.[0]?.data.map((s) => s.id)).toEqual(['2', '1']);
  });

  it('should not add a signal twice', () => {
    const pages = [{ data: [signal('1')], nextCursor: null }];
    expect(prependSignal(pages, signal('1'))).toBe(pages);
  });
});

describe('given withOutcome', () => {
  it('should give the named signal its outcome and leave the others', () => {
    const pages = [{ data: [signal('2'), signal('1')], nextCursor: null }];
    const next = withOutcome(pages, {
      signalId: '1',
      strategyId: '3',
      outcome: { status: 'ignored', reason: 'already long' },
    });
    expect(next?.[0]?.data.map((s) => s.outcome)).toEqual([null, { status: 'ignored', reason: 'already long' }]);
  });

  it('should leave pages without that signal untouched', () => {
    const pages = [{ data: [signal('2')], nextCursor: null }];
    expect(
      withOutcome(pages, { signalId: '9', strategyId: '3', outcome: { status: 'pending', reason: 'next open' } }),
    ).toBe(pages);
  });
});

describe('given useSignals with a page loaded', () => {
  it('should hand out the same signals array on a render that changes no page', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig
        value={{ provider: () => new Map(), fetcher: async () => ({ data: [signal('1')], nextCursor: null }) }}
      >
        {children}
      </SWRConfig>
    );
    const { result, rerender } = renderHook(() => useSignals({}), { wrapper });
    await waitFor(() => expect(result.current.signals).toHaveLength(1));
    const first = result.current.signals;
    rerender();
    expect(result.current.signals).toBe(first);
  });
});
