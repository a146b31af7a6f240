import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Signal } from '@signaldeck/server/api-types';
import { AppProvider } from '../../../app/provider';
import { registerTrader, traderWebhook, useApiServer } from '../../../test/api-server';
import { clearAuth, setSession } from '../../auth/store';
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
  reasonCode: null,
  duplicateOf: null,
  alertTime: null,
  receivedAt: 1,
  storedAt: null,
  decidedAt: null,
  repeats: 0,
  strategyId: '3',
  testAlert: false,
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

describe('given useSignals while its first page is on its way', () => {
  it('should show the page when it comes, with a live signal and an outcome that arrived before it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetcher = async () => {
      await held;
      return { data: [signal('2'), signal('1')], nextCursor: null };
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map(), fetcher }}>{children}</SWRConfig>
    );
    const { result } = renderHook(() => useSignals({}), { wrapper });
    expect(result.current.isLoading).toBe(true);

    act(() => {
      result.current.applyEvent(signal('3'));
      result.current.applyOutcome({ signalId: '2', strategyId: '3', outcome: { status: 'ignored', reason: 'flat' } });
    });
    release();

    await waitFor(() => expect(result.current.signals.map((s) => s.id)).toEqual(['3', '2', '1']));
    expect(result.current.signals[1]!.outcome).toEqual({ status: 'ignored', reason: 'flat' });
    expect(result.current.isLoading).toBe(false);
  });
});

describe('given useSignals on the real server, pages of 2 then 3, and 8 stored signals', () => {
  // Each test registers a trader (Argon2 on the server) and posts its alerts: slower than a unit test.
  vi.setConfig({ testTimeout: 60_000 });

  let api: ReturnType<typeof useApiServer>;
  let prices: number[];
  /** Pages after the first wait for this before the server's answer is handed to the app. */
  let gate: Promise<void>;
  let open: () => void;
  /** The pages after the first whose answers were handed to the app, by cursor. */
  let answered: string[];

  beforeEach(async () => {
    api = useApiServer();
    gate = new Promise((resolve) => (open = resolve));
    answered = [];
    api.answer('/api/signals', async (request) => {
      const url = new URL(request.url);
      const answer = await api.serverFetch(`${url.pathname}${url.search}`, { headers: request.headers });
      const cursor = url.searchParams.get('cursor');
      if (cursor) {
        await gate;
        answered.push(cursor);
      }
      return answer;
    });
    const trader = await registerTrader(api.origin);
    const post = await traderWebhook(api, trader.token);
    prices = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => 84_000 + n);
    for (const price of prices) {
      const posted = await post({ ticker: 'BTC', action: 'buy', price });
      expect(posted.status).toBe(202);
    }
    setSession(trader.user, trader.token);
  });

  afterEach(() => {
    open();
    clearAuth();
  });

  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
    </AppProvider>
  );
  const shownPrices = (signals: readonly Signal[]) => signals.map((s) => s.price);
  /** The signals pages the app asked the server for, as `limit` and whether a cursor was sent. */
  const pagesAskedFor = () =>
    api.calls
      .map((call) => new URL(call.url))
      .filter((url) => url.pathname === '/api/signals')
      .map((url) => `${url.searchParams.has('cursor') ? 'next' : 'first'}:${url.searchParams.get('limit')}`);

  it('should show the first page, then fetch the next one ahead without showing it', async () => {
    const { result } = renderHook(() => useSignals({}, 2, 3), { wrapper });
    await waitFor(() => expect(shownPrices(result.current.signals)).toEqual([84_008, 84_007]));
    // The next page is asked for as soon as the first is in, with the larger page size.
    await waitFor(() => expect(pagesAskedFor()).toEqual(['first:2', 'next:3']));
    expect(result.current.hasMore).toBe(true);
    expect(result.current.loadingMore).toBe(false);
    const shown = result.current.signals;

    open();
    await waitFor(() => expect(answered).toHaveLength(1));
    // SWR reads the answer in microtasks and a render: let it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    // Its arrival changes nothing on screen: the same list, not a copy.
    expect(result.current.signals).toBe(shown);
  });

  it('should show the page fetched ahead at once when more is asked for, and fetch the one after it', async () => {
    open();
    const { result } = renderHook(() => useSignals({}, 2, 3), { wrapper });
    await waitFor(() => expect(answered).toHaveLength(1));
    // SWR reads the answer in microtasks and a render: let it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));

    act(() => result.current.loadMore());
    expect(shownPrices(result.current.signals)).toEqual([84_008, 84_007, 84_006, 84_005, 84_004]);
    expect(result.current.loadingMore).toBe(false);
    // The page after it, not the one just shown again.
    await waitFor(() => expect(pagesAskedFor()).toEqual(['first:2', 'next:3', 'next:3']));
    await waitFor(() => expect(answered).toHaveLength(2));
    expect(answered[1]).not.toBe(answered[0]);

    act(() => result.current.loadMore());
    await waitFor(() => expect(shownPrices(result.current.signals)).toEqual([...prices].reverse()));
    expect(result.current.hasMore).toBe(false);
    // The last page said there is no more: nothing further is fetched.
    expect(pagesAskedFor()).toEqual(['first:2', 'next:3', 'next:3']);
  });

  it('should say more is loading while the page asked for is still on its way', async () => {
    const { result } = renderHook(() => useSignals({}, 2, 3), { wrapper });
    await waitFor(() => expect(pagesAskedFor()).toEqual(['first:2', 'next:3']));
    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(true);
    expect(result.current.signals).toHaveLength(2);

    open();
    await waitFor(() => expect(result.current.signals).toHaveLength(5));
    expect(result.current.loadingMore).toBe(false);
  });
});
