import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { api, registerUser, signedInPage, useProduct, type User } from './harness';

/*
 * User menu > Account in real Chromium against the built server: each test has a trader of its own, since it
 * changes their password, signs out their sessions or deletes them.
 */
const product = useProduct({ env: { RATE_LIMIT_REGISTER_PER_MINUTE: '100' } });

const NEW_PASSWORD = 'a brand new passphrase';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function trader(name = 'Ada Lovelace'): Promise<User> {
  return registerUser(product.server.url, { name, email: `account-${Date.now()}-${Math.random()}@example.com` });
}

/** Another sign-in of `user`, as another browser would make it; returns the user with that session's token. */
async function signInElsewhere(user: User, userAgent = FIREFOX_ON_WINDOWS): Promise<User> {
  const response = await fetch(`${product.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return { ...user, token: ((await response.json()) as { token: string }).token };
}

const statusOf = async (token: string) =>
  (await fetch(`${product.server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status;

async function openAccount(user: User, viewport?: { width: number; height: number }) {
  const opened = await signedInPage(product.browser, product.server.url, user, { viewport });
  await opened.page.goto('/account');
  await opened.page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  return opened;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('given the Account page', () => {
  it('should save a new name, which the user menu in the header shows at once', async () => {
    const ada = await trader();
    const { page, context, errors } = await openAccount(ada);
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Name').fill('Ada King');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();
    const menu = page.getByRole('button', { name: /user menu/i });
    await expect.poll(() => menu.innerText(), { timeout: 10_000 }).toContain('Ada King');
    expect(await menu.innerText()).toContain('AK');
    expect(errors.page).toEqual([]);
    await context.close();
  });

  it('should change the password, sign out the other browser, keep this one, and sign in with the new password', async () => {
    const ada = await trader();
    const elsewhere = await signInElsewhere(ada);
    const other = await signedInPage(product.browser, product.server.url, elsewhere);
    await other.page.goto('/signals');
    await other.page.getByRole('heading', { level: 1 }).waitFor();

    const { page, context } = await openAccount(ada);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(ada.password);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed. 1 other session was signed out.').waitFor();

    // The other browser's session is gone: its next page load lands on the login page.
    expect(await statusOf(elsewhere.token)).toBe(401);
    await other.page.reload();
    await other.page.waitForURL(/\/login/);
    // This one still works.
    await page.reload();
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    expect(await statusOf(ada.token)).toBe(200);

    await signInThroughForm(other.page, ada.email, ada.password);
    await other.page.getByText('These credentials do not match our records.').first().waitFor();
    await signInThroughForm(other.page, ada.email, NEW_PASSWORD);
    await other.page.waitForURL('**/signals');
    await other.context.close();
    await context.close();
  });

  it('should list the sessions with this browser marked and sign out another one', async () => {
    const ada = await trader();
    // Registered through the API (from Node); signed in here through the form, and once more from "Firefox".
    const elsewhere = await signInElsewhere(ada);
    const { page, context } = await product.guest('/login');
    await signInThroughForm(page, ada.email, ada.password);
    await page.waitForURL('**/trading/BTC/1m');
    await page.goto('/account');
    const list = page.getByRole('list', { name: 'Active sessions' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(await list.getByRole('listitem').filter({ hasText: 'This browser' }).innerText()).toMatch(
      /Chrome.* on Linux/,
    );

    await list.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    await page.getByText('Firefox on Windows is signed out.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await statusOf(elsewhere.token)).toBe(401);
    expect(await statusOf(ada.token)).toBe(200);
    await context.close();
  });

  it("should download a JSON export holding the trader's signal, with the webhook token left out", async () => {
    const ada = await trader();
    const { url } = await api<{ url: string }>(product.server.url, ada.token, '/api/webhook');
    const webhook = new URL(url);
    const posted = await fetch(`${product.server.url}${webhook.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', price: 65000, comment: 'export me' }),
    });
    expect(posted.status).toBe(202);

    const { page, context } = await openAccount(ada);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download everything (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^signaldeck-export-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const exported = JSON.parse(text) as { profile: { email: string }; signals: { comment: string }[] };
    expect(exported.profile.email).toBe(ada.email);
    expect(exported.signals.map((signal) => signal.comment)).toEqual(['export me']);
    expect(text).not.toContain(webhook.pathname.split('/').pop());
    await page.getByText(/^Downloaded signaldeck-export-/).waitFor();
    await context.close();
  });

  it('should delete the account once its email is typed, land on the login page with a message, and refuse its login after', async () => {
    const ada = await trader();
    const { page, context } = await openAccount(ada);
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const form = page.getByRole('form', { name: 'Delete account' });
    const confirm = form.getByRole('button', { name: 'Delete my account' });
    await form.getByLabel('Current password').fill(ada.password);
    await form.getByLabel(`Type ${ada.email} to confirm`).fill('someone@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await form.getByLabel(`Type ${ada.email} to confirm`).fill(ada.email);
    await confirm.click();

    await page.waitForURL(/\/login$/);
    await page.getByText('Your account and all its data have been deleted.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('signaldeck.auth'))).toBeNull();
    await signInThroughForm(page, ada.email, ada.password);
    await page.getByText('These credentials do not match our records.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`should have no serious axe violations in the ${theme} theme, with sessions listed and the delete form open`, async () => {
      const ada = await trader();
      await signInElsewhere(ada);
      const opened = await signedInPage(product.browser, product.server.url, ada);
      await opened.context.addInitScript((t) => localStorage.setItem('dk-theme', t), theme);
      await opened.page.goto('/account');
      const { page } = opened;
      // The sessions arrive with their own request, after the page: on a busy machine in more than poll's 1 s.
      await expect
        .poll(() => page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').count(), {
          timeout: 15_000,
        })
        .toBe(2);
      await page.getByRole('button', { name: 'Delete account…' }).click();
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('The current password field is required.').first().waitFor();
      await page.waitForTimeout(300);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await opened.context.close();
    });
  }
});
