import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, clearAuth, setSession } from '../../features/auth/store';
import { registerTrader, useApiServer } from '../../test/api-server';
import { AppProvider } from '../provider';
import { routes } from '../router';

// A trader registered on the real server (Argon2) and a lazily loaded page: slower than a unit test.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let api: ReturnType<typeof useApiServer>;
let trader: Awaited<ReturnType<typeof registerTrader>>;

beforeEach(async () => {
  api = useApiServer();
  trader = await registerTrader(api.origin, 'Grace Hopper');
  setSession(trader.user, trader.token);
});

afterEach(() => {
  clearAuth();
  authState.loggedOut = false;
  authState.notice = null;
});

/** User menu > Account, in the app's real routes and providers. */
async function openAccount() {
  const user = userEvent.setup();
  const router = createMemoryRouter(routes, { initialEntries: ['/account'] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  await screen.findByRole('heading', { name: 'Account', level: 1 });
  return { user, router };
}

/** Signs the trader in elsewhere, as another browser would; returns that session's Authorization header. */
async function signInElsewhere(userAgent: string) {
  const response = await api.serverFetch('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: trader.email, password: trader.password }),
  });
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

/** Types `name` in the Profile form and saves it, until the form says it is saved. */
async function saveName(user: ReturnType<typeof userEvent.setup>, name: string) {
  const profile = screen.getByRole('form', { name: 'Profile' });
  const field = within(profile).getByLabelText('Name');
  await user.clear(field);
  await user.type(field, name);
  await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
  expect(await within(profile).findByText('Profile saved.')).toBeInTheDocument();
}

describe('given the Account page', () => {
  it('should save a new name, which the user menu then shows', async () => {
    const { user } = await openAccount();
    await saveName(user, 'Grace Brewster Hopper');
    expect(authState.user?.name).toBe('Grace Brewster Hopper');
    await waitFor(() => expect(screen.getAllByText('Grace Brewster Hopper').length).toBeGreaterThan(0));
  });

  it("should keep the saved name when the page load's read of the user answers after the save", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    api.answer('/api/user', async (request) => {
      const answer = await api.serverFetch('/api/user', { headers: request.headers });
      await held;
      return answer;
    });
    const { user } = await openAccount();
    await waitFor(() => expect(api.calls.some((call) => new URL(call.url).pathname === '/api/user')).toBe(true));
    await saveName(user, 'Grace Brewster Hopper');

    release();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the held answer, read before the save, lands now
    expect(authState.user?.name).toBe('Grace Brewster Hopper');
    expect(screen.getAllByText('Grace Brewster Hopper').length).toBeGreaterThan(0);
  });

  it('should show in the form a name saved on another device, which the page load brings', async () => {
    const renamed = await api.serverFetch('/api/account/profile', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${trader.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace Brewster Hopper', email: trader.email }),
    });
    expect(renamed.status).toBe(200);
    // This tab still holds the name it stored at sign-in.
    expect(authState.user?.name).toBe('Grace Hopper');
    await openAccount();
    const name = within(screen.getByRole('form', { name: 'Profile' })).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Grace Brewster Hopper'));
    expect(authState.user?.name).toBe('Grace Brewster Hopper');
  });

  it('should ask for a name before saving, with one message', async () => {
    const { user } = await openAccount();
    const profile = screen.getByRole('form', { name: 'Profile' });
    const name = within(profile).getByLabelText('Name');
    expect(name).toBeRequired();
    await user.clear(name);
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(within(profile).getAllByText('Enter your name.')).toHaveLength(1);
    expect(authState.user?.name).toBe(trader.user.name);
  });

  it('should ask for the current password only when the email changes, and say when it is wrong', async () => {
    const { user } = await openAccount();
    const profile = screen.getByRole('form', { name: 'Profile' });
    expect(within(profile).queryByLabelText('Current password')).not.toBeInTheDocument();
    const email = within(profile).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, `new-${trader.email}`);
    const password = within(profile).getByLabelText('Current password');
    await user.type(password, 'not my password');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(/The current password is incorrect\./);
    // Said once, under the field, not again under the button.
    expect(within(profile).getAllByText('The current password is incorrect.')).toHaveLength(1);
    expect(within(profile).getByRole('alert')).toBeEmptyDOMElement();
    expect(authState.user?.email).toBe(trader.email);
  });

  it('should change the password and sign out the other sessions, keeping this one', async () => {
    const elsewhere = await signInElsewhere('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1');
    const { user } = await openAccount();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), trader.password);
    await user.type(within(form).getByLabelText('New password'), 'a brand new passphrase');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('Password changed. 1 other session was signed out.')).toBeInTheDocument();
    expect((await api.serverFetch('/api/user', { headers: { authorization: elsewhere } })).status).toBe(401);
    expect(authState.token).toBe(trader.token);
  });

  it('should list the sessions with this browser marked, and sign out another one', async () => {
    const elsewhere = await signInElsewhere(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Firefox/133.0',
    );
    const { user } = await openAccount();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const current = items.find((item) => within(item).queryByText('This browser'))!;
    expect(within(current).queryByRole('button', { name: /^Sign out/ })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /^Sign out Firefox on Windows/ }));
    expect(await screen.findByText('Firefox on Windows is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect((await api.serverFetch('/api/user', { headers: { authorization: elsewhere } })).status).toBe(401);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('should delete the account only once the email is typed, then land on the login page with a message', async () => {
    const { user, router } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    const form = screen.getByRole('form', { name: 'Delete account' });
    const confirm = within(form).getByRole('button', { name: 'Delete my account' });
    await user.type(within(form).getByLabelText(`Type ${trader.email} to confirm`), 'someone@example.com');
    await user.type(within(form).getByLabelText('Current password'), trader.password);
    expect(confirm).toBeDisabled();

    await user.clear(within(form).getByLabelText(`Type ${trader.email} to confirm`));
    await user.type(within(form).getByLabelText(`Type ${trader.email} to confirm`), trader.email);
    await user.click(confirm);

    expect(await screen.findByText('Your account and all its data have been deleted.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const login = await api.serverFetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: trader.email, password: trader.password }),
    });
    expect(login.status).toBe(422);
  });
});
