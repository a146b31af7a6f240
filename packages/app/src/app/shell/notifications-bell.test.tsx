import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, clearAuth, setSession } from '../../features/auth/store';
import { registerTrader, useApiServer } from '../../test/api-server';
import { AppProvider } from '../provider';
import { routes } from '../router';

// A trader registered on the real server (Argon2), its live stream and a lazily loaded page.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

let api: ReturnType<typeof useApiServer>;
let trader: Awaited<ReturnType<typeof registerTrader>>;

beforeEach(async () => {
  api = useApiServer();
  trader = await registerTrader(api.origin, 'Bell Ringer');
  setSession(trader.user, trader.token);
});

afterEach(() => {
  clearAuth();
  authState.loggedOut = false;
  authState.notice = null;
});

async function postRejectedAlert(body: string) {
  const auth = { authorization: `Bearer ${trader.token}` };
  const { url } = (await (await api.serverFetch('/api/webhook', { headers: auth })).json()) as { url: string };
  const posted = await api.serverFetch(new URL(url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body,
  });
  expect(posted.ok).toBe(true);
}

describe('given the header bell of a signed-in page', () => {
  it('should ring with a rejected alert as it happens, open it, and lead to the full list', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, { initialEntries: ['/settings/api-keys'] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const quiet = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(quiet);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // The live stream is open once the connection indicator says so.
    await screen.findByText('Live');

    await postRejectedAlert('definitely not an alert');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const menu = await screen.findByRole('menu');
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries[0]).toHaveTextContent(/^Unread: /);
    await user.click(within(menu).getByRole('menuitem', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/notifications'));
  });
});
