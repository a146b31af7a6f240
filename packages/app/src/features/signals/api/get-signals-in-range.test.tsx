import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Signal, SignalPage } from '@signaldeck/server/api-types';
import { AppProvider } from '../../../app/provider';
import { registerTrader, traderWebhook, useApiServer } from '../../../test/api-server';
import { clearAuth, setSession } from '../../auth/store';
import { useSignalsInRange } from './get-signals-in-range';

describe('given useSignalsInRange on the real server while the range is on its way', () => {
  // Registers a trader (Argon2 on the server) and posts alerts: slower than a unit test.
  vi.setConfig({ testTimeout: 60_000 });

  let api: ReturnType<typeof useApiServer>;
  let open: () => void;
  let post: Awaited<ReturnType<typeof traderWebhook>>;
  let token: string;

  beforeEach(async () => {
    api = useApiServer();
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The server's answer is read at once, and handed to the app only when the gate opens.
    api.answer('/api/signals', async (request) => {
      const url = new URL(request.url);
      const answer = await api.serverFetch(`${url.pathname}${url.search}`, { headers: request.headers });
      await gate;
      return answer;
    });
    const trader = await registerTrader(api.origin);
    post = await traderWebhook(api, trader.token);
    for (const price of [84_001, 84_002]) {
      const posted = await post({ ticker: 'BTC', action: 'buy', price });
      expect(posted.status).toBe(202);
    }
    token = trader.token;
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

  it('should show the stored signals with a live one that came before them, once each', async () => {
    const { result } = renderHook(() => useSignalsInRange('BTC', 0), { wrapper });
    await waitFor(() => expect(api.calls.some((call) => new URL(call.url).pathname === '/api/signals')).toBe(true));

    // A third alert is stored while the range is on its way, and comes live (the answer may hold it or not).
    const posted = await post({ ticker: 'BTC', action: 'sell', price: 84_003 });
    expect(posted.status).toBe(202);
    const newest = await api.serverFetch('/api/signals?ticker=BTC&limit=1', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    const live: Signal = ((await newest.json()) as SignalPage).data[0]!;
    expect(live.price).toBe(84_003);
    act(() => {
      result.current.applyEvent(live);
      result.current.applyEvent(live);
      // Another pair's signal is not this chart's.
      result.current.applyEvent({ ...live, id: 'other', ticker: 'ETH' });
    });
    expect(result.current.signals).toBeUndefined();

    open();
    await waitFor(() => expect(result.current.signals?.map((s) => s.price)).toEqual([84_003, 84_002, 84_001]));
  });
});
