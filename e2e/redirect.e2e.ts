import { describe, expect, it } from 'vitest';
import { registerUser, useProduct } from './harness';

const product = useProduct();

/** Redirect values that a browser reads as another site, each written as it would sit in a crafted link. */
const OFF_SITE = ['/%09/evil.example', '/%0A/evil.example', '/%5C/evil.example', '//evil.example', '/.//evil.example'];

describe('given a crafted redirect that leads off the site', () => {
  it.each(OFF_SITE)('should take a signed-in user opening /login?redirect=%s to the default page', async (value) => {
    const user = await registerUser(product.server.url);
    const { page, context, errors } = await product.signedIn(null, { as: user });
    await page.goto(`/login?redirect=${value}`);
    await page.waitForURL('**/trading/BTC/1m');
    expect(new URL(page.url()).origin).toBe(product.server.url);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(errors.page).toEqual([]);
    await context.close();
  });

  it('should take a guest who signs in there to the default page', async () => {
    const user = await registerUser(product.server.url);
    const { page, context, errors } = await product.guest();
    await page.goto('/login?redirect=/%09/evil.example');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/trading/BTC/1m');
    expect(new URL(page.url()).origin).toBe(product.server.url);
    expect(errors.page).toEqual([]);
    await context.close();
  });
});

describe('given a page whose code fails to load', () => {
  it('should say so inside the shell with Try again and a way back, never the error or its stack', async () => {
    const user = await registerUser(product.server.url);
    const { page, context } = await product.signedIn(null, { as: user });
    // The signals page's code cannot be fetched (a deploy replaced it, the network dropped).
    await page.route('**/assets/signals-*.js', (route) => route.abort());
    await page.goto('/signals');
    await page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Unexpected Application Error|Failed to fetch|at \w+ \(|\.js:\d+/);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the BTC/USD chart' }).getAttribute('href')).toBe(
      '/trading/BTC/1m',
    );
    expect(await page.title()).toBe('This page could not be loaded | SignalDeck');

    // The server answers all along, so nothing reloads by itself; Try again does, and the page loads.
    await page.unroute('**/assets/signals-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForFunction(() => document.title === 'Webhook Signals | SignalDeck');
    await context.close();
  });
});

describe('given a server without PUBLIC_URL', () => {
  it('should say on the API Keys page that the webhook URL follows the address the page was opened at', async () => {
    const user = await registerUser(product.server.url);
    const { page, context } = await product.signedIn(null, { as: user });
    await page.goto('/settings/api-keys');
    await page.getByText('because the server has no PUBLIC_URL setting').waitFor();
    await context.close();
  });
});
