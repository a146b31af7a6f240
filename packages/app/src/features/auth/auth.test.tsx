import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { routes } from '../../app/router';
import { registerTrader, useApiServer } from '../../test/api-server';
import { AUTH_STORAGE_KEY, authState, clearAuth, setSession } from './store';

type Trader = Awaited<ReturnType<typeof registerTrader>>;

// Each test registers a trader (Argon2 on the server), types into a form and waits for the server's
// answers and a lazily loaded page: slower than a unit test, and slower still on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let api: ReturnType<typeof useApiServer>;

beforeEach(() => {
  api = useApiServer();
});

afterEach(() => {
  clearAuth();
  authState.loggedOut = false;
  authState.notice = null;
});

/**
 * The app's real route table and providers at `path`, in memory. `visited` lists every location
 * the router went to after the first, so a test can tell one navigation from two.
 */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const visited: string[] = [];
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === lastKey) return;
    lastKey = state.location.key;
    visited.push(`${state.location.pathname}${state.location.search}`);
  });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, visited, location };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, trader: Pick<Trader, 'email' | 'password'>) {
  await user.type(await screen.findByLabelText('Email'), trader.email);
  await user.type(screen.getByLabelText('Password'), trader.password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The form's alert once it says something (the live region itself is always there). */
async function alertSays(message: string) {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
}

function storedAuth(): unknown {
  return JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
}

describe('given a guest', () => {
  describe('when they open a page that needs sign-in', () => {
    it('should show the sign-in form with the full original path, query included, as redirect', async () => {
      const app = renderApp('/signals?ticker=ETH');
      expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
      expect(app.location()).toBe(`/login?redirect=${encodeURIComponent('/signals?ticker=ETH')}`);
      await waitFor(() => expect(document.title).toBe('Login | SignalDeck'));
    });
  });

  describe('when they sign in from a redirect', () => {
    it('should go to the redirect path in exactly one navigation, signed in with the server’s answer', async () => {
      const trader = await registerTrader(api.origin, 'Grace Hopper');
      const user = userEvent.setup({ delay: null });
      const app = renderApp(`/login?redirect=${encodeURIComponent('/performance/overview')}`);
      await signIn(user, trader);

      expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
      expect(app.visited).toEqual(['/performance/overview']);
      expect(await screen.findByRole('button', { name: /Grace Hopper/ })).toBeInTheDocument();
      expect(storedAuth()).toEqual({ user: trader.user, token: expect.any(String) });
    });

    it('should send JSON, no bearer token and no cookies with the sign-in call, then the new token with the next', async () => {
      const trader = await registerTrader(api.origin);
      const user = userEvent.setup({ delay: null });
      renderApp(`/login?redirect=${encodeURIComponent('/performance/overview')}`);
      await signIn(user, trader);
      await screen.findByRole('heading', { name: 'Overview', level: 1 });

      const loginCall = api.calls.find((call) => new URL(call.url).pathname === '/api/login');
      expect(loginCall?.method).toBe('POST');
      expect(loginCall?.headers.get('content-type')).toBe('application/json');
      expect(loginCall?.headers.get('accept')).toBe('application/json');
      expect(loginCall?.headers.has('authorization')).toBe(false);
      expect(loginCall?.credentials).toBe('omit');
      expect(await loginCall?.json()).toEqual({ email: trader.email, password: trader.password });

      const token = authState.token;
      await expect
        .poll(() => api.calls.some((call) => new URL(call.url).pathname === '/api/user'), { timeout: 15_000 })
        .toBe(true);
      const userCall = api.calls.find((call) => new URL(call.url).pathname === '/api/user');
      expect(userCall?.headers.get('authorization')).toBe(`Bearer ${token}`);
    });
  });

  describe('when they sign in with no redirect', () => {
    it('should go straight to /trading/BTC/1m, once', async () => {
      const trader = await registerTrader(api.origin);
      const user = userEvent.setup({ delay: null });
      const app = renderApp('/login');
      await signIn(user, trader);

      await expect.poll(app.location, { timeout: 15_000 }).toBe('/trading/BTC/1m');
      expect(app.visited).toEqual(['/trading/BTC/1m']);
    });
  });

  describe('when they sign in with a wrong password', () => {
    it('should show the server’s message once, in an alert that describes the email field, and stay signed out', async () => {
      const trader = await registerTrader(api.origin);
      const user = userEvent.setup({ delay: null });
      const app = renderApp('/login');
      await signIn(user, { email: trader.email, password: 'not the password' });

      await alertSays('These credentials do not match our records.');
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('These credentials do not match our records.');
      expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getAllByText('These credentials do not match our records.')).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      expect(app.location()).toBe('/login');
      expect(authState.isAuthenticated).toBe(false);
      expect(storedAuth()).toBeNull();
    });
  });

  describe('when the sign-in answer lacks a token', () => {
    it('should show "Login failed: No user data or token returned" and stay signed out', async () => {
      const trader = await registerTrader(api.origin);
      api.answer('/api/login', () => Response.json({ user: trader.user }, { status: 200 }));
      const user = userEvent.setup({ delay: null });
      const app = renderApp('/login');
      await signIn(user, trader);

      await alertSays('Login failed: No user data or token returned');
      expect(app.location()).toBe('/login');
      expect(authState.isAuthenticated).toBe(false);
    });
  });

  describe('when they register', () => {
    async function fillRegistration(user: ReturnType<typeof userEvent.setup>, confirmation: string) {
      await user.click(await screen.findByRole('button', { name: 'Create an account' }));
      expect(await screen.findByRole('heading', { name: 'Create an account', level: 1 })).toBeInTheDocument();
      await user.type(screen.getByLabelText('Name'), 'Katherine Johnson');
      await user.type(screen.getByLabelText('Email'), `katherine-${Date.now()}@example.com`);
      await user.type(screen.getByLabelText('Password'), 'orbital mechanics');
      await user.type(screen.getByLabelText('Confirm password'), confirmation);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
    }

    it('should sign them in and go to the redirect path in one navigation', async () => {
      const user = userEvent.setup({ delay: null });
      const app = renderApp(`/login?redirect=${encodeURIComponent('/performance/trades')}`);
      await fillRegistration(user, 'orbital mechanics');

      expect(await screen.findByRole('heading', { name: 'Trades', level: 1 })).toBeInTheDocument();
      // Switching to the registration mode replaces the URL's query; signing in is the one navigation.
      expect(app.visited.filter((path) => !path.startsWith('/login'))).toEqual(['/performance/trades']);
      expect(await screen.findByRole('button', { name: /Katherine Johnson/ })).toBeInTheDocument();
    });

    it('should open the registration form from /register, keeping its redirect', async () => {
      const app = renderApp('/register?redirect=%2Fsignals');
      expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
      expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
      expect(app.location()).toBe('/login?redirect=%2Fsignals&mode=register');
      expect(document.title).toBe('Login | SignalDeck');
    });

    it('should show the server’s validation message when the passwords differ', async () => {
      const user = userEvent.setup({ delay: null });
      const app = renderApp('/login');
      await fillRegistration(user, 'something else');

      await alertSays('The password field confirmation does not match.');
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'The password field confirmation does not match.',
      );
      expect(screen.getAllByText('The password field confirmation does not match.')).toHaveLength(1);
      expect(app.location()).toBe('/login?mode=register');
      expect(authState.isAuthenticated).toBe(false);
    });

    it('should say each message once when a field has two: the first in the alert, the other under the field', async () => {
      const user = userEvent.setup({ delay: null });
      const app = renderApp('/login');
      await user.click(await screen.findByRole('button', { name: 'Create an account' }));
      await user.type(await screen.findByLabelText('Name'), 'Katherine Johnson');
      await user.type(screen.getByLabelText('Email'), `katherine-${Date.now()}@example.com`);
      await user.type(screen.getByLabelText('Password'), 'password');
      await user.type(screen.getByLabelText('Confirm password'), 'passwordx');
      await user.click(screen.getByRole('button', { name: 'Create account' }));

      const common = 'The password field is one of the most common passwords: choose another.';
      const mismatch = 'The password field confirmation does not match.';
      await alertSays(`${common} (and 1 more error)`);
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(`${common} (and 1 more error) ${mismatch}`);
      expect(screen.getAllByText(mismatch)).toHaveLength(1);
      expect(screen.queryByText(common)).toBeNull();
      expect(app.location()).toBe('/login?mode=register');
      expect(authState.isAuthenticated).toBe(false);
    });
  });
});

describe('given a signed-in user', () => {
  let trader: Trader;

  beforeEach(async () => {
    trader = await registerTrader(api.origin, 'Ada Lovelace');
  });

  describe('when they open /login', () => {
    it('should send them to the redirect value', async () => {
      setSession(trader.user, trader.token);
      const app = renderApp(`/login?redirect=${encodeURIComponent('/performance/analytics')}`);
      expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
      expect(app.visited).toEqual(['/performance/analytics']);
    });

    it('should send them to /, and so to the BTC chart, when there is no redirect', async () => {
      setSession(trader.user, trader.token);
      const app = renderApp('/login');
      await expect.poll(app.location, { timeout: 15_000 }).toBe('/trading/BTC/1m');
      expect(app.visited).toEqual(['/', '/trading/BTC/1m']);
    });

    it('should send them on from /register as from /login', async () => {
      setSession(trader.user, trader.token);
      const app = renderApp('/register');
      await expect.poll(app.location, { timeout: 15_000 }).toBe('/trading/BTC/1m');
    });
  });

  describe('when the stored user is out of date', () => {
    it('should show the user the server returns, from the one stored copy', async () => {
      setSession({ ...trader.user, name: 'A. Lovelace (old)' }, trader.token);
      renderApp('/performance/overview');

      expect(await screen.findByRole('button', { name: /Ada Lovelace/ }, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.queryByText('A. Lovelace (old)')).not.toBeInTheDocument();
      expect(storedAuth()).toEqual({ user: trader.user, token: trader.token });
    });
  });

  describe('when their token no longer works on the server', () => {
    it('should clear all auth state and go to login with the page as redirect', async () => {
      setSession(trader.user, 'not-a-token-the-server-issued');
      const app = renderApp('/performance/overview');

      expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
      expect(app.location()).toBe(`/login?redirect=${encodeURIComponent('/performance/overview')}`);
      expect(authState.user).toBeNull();
      expect(storedAuth()).toBeNull();
    });

    it('should say on the sign-in page that the session has ended, and say it no more once signed in again', async () => {
      const user = userEvent.setup({ delay: null });
      setSession(trader.user, 'not-a-token-the-server-issued');
      renderApp('/performance/overview');

      expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
      expect(
        screen.getByText('Your session has ended. Sign in again to go on.').closest('[role="status"]'),
      ).not.toBeNull();
      await signIn(user, trader);
      expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
      expect(authState.notice).toBeNull();
    });
  });

  describe('when they log out from the user menu', () => {
    /** Signed in on a page of the shell, the user opens their menu and chooses Log out. */
    async function logOutFromTheUserMenu() {
      setSession(trader.user, trader.token);
      const user = userEvent.setup({ delay: null });
      const app = renderApp('/performance/overview');
      await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }, { timeout: 15_000 }));
      await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }));
      return app;
    }

    it('should revoke the token, clear all auth state and go to plain /login', async () => {
      const app = await logOutFromTheUserMenu();

      expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
      expect(app.location()).toBe('/login');
      expect(storedAuth()).toBeNull();
      const stillWorks = await api.serverFetch('/api/user', { headers: { Authorization: `Bearer ${trader.token}` } });
      expect(stillWorks.status).toBe(401);
    });

    it('should sign them out all the same when the logout call fails', async () => {
      api.answer('/api/logout', () => Response.json({ message: 'Storage is unavailable.' }, { status: 503 }));
      const app = await logOutFromTheUserMenu();

      expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
      expect(app.location()).toBe('/login');
      expect(authState.isAuthenticated).toBe(false);
    });
  });
});
