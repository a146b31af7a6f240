import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeRuleViolations, seriousAxeViolations } from './axe';
import { api, launchBrowser, openPage, registerUser, signedInPage, startServer, type RunningServer } from './harness';

/**
 * Every page and every open menu or sheet, in both themes, through axe in a real browser: the only
 * place colour contrast can be measured (jsdom has no layout, so the components' own axe runs
 * leave contrast to this suite).
 */

let server: RunningServer;
let browser: Browser;
let user: Awaited<ReturnType<typeof registerUser>>;

/** What TradingView does: a POST with a text/plain body. */
async function postAlert(webhookUrl: string, body: string): Promise<void> {
  const res = await fetch(`${server.url}${new URL(webhookUrl).pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body,
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  user = await registerUser(server.url, { name: 'Ada Lovelace' });
  // Signals in every status the table shows: accepted (buy and sell), rejected with a reason, a duplicate.
  const { url } = await api<{ url: string }>(server.url, user.token, '/api/webhook');
  const repeated = JSON.stringify({ ticker: 'BINANCE:BTCUSDT', action: 'buy', price: '64210.5', id: 'a11y-1' });
  await postAlert(url, repeated);
  await postAlert(url, repeated);
  await postAlert(
    url,
    // With the time TradingView fired it, so the webhook health's latency histogram draws a bar.
    JSON.stringify({
      ticker: 'ETHUSDT',
      action: 'sell',
      price: 3150.25,
      strategy: 'Mean reversion',
      timenow: new Date(Date.now() - 1_500).toISOString(),
    }),
  );
  await postAlert(url, 'BUY BTCUSDT @ 65000');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

interface Check {
  name: string;
  path: string;
  signedIn: boolean;
  viewport?: { width: number; height: number };
  /** Waits for what the page shows once its data is in, and opens what the check is about. */
  ready: (page: Page) => Promise<void>;
  /**
   * Check only this part of the page. An open menu is modal: Radix hides the rest of the page from
   * assistive technology (aria-hidden) and traps focus in the menu, which axe's aria-hidden-focus rule
   * cannot see, so a menu is checked on its own.
   */
  within?: string;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();

const CHECKS: Check[] = [
  { name: 'the login page', path: '/login', signedIn: false, ready: (page) => heading(page, 'Sign in') },
  {
    name: 'the login page with a failed sign-in',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('These credentials do not match our records.', { exact: false }).first().waitFor();
    },
  },
  {
    name: 'the registration form',
    path: '/login?mode=register',
    signedIn: false,
    ready: (page) => heading(page, 'Create an account'),
  },
  {
    name: 'the trading chart with its "Simulated data" badge',
    path: '/trading/BTC/1m',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Simulated data').waitFor();
      await page.locator('[data-slot="candle"]').first().waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'an unknown pair',
    path: '/trading/DOGE/1m',
    signedIn: true,
    ready: (page) => page.getByText(/DOGE/).first().waitFor(),
  },
  {
    name: 'the signals list (accepted, rejected and duplicate signals)',
    path: '/signals',
    signedIn: true,
    ready: async (page) => {
      await page
        .getByRole('row')
        .filter({ hasText: /not JSON/ })
        .waitFor({ timeout: 15_000 });
      await page
        .getByRole('row')
        .filter({ hasText: /Repeat of signal/ })
        .waitFor();
    },
  },
  {
    name: "the signals list with a signal's journey and its repeat's open",
    path: '/signals',
    signedIn: true,
    ready: async (page) => {
      const repeat = page.getByRole('row').filter({ hasText: /Repeat of signal/ });
      await repeat.waitFor({ timeout: 15_000 });
      await repeat.getByRole('button', { name: /^Details of/ }).click();
      const original = page
        .getByRole('row')
        .filter({ hasText: /accepted/ })
        .filter({ hasText: /BTC/ });
      await original.getByRole('button', { name: /^Details of/ }).click();
      await page.getByRole('region', { name: 'Signal journey' }).nth(1).waitFor();
      await page.getByRole('link', { name: /^signal \d+$/ }).waitFor();
    },
  },
  {
    name: 'Settings > Strategy with the webhook health open',
    path: '/settings/strategy',
    signedIn: true,
    ready: async (page) => {
      await page.locator('summary', { hasText: 'Webhook health' }).click();
      await page.getByRole('table', { name: 'Alerts received by status' }).waitFor({ timeout: 15_000 });
      await page.getByRole('table', { name: /Delivery latency.*\(1 alert\)/ }).waitFor();
    },
    within: '[data-slot="webhook-health"]',
  },
  {
    name: 'the signals list filtered to one ticker',
    path: '/signals?ticker=ETH',
    signedIn: true,
    ready: (page) => page.getByRole('row').filter({ hasText: 'Mean reversion' }).waitFor({ timeout: 15_000 }),
  },
  {
    name: 'Settings > API Keys',
    path: '/settings/api-keys',
    signedIn: true,
    ready: (page) => page.getByRole('button', { name: /copy/i }).first().waitFor({ timeout: 15_000 }),
  },
  {
    name: 'a placeholder page',
    path: '/performance/overview',
    signedIn: true,
    ready: (page) => heading(page, 'Overview'),
  },
  {
    name: 'a page that does not exist',
    path: '/no-such-page',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'the open user menu',
    path: '/performance/trades',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: /Ada Lovelace/ }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    },
    within: '[role="menu"]',
  },
  {
    name: 'the open theme menu',
    path: '/performance/trades',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: /theme/i }).click();
      await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
    },
    within: '[role="menu"]',
  },
  {
    name: 'the collapsed sidebar with a tooltip',
    path: '/performance/trades',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
      await page.locator('[data-slot="sidebar"][data-state="collapsed"]').waitFor();
      await page.getByRole('button', { name: 'Trading' }).hover();
      await page.getByRole('tooltip').waitFor();
    },
  },
  {
    name: 'the sidebar sheet on a phone',
    path: '/signals',
    signedIn: true,
    viewport: { width: 390, height: 844 },
    ready: async (page) => {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
      await page.getByRole('dialog').getByRole('link', { name: 'ETH/USD' }).waitFor();
    },
  },
];

async function openIn(theme: Theme, check: Check) {
  const viewport = check.viewport ?? { width: 1280, height: 800 };
  const opened = check.signedIn
    ? await signedInPage(browser, server.url, user, { viewport })
    : await openPage(browser, server.url, { viewport });
  await opened.context.addInitScript((t) => localStorage.setItem('dk-theme', t), theme);
  await opened.page.goto(check.path);
  return opened;
}

for (const theme of THEMES) {
  describe(`given the ${theme} theme`, () => {
    for (const check of CHECKS) {
      it(`should have no serious axe violations, contrast included, on ${check.name}`, async () => {
        const { page, context } = await openIn(theme, check);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
        await check.ready(page);
        // Let transitions (menus fading in, the sidebar sliding) finish before colours are measured.
        await page.waitForTimeout(300);
        expect(await seriousAxeViolations(page, check.within)).toEqual([]);
        await context.close();
      });
    }
  });
}

describe('given the signed-in shell on a desktop', () => {
  it('should put everything in a named landmark: the sidebar, its navigation and the page', async () => {
    const { page, context } = await openIn('dark', {
      name: 'signals',
      path: '/signals',
      signedIn: true,
      ready: async () => {},
    });
    await page.getByRole('link', { name: 'ETH/USD' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(
      sidebar.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'ETH/USD' }).count(),
    ).resolves.toBe(1);
    await expect(sidebar.getByRole('button', { name: /Ada Lovelace/ }).count()).resolves.toBe(1);
    expect(await axeRuleViolations(page, ['region', 'landmark-unique', 'aria-prohibited-attr'])).toEqual([]);
    await context.close();
  });
});
