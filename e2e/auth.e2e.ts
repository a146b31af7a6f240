import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, useProduct } from './harness';

const product = useProduct();

async function fresh() {
  return product.guest();
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function storedAuth(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('signaldeck.auth'));
}

describe('given a guest', () => {
  describe('when they open a page that needs sign-in', () => {
    it('should go to login with the full original path, query included, as redirect', async () => {
      const { page, context } = await fresh();
      await page.goto('/signals?ticker=ETH');
      await page.waitForURL(/\/login/);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('redirect')).toBe('/signals?ticker=ETH');
      await context.close();
    });

    it('should send / to login with redirect=/', async () => {
      const { page, context } = await fresh();
      await page.goto('/');
      await page.waitForURL(/\/login/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/');
      await context.close();
    });
  });

  describe('when they register', () => {
    it('should sign them in and land on /trading/BTC/1m titled "Trading Chart | SignalDeck"', async () => {
      const { page, context, errors } = await fresh();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByLabel('Email').fill(`grace${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a long passphrase');
      await page.getByLabel('Confirm password').fill('a long passphrase');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/trading/BTC/1m');
      await expect.poll(() => page.title()).toBe('Trading Chart | SignalDeck');
      const stored = JSON.parse((await storedAuth(page)) ?? '{}') as { user?: { name: string }; token?: string };
      expect(stored.user?.name).toBe('Grace Hopper');
      expect(stored.token).toMatch(/^\d+\|/);
      expect(errors.page).toEqual([]);
      await context.close();
    });

    it('should show the server’s validation message when the passwords differ', async () => {
      const { page, context } = await fresh();
      await page.goto('/login?mode=register');
      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByLabel('Email').fill(`mismatch${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a long passphrase');
      await page.getByLabel('Confirm password').fill('another passphrase');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/confirmation does not match/i);
      expect(new URL(page.url()).pathname).toBe('/login');
      await context.close();
    });
  });

  describe('when they sign in with a redirect', () => {
    it('should return them to the redirect path', async () => {
      const user = await registerUser(product.server.url);
      const { page, context } = await fresh();
      await page.goto('/signals?ticker=BTC');
      await page.waitForURL(/\/login/);
      await signInThroughForm(page, user.email, user.password);
      await page.waitForURL('**/signals?ticker=BTC');
      await expect.poll(() => page.title()).toBe('Webhook Signals | SignalDeck');
      await context.close();
    });
  });

  describe('when they sign in with a wrong password', () => {
    it('should show the error in an alert and stay signed out', async () => {
      const user = await registerUser(product.server.url);
      const { page, context } = await fresh();
      await page.goto('/login');
      await signInThroughForm(page, user.email, 'not the password');
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/credentials do not match/i);
      expect(await storedAuth(page)).toBeNull();
      await context.close();
    });
  });

  describe('when the login answer lacks a user or token', () => {
    it('should show "Login failed: No user data or token returned"', async () => {
      const { page, context } = await fresh();
      await page.route('**/api/login', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ user: null }) }),
      );
      await page.goto('/login');
      await signInThroughForm(page, 'someone@example.com', 'whatever123');
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('Login failed: No user data or token returned');
      expect(await storedAuth(page)).toBeNull();
      await context.close();
    });

    it('should show "Registration failed: No user data or token returned" for registration', async () => {
      const { page, context } = await fresh();
      await page.route('**/api/register', (route) =>
        route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ token: 'x' }) }),
      );
      await page.goto('/login?mode=register');
      await page.getByLabel('Name').fill('No One');
      await page.getByLabel('Email').fill('noone@example.com');
      await page.getByLabel('Password', { exact: true }).fill('whatever123');
      await page.getByLabel('Confirm password').fill('whatever123');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('Registration failed: No user data or token returned');
      await context.close();
    });
  });
});

describe('given a signed-in user', () => {
  async function signedIn() {
    const user = await registerUser(product.server.url);
    const opened = await fresh();
    await opened.page.goto('/login');
    await signInThroughForm(opened.page, user.email, user.password);
    await opened.page.waitForURL('**/trading/BTC/1m');
    return { ...opened, user };
  }

  describe('when they open /login', () => {
    it('should send them to the redirect value, or to / (and so to the BTC chart)', async () => {
      const { page, context } = await signedIn();
      await page.goto('/login?redirect=%2Fsignals');
      await page.waitForURL('**/signals');
      await page.goto('/login');
      await page.waitForURL('**/trading/BTC/1m');
      await context.close();
    });
  });

  describe('after a reload', () => {
    it('should still be signed in', async () => {
      const { page, context } = await signedIn();
      await page.reload();
      // The chart's code loads first ("Loading SignalDeck…" meanwhile): seconds on a busy machine.
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Trading Chart | SignalDeck');
      expect(new URL(page.url()).pathname).toBe('/trading/BTC/1m');
      await context.close();
    });
  });

  describe('when their token is revoked on the server', () => {
    it('should clear auth on the 401 and go to login', async () => {
      const { page, context } = await signedIn();
      const stored = JSON.parse((await storedAuth(page)) ?? '{}') as { token: string };
      const res = await fetch(`${product.server.url}/api/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stored.token}`, Accept: 'application/json' },
      });
      expect(res.status).toBe(204);
      await page.reload();
      await page.waitForURL(/\/login/);
      expect(await storedAuth(page)).toBeNull();
      await context.close();
    });
  });

  describe('when they log out', () => {
    it('should clear all auth state and go to /login', async () => {
      const { page, context } = await signedIn();
      await page.getByRole('button', { name: /user menu/i }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL('**/login');
      expect(await storedAuth(page)).toBeNull();
      await page.goto('/signals');
      await page.waitForURL(/\/login\?redirect=%2Fsignals/);
      await context.close();
    });

    it('should still sign them out when the logout call fails', async () => {
      const { page, context } = await signedIn();
      await page.route('**/api/logout', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: /user menu/i }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL('**/login');
      expect(await storedAuth(page)).toBeNull();
      await context.close();
    });
  });
});
