import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, registerUser, signedInPage, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let user: Awaited<ReturnType<typeof registerUser>>;
let webhookUrl: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  user = await registerUser(server.url, { name: 'Ada Lovelace' });
  webhookUrl = (await api<{ url: string }>(server.url, user.token, '/api/webhook')).url;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What TradingView does: a POST with a text/plain body. */
async function postAlert(url: string, body: string): Promise<Response> {
  const target = new URL(url);
  return fetch(`${server.url}${target.pathname}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body });
}

async function openSignals(
  pagePath = '/signals',
): Promise<{ page: Page; close: () => Promise<void>; errors: { page: string[] } }> {
  const { page, context, errors } = await signedInPage(browser, server.url, user);
  await page.goto(pagePath);
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
  return { page, close: () => context.close(), errors };
}

describe('given an open signals page', () => {
  it('should show a new webhook signal live, without a reload', async () => {
    const { page, close } = await openSignals();
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const res = await postAlert(
      webhookUrl,
      JSON.stringify({ ticker: 'BINANCE:ETHUSDT', action: 'buy', price: '3150.5', strategy: 'E2E Breakout' }),
    );
    expect(res.status).toBe(202);
    const row = page.getByRole('row').filter({ hasText: 'E2E Breakout' });
    await row.waitFor({ timeout: 5_000 });
    expect(await row.innerText()).toContain('ETH');
    expect(navigations).toBe(0);
    await close();
  });

  it('should show a rejected alert with its reason', async () => {
    const { page, close } = await openSignals();
    const res = await postAlert(webhookUrl, 'this is not json {');
    expect(res.status).toBe(202);
    const row = page.getByRole('row').filter({ hasText: /sent text, not JSON/i });
    await row.waitFor({ timeout: 5_000 });
    expect((await row.innerText()).toLowerCase()).toContain('rejected');
    await close();
  });

  it('should render hostile text as text', async () => {
    const { page, close, errors } = await openSignals();
    const hostile = '<img src=x onerror="window.__pwned=1">';
    await postAlert(webhookUrl, JSON.stringify({ ticker: 'BTC', action: 'sell', price: 65000, strategy: hostile }));
    await page.getByRole('row').filter({ hasText: hostile }).waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(errors.page).toEqual([]);
    await close();
  });
});

describe('given a ticker filter in the URL', () => {
  it('should list only that ticker and keep the filter in the URL', async () => {
    await postAlert(
      webhookUrl,
      JSON.stringify({ ticker: 'SOLUSDT', action: 'long', price: 150, strategy: 'Only SOL' }),
    );
    await postAlert(
      webhookUrl,
      JSON.stringify({ ticker: 'BTCUSD', action: 'long', price: 65000, strategy: 'Only BTC' }),
    );
    const { page, close } = await openSignals('/signals?ticker=SOL');
    await page.getByRole('row').filter({ hasText: 'Only SOL' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Only BTC' }).count()).toBe(0);
    expect(await page.title()).toBe('Webhook Signals | SignalDeck');
    await page.getByRole('navigation', { name: 'Filter signals by ticker' }).getByRole('link', { name: 'BTC' }).click();
    await page.waitForURL('**/signals?ticker=BTC');
    await page.getByRole('row').filter({ hasText: 'Only BTC' }).waitFor();
    await close();
  });
});

describe('given Settings > API Keys', () => {
  it('should show the webhook URL and rotate it behind a confirmation, retiring the old URL', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await page.goto('/settings/api-keys');
    // Exact: while the URL loads, "Loading your webhook URL" (a skeleton) would match too.
    const field = page.getByLabel('Your webhook URL', { exact: true });
    await field.waitFor({ timeout: 15_000 });
    // The token is masked until revealed (the page may be shared as a screenshot).
    await expect.poll(() => field.inputValue()).toBe(webhookUrl.replace(/[^/]+$/, '••••••••'));
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => field.inputValue()).toBe(webhookUrl);
    const template = await page.getByLabel('TradingView alert message template').innerText();
    expect(template).toContain('{{strategy.order.action}}');
    expect(template).toContain('"position_size": "{{strategy.position_size}}"');
    await page.getByRole('button', { name: 'Rotate URL…' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(webhookUrl);
    const rotated = await field.inputValue();
    expect((await postAlert(webhookUrl, '{"ticker":"BTC"}')).status).toBe(404);
    expect((await postAlert(rotated, '{"ticker":"BTC","action":"buy","price":1}')).status).toBe(202);
    webhookUrl = rotated;
    await context.close();
  });

  it('should show the whole URL on a phone, its host and its mask, masked or revealed, in both themes', async () => {
    for (const theme of ['dark', 'light']) {
      const { page, context } = await signedInPage(browser, server.url, user, {
        viewport: { width: 390, height: 844 },
      });
      await context.addInitScript((name) => localStorage.setItem('dk-theme', name), theme);
      await page.goto('/settings/api-keys');
      // Exact: while the URL loads, "Loading your webhook URL" (a skeleton) would match too.
      const field = page.getByLabel('Your webhook URL', { exact: true });
      await field.waitFor({ timeout: 15_000 });
      await expect.poll(() => field.inputValue()).toMatch(/^https?:\/\/[^/]+\/api\/webhooks\/•+$/);
      /** Nothing of the value is out of the box's sight, sideways or below, and the box is within the screen. */
      const whole = () =>
        field.evaluate((box) => ({
          hidden: box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
          inside: box.getBoundingClientRect().right <= document.documentElement.clientWidth,
        }));
      expect(await whole()).toEqual({ hidden: false, inside: true });
      await page.getByRole('button', { name: 'Reveal' }).click();
      await expect.poll(() => field.inputValue()).toBe(webhookUrl);
      expect(await whole()).toEqual({ hidden: false, inside: true });
      await context.close();
    }
  });
});
