import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStandIn, type HttpStandIn } from '../packages/server/src/test/stand-ins/http-stand-in';
import { startWebhookReceiver, type WebhookReceiver } from '../packages/server/src/test/stand-ins/webhook-receiver';
import { seriousAxeViolations } from './axe';
import { api, useProduct } from './harness';

/**
 * Notifications in the browser against the real server and a generic webhook receiver on 127.0.0.1 that checks
 * Standard Webhooks signatures itself: adding a channel (its secret shown once), Send test, a trade-closed
 * notification reaching the receiver and the bell, a failing receiver in the delivery log, the phone layout, and
 * axe in both themes.
 */

// The receivers are on 127.0.0.1: the operator setting lets channels point there.
const product = useProduct({ env: { NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1' }, user: { name: 'Nora Notified' } });

let receiver: WebhookReceiver;
let failing: HttpStandIn;
let secret = '';

interface Strategy {
  id: string;
  webhookUrl: string;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  failing = await startHttpStandIn(() => ({ status: 500, body: 'Internal error' }));
});

afterAll(async () => {
  await receiver?.close();
  await failing?.close();
});

/** The route's title is set once its lazy module has rendered. */
async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 20_000 });
}

async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const bodyOf = (request: { body: string }) => JSON.parse(request.body) as { type: string; data: { title: string } };

async function open(
  path: string,
  options: { viewport?: { width: number; height: number }; theme?: 'dark' | 'light' } = {},
) {
  const opened = await product.signedIn(null, options.viewport ? { viewport: options.viewport } : {});
  if (options.theme) await opened.context.addInitScript((t) => localStorage.setItem('dk-theme', t), options.theme);
  await opened.page.goto(path);
  return opened;
}

describe('given Settings > Notifications', () => {
  it('should add a webhook channel, show its signing secret once, and deliver a signed test', async () => {
    const { page, context, errors } = await open('/settings/notifications');
    await expectTitle(page, 'Notifications | SignalDeck');
    const form = page.getByRole('form', { name: 'Add channel' });
    await form.getByLabel('Name').fill('My receiver');
    await form.getByLabel('Kind').selectOption({ label: 'Generic webhook' });
    await form.getByLabel('URL').fill(receiver.url);
    // The events a new channel starts with include trades closed; the labels are plain words.
    expect(await form.getByLabel('Trade closed (with P&L)').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Add channel' }).click();

    const shown = page.locator('[data-slot="signing-secret"]');
    await shown.waitFor();
    secret = (await shown.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect.poll(() => shown.count()).toBe(0);

    const card = page.getByRole('article', { name: 'My receiver' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Generic webhook');
    // The URL is masked, and the secret is nowhere on the page once saved, nor after a reload.
    await page.reload();
    await card.waitFor();
    expect(await page.content()).not.toContain(secret);

    await card.getByRole('button', { name: 'Send test' }).click();
    const result = card.locator('[data-slot="test-result"]');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toMatch(/^Test: Delivered/);

    const test = receiver.requests.find((request) => bodyOf(request).type === 'test');
    expect(test).toBeDefined();
    expect(receiver.verify(test!, secret)).toEqual({ valid: true });
    // A clean console all along (the strict CSP admits every style and script of the page).
    expect(errors).toEqual({ console: [], warnings: [], page: [] });
    await context.close();
  });

  it('should show a test to a receiver that answers 500 as failed, with the answer', async () => {
    await api(product.server.url, product.user.token, '/api/notifications/channels', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Broken receiver',
        kind: 'webhook',
        events: ['trade_closed'],
        url: `${failing.origin}/hooks/broken`,
      }),
    });
    const { page, context } = await open('/settings/notifications');
    const card = page.getByRole('article', { name: 'Broken receiver' });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Send test' }).click();
    const result = card.locator('[data-slot="test-result"]');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toMatch(/^Test: Failed: .*HTTP 500/);
    expect(failing.requests.length).toBe(1);
    await context.close();
  });

  it('should refuse a Discord URL that is not Discord’s, with the message under the field', async () => {
    const { page, context } = await open('/settings/notifications');
    const form = page.getByRole('form', { name: 'Add channel' });
    await form.getByLabel('Name').fill('Not Discord');
    await form.getByLabel('Kind').selectOption({ label: 'Discord' });
    const url = form.getByLabel('Discord webhook URL');
    await url.fill('https://example.com/not-discord');
    await form.getByRole('button', { name: 'Add channel' }).click();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    // What was typed stays.
    expect(await url.inputValue()).toBe('https://example.com/not-discord');
    await context.close();
  });

  it('should remove a channel only after it is confirmed', async () => {
    await api(product.server.url, product.user.token, '/api/notifications/channels', {
      method: 'POST',
      body: JSON.stringify({ name: 'Short lived', kind: 'webhook', events: ['trade_opened'], url: receiver.url }),
    });
    const { page, context } = await open('/settings/notifications');
    const card = page.getByRole('article', { name: 'Short lived' });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Keep it' }).click();
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Remove channel' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Short lived' }).count()).toBe(0);
    await context.close();
  });
});

describe('given a buy then a sell alert on the trader’s strategy', () => {
  it('should send the closed trade, signed, to the receiver, and show it unread in the bell until read', async () => {
    expect(secret).toMatch(/^whsec_/);
    const { data } = await api<{ data: Strategy[] }>(product.server.url, product.user.token, '/api/strategies');
    const strategy = data[0]!;
    const post = async (action: 'buy' | 'sell') => {
      const res = await fetch(`${product.server.url}${new URL(strategy.webhookUrl).pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ ticker: 'BINANCE:BTCUSDT', action, strategy: 'E2E notify' }),
      });
      expect(res.status).toBe(202);
    };
    const { page, context } = await open('/signals');
    await post('buy');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await post('sell');

    // A signal is executed once its market minute is final.
    const closed = await eventually(
      () => receiver.requests.find((request) => bodyOf(request).type === 'trade_closed'),
      170_000,
    );
    expect(receiver.verify(closed, secret)).toEqual({ valid: true });
    expect(bodyOf(closed).data.title).toMatch(/closed/i);

    // The open page hears of it through the live stream: no reload.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 20_000 });
    // The unread count over the bell reads against the header.
    expect(await seriousAxeViolations(page, 'header')).toEqual([]);
    await bell.click();
    const item = page.getByRole('menuitem', { name: /Unread: Trade closed/i }).first();
    await item.waitFor();
    await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await page
      .getByRole('menuitem', { name: /^Trade closed/i })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    const { unread } = await api<{ unread: number }>(product.server.url, product.user.token, '/api/notifications');
    expect(unread).toBe(0);
    await context.close();
  }, 240_000);

  it('should list it on the user menu’s Notifications page', async () => {
    const { page, context, errors } = await open('/signals');
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Notifications' }).click();
    await page.waitForURL(/\/account\/notifications$/);
    await expectTitle(page, 'Notifications | SignalDeck');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list
      .getByText(/Trade closed/i)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(errors).toEqual({ console: [], warnings: [], page: [] });
    await context.close();
  });
});

describe('given the closed trade and a receiver that answers 500', () => {
  it('should show its delivery as retrying in the channel’s delivery log, with the answer and the next retry', async () => {
    // The trade's notification to the broken receiver failed and waits for its next attempt.
    await eventually(() =>
      failing.requests.some((request) => bodyOf(request).type === 'trade_closed') ? true : undefined,
    );
    const { page, context } = await open('/settings/notifications');
    const card = page.getByRole('article', { name: 'Broken receiver' });
    await card.waitFor({ timeout: 20_000 });
    // Not "Failed": the server tries it again, and the card says when (while an attempt is on its way it says the
    // last one failed; the card follows the stream).
    await expect
      .poll(() => card.innerText(), { timeout: 20_000 })
      .toMatch(/Retrying \(HTTP 500\), next attempt \d{2}:\d{2}/);
    expect(await card.innerText()).not.toContain('Failed');
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const log = card.getByRole('table', { name: 'Delivery log of Broken receiver' });
    const row = log
      .getByRole('row')
      .filter({ hasText: /Trade closed/i })
      .first();
    await row.waitFor({ timeout: 20_000 });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[2]).toBe('Retrying');
    expect(cells[3]).toMatch(/HTTP 500/);
    expect(Number(cells[4])).toBeGreaterThanOrEqual(1);
    expect(cells[5]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}:\d{2}:\d{2}$/);
    await context.close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`should fit the delivery log with no cell cut at ${viewport.width}px`, async () => {
      const { page, context } = await open('/settings/notifications', { viewport });
      const card = page.getByRole('article', { name: 'Broken receiver' });
      await card.waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: 'Delivery log' }).click();
      const log = card.getByRole('table', { name: 'Delivery log of Broken receiver' });
      await log
        .getByRole('row')
        .filter({ hasText: /Trade closed/i })
        .first()
        .waitFor({ timeout: 20_000 });
      const region = card.getByRole('region', { name: 'Delivery log of Broken receiver' });
      // No sideways scrolling, and no cell whose text runs past its box.
      expect(await region.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      const cut = await log
        .locator('td, th')
        .evaluateAll((cells) =>
          cells
            .filter((cell) => cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth)
            .map((cell) => cell.textContent),
        );
      expect(cut).toEqual([]);
      // The message reads as words, not a few characters a line.
      const message = log
        .getByRole('cell')
        .filter({ hasText: /Trade closed/i })
        .first();
      expect((await message.boundingBox())!.width).toBeGreaterThan(120);
      if (viewport.width <= 768) {
        // A phone stacks each delivery: its lines are labelled, one under another.
        const boxes = await log
          .getByRole('row')
          .filter({ hasText: /Trade closed/i })
          .first()
          .getByRole('cell')
          .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
        expect(new Set(boxes).size).toBe(boxes.length);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    });
  }
});

describe('given a phone', () => {
  for (const width of [375, 390]) {
    it(`should fit the bell beside the whole current page in the header, and the pages, at ${width}px`, async () => {
      const { page, context } = await open('/signals?ticker=ETH', { viewport: { width, height: 812 } });
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await bell.waitFor();
      const box = (await bell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
      const current = crumbs.locator('li:has([aria-current="page"])');
      expect(await current.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      expect(await current.innerText()).toBe('ETH Signals');

      // The open panel stays on the screen.
      await bell.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const panel = (await menu.boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');

      for (const path of ['/settings/notifications', '/account/notifications']) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
        await page
          .locator('li')
          .filter({ hasText: /Trade closed|Broken receiver/i })
          .first()
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await context.close();
    });
  }
});

describe('given axe in a real browser', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`should find nothing serious on Settings > Notifications in the ${theme} theme`, async () => {
      const { page, context } = await open('/settings/notifications', { theme });
      await page.getByRole('article', { name: 'My receiver' }).waitFor({ timeout: 20_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });

    it(`should find nothing serious on the notifications page in the ${theme} theme`, async () => {
      const { page, context } = await open('/account/notifications', { theme });
      await page
        .getByRole('list', { name: 'Notifications' })
        .getByText(/Trade closed/i)
        .first()
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });

    it(`should find nothing serious in the open bell in the ${theme} theme`, async () => {
      const { page, context } = await open('/signals', { theme });
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('menuitem', { name: 'See all' }).waitFor();
      expect(await seriousAxeViolations(page, '[role="menu"]')).toEqual([]);
      await context.close();
    });
  }
});
