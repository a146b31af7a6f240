import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, registerUser, signedInPage, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let user: Awaited<ReturnType<typeof registerUser>>;
let webhookPath: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  user = await registerUser(server.url, { name: 'Ada Lovelace' });
  webhookPath = new URL((await api<{ url: string }>(server.url, user.token, '/api/webhook')).url).pathname;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const indicator = (page: Page) => page.locator('header [data-slot="connection-indicator"]');
const shown = (page: Page) => indicator(page).innerText();

function postAlert(strategy: string) {
  return fetch(`${server.url}${webhookPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', price: 84_000, strategy }),
  });
}

describe('given the pages that stream', () => {
  it('should show one connection indicator, Live, in the header of /signals and /trading', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await page.goto('/signals');
    await expect.poll(() => shown(page), { timeout: 15_000 }).toBe('Live');
    expect(await page.locator('[data-slot="connection-indicator"]').count()).toBe(1);
    await page.goto('/trading/BTC/1m');
    await expect.poll(() => shown(page), { timeout: 15_000 }).toBe('Live');
    expect(await page.getByRole('status').filter({ hasText: 'Live' }).count()).toBe(1);
    await context.close();
  });
});

describe('given the signals cannot be loaded while the stream is connected', () => {
  it('should not say Live above "Could not load signals"', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await page.route('**/api/signals?**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Storage is unavailable"}' }),
    );
    await page.goto('/signals');
    await page.getByText('Could not load signals').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_500);
    expect(await shown(page)).not.toBe('Live');
    expect(await shown(page)).toMatch(/Reconnecting|Offline/);
    await context.close();
  });
});

describe('given an open signals page when the server stops and starts again', () => {
  it('should leave Live within 5 s, say Offline, then come back Live with what it missed', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await page.goto('/signals');
    await expect.poll(() => shown(page), { timeout: 15_000 }).toBe('Live');

    await server.halt();
    const stoppedAt = Date.now();
    await expect.poll(() => shown(page), { timeout: 5_000, interval: 100 }).not.toBe('Live');
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    await expect.poll(() => shown(page), { timeout: 20_000 }).toBe('Offline');
    await page.screenshot({ path: '/tmp/signals-offline.png' });

    await server.restart();
    // Stored while the page was not connected: no live event reaches it, only the refetch after reconnecting.
    expect((await postAlert('Missed while offline')).status).toBe(202);
    await expect.poll(() => shown(page), { timeout: 30_000 }).toBe('Live');
    await page.getByRole('row').filter({ hasText: 'Missed while offline' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Could not load signals').count()).toBe(0);
    await context.close();
  });
});

describe('given a click to a page not loaded yet while the server is down', () => {
  it('should say so inside the shell, then load the page by itself once the server answers', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await page.goto('/trading/BTC/1m');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    await server.halt();
    await nav.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByText('The server cannot be reached').waitFor({ timeout: 10_000 });
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);

    await server.restart();
    await page.waitForFunction(() => document.title === 'Overview | SignalDeck', undefined, { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/performance/overview');
    await context.close();
  });
});

describe('given a cold load whose app code does not arrive (a dropped file, or a page from before a deploy)', () => {
  it('should reload once by itself, then say so with Reload instead of spinning, and load once the code arrives', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    let documents = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents += 1;
    });
    let refused = 0;
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => {
      refused += 1;
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found."}' });
    });
    await page.goto('/signals');
    const alert = page.getByRole('alert').filter({ hasText: 'SignalDeck could not be loaded.' });
    await alert.waitFor({ timeout: 15_000 });
    // The first failure reloaded the page once; the second one says so.
    expect(refused).toBe(2);
    expect(documents).toBe(2);
    expect(await alert.innerText()).toContain('Part of its code did not arrive: check your connection, then reload.');
    expect(await page.getByText('Loading SignalDeck…').count()).toBe(0);
    expect(await page.title()).toBe('SignalDeck could not be loaded');

    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    const reload = alert.getByRole('button', { name: 'Reload' });
    await reload.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.title === 'Webhook Signals | SignalDeck', undefined, { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/signals');
    await context.close();
  });

  it("should not take an error thrown by another script on the page (an extension's) for the app failing", async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await context.addInitScript(() => {
      setTimeout(() => {
        throw new Error('an extension failed');
      }, 200);
    });
    // The app's code arrives late, after the other script has thrown.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    let alerted = false;
    await page.exposeFunction('sawBootAlert', () => (alerted = true));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.sd-boot[data-failed]'))
          (window as unknown as { sawBootAlert(): void }).sawBootAlert();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto('/signals');
    await page.waitForFunction(() => document.title === 'Webhook Signals | SignalDeck', undefined, { timeout: 20_000 });
    expect(alerted).toBe(false);
    await context.close();
  });

  it('should say so after 30 s when the code stalls without failing, offer Reload, and keep waiting', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    await page.clock.install();
    let release: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await stalled;
      await route.continue();
    });
    await page.goto('/signals', { waitUntil: 'commit' });
    await page.getByText('Loading SignalDeck…').waitFor();
    // The installed clock also runs on by itself: 20 s leaves a slow machine 10 s of its own before the 30 s mark.
    await page.clock.fastForward(20_000);
    expect(await page.getByText('Loading SignalDeck…').isVisible()).toBe(true);
    await page.clock.fastForward(11_000);
    const alert = page.getByRole('alert').filter({ hasText: 'SignalDeck is taking long to load.' });
    await alert.waitFor({ timeout: 5_000 });
    expect(await alert.innerText()).toContain('The connection may be slow or have stopped. Keep waiting, or reload.');
    expect(await alert.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);

    // The code arrives after all: the app replaces the message.
    await page.clock.resume();
    release();
    await page.waitForFunction(() => document.title === 'Webhook Signals | SignalDeck', undefined, { timeout: 20_000 });
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});

describe('given a cold load on a slow network', () => {
  it('should show one steady loading screen until the page appears: the spinner stays and the text does not move', async () => {
    const { page, context } = await signedInPage(browser, server.url, user);
    // Each frame while "Loading SignalDeck…" shows: where its text is, whether a spinner is beside it, and whether
    // index.html's shell or the app (the router's fallback while the page's code loads) draws it.
    await page.addInitScript(() => {
      const frames: { by: string; top: number; left: number; spinner: boolean }[] = [];
      (window as unknown as { loadingFrames: typeof frames }).loadingFrames = frames;
      const sample = () => {
        const status = [...document.querySelectorAll('#root [role="status"]')].find(
          (node) => node.textContent?.trim() === 'Loading SignalDeck…',
        );
        const walker = status && document.createTreeWalker(status, NodeFilter.SHOW_TEXT);
        let text: Node | null = null;
        while (walker?.nextNode()) if (walker.currentNode.textContent?.trim()) text = walker.currentNode;
        if (status && text) {
          const range = document.createRange();
          range.selectNodeContents(text);
          const box = range.getBoundingClientRect();
          const spinner = [...status.querySelectorAll('*')].some((node) => {
            const rect = node.getBoundingClientRect();
            return !node.contains(text) && rect.width >= 16 && rect.height >= 16;
          });
          frames.push({
            by: status.classList.contains('sd-boot') ? 'shell' : 'app',
            top: box.top,
            left: box.left,
            spinner,
          });
        }
        if (!document.title.endsWith('| SignalDeck')) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // The app's entry arrives late, and the page's own code later still.
    await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) =>
        setTimeout(resolve, /\/index-[\w-]+\.js$/.test(route.request().url()) ? 800 : 1_500),
      );
      await route.continue();
    });
    await page.goto('/signals');
    await page.waitForFunction(() => document.title === 'Webhook Signals | SignalDeck', undefined, { timeout: 30_000 });
    const frames = await page.evaluate(
      () =>
        (window as unknown as { loadingFrames: { by: string; top: number; left: number; spinner: boolean }[] })
          .loadingFrames,
    );
    expect(frames.some((frame) => frame.by === 'shell')).toBe(true);
    expect(frames.some((frame) => frame.by === 'app')).toBe(true);
    expect(frames.filter((frame) => !frame.spinner)).toEqual([]);
    expect([...new Set(frames.map((frame) => Math.round(frame.top)))]).toHaveLength(1);
    const lefts = frames.map((frame) => frame.left);
    expect(Math.max(...lefts) - Math.min(...lefts)).toBeLessThanOrEqual(2);
    await context.close();
  });
});
