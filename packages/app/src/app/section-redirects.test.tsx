import { configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, clearAuth, setSession } from '../features/auth/store';
import { registerTrader, useApiServer } from '../test/api-server';
import { AppProvider } from './provider';
import { routes } from './router';

// A trader registered on the real server (Argon2) and a lazily loaded page: slower than a unit test.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(async () => {
  const api = useApiServer();
  const trader = await registerTrader(api.origin, 'Grace Hopper');
  setSession(trader.user, trader.token);
});

afterEach(() => {
  clearAuth();
  authState.loggedOut = false;
  authState.notice = null;
});

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe.each([
  { path: '/performance', page: 'Overview', to: '/performance/overview' },
  { path: '/settings', page: 'Strategy', to: '/settings/strategy' },
])('given a signed-in trader who opens $path', ({ path, page, to }) => {
  it(`should show its first page, ${page}, at ${to}, not "Page not found"`, async () => {
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { name: page, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
    await waitFor(() => expect(document.title).toBe(`${page} | SignalDeck`));
  });
});
