import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, clearAuth, setSession } from '../../features/auth/store';
import { registerTrader, traderWebhook, useApiServer } from '../../test/api-server';
import { AppProvider } from '../provider';
import { routes } from '../router';

// A trader registered on the real server (Argon2) and a lazily loaded page: slower than a unit test.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

/** A phone: the kit's `max-width` queries (its cards, its sheet) match; any other answers as the test setup's stand-in. */
function stubPhone() {
  const standIn = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...standIn(query), matches: query.includes('max-width') }));
}

beforeEach(async () => {
  const api = useApiServer();
  const trader = await registerTrader(api.origin, 'Grace Hopper');
  const post = await traderWebhook(api, trader.token);
  const alert = { ticker: 'BTCUSD', action: 'buy', price: 84_000, quantity: 0.01113862, interval: '15m' };
  expect((await post(alert)).status).toBe(202);
  setSession(trader.user, trader.token);
  stubPhone();
});

afterEach(() => {
  clearAuth();
  authState.notice = null;
});

describe('given a phone whose column choices were saved when phones started without the quantity and interval', () => {
  beforeEach(() => {
    // What the table saved after the trader hid the strategy on a phone: the two columns it started without first.
    const saved = { sorting: [], columnVisibility: { quantity: false, interval: false, strategy: false } };
    localStorage.setItem('signaldeck.signalsTable', JSON.stringify(saved));
  });

  it("should show each signal's quantity and interval, and keep the strategy the trader hid", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/signals'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await screen.findByRole('grid', { name: 'All signals' });
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).toEqual(expect.arrayContaining(['Quantity', 'Interval']));
    expect(headers()).not.toContain('Strategy');
  });
});
