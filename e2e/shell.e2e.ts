import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useProduct } from './harness';

const product = useProduct({ user: { name: 'Ada Lovelace' } });

function signedInPage(viewport = { width: 1280, height: 800 }) {
  return product.signedIn(null, { viewport });
}

async function sidebarWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-slot="sidebar-container"], [data-slot="sidebar"]');
    return el ? Math.round(el.getBoundingClientRect().width) : -1;
  });
}

async function sidebarCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'sidebar_state');
}

describe('given the signed-in shell on a desktop', () => {
  it('should show the product name, the Platform group and every link of the spec', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/trading/BTC/1m');
    const nav = page.locator('[data-slot="sidebar"]');
    await nav.getByText('SignalDeck').first().waitFor();
    expect(await nav.getByText('Platform').isVisible()).toBe(true);
    // A pair opens in the interval last used for it (see chart-workspace.e2e.ts).
    const links: [string, string][] = [
      ['BTC/USD', '/trading/BTC'],
      ['ETH/USD', '/trading/ETH'],
      ['SOL/USD', '/trading/SOL'],
      ['All Events', '/signals'],
      ['BTC Signals', '/signals?ticker=BTC'],
      ['ETH Signals', '/signals?ticker=ETH'],
      ['Overview', '/performance/overview'],
      ['Trades', '/performance/trades'],
      ['Analytics', '/performance/analytics'],
      ['Strategy', '/settings/strategy'],
      ['API Keys', '/settings/api-keys'],
    ];
    for (const [name, href] of links) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await nav.getByRole('link', { name: 'Notifications', exact: true }).getAttribute('href')).toBe(
      '/settings/notifications',
    );
    await context.close();
  });

  it('should show the breadcrumb Trading > {SYMBOL}/USD > {interval} on the trading route', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/trading/ETH/15m');
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await crumbs.waitFor();
    await expect
      .poll(async () => (await crumbs.innerText()).replace(/\s+/g, ' ').trim())
      .toMatch(/^Trading\s*\S?\s*ETH\/USD\s*\S?\s*15m$/);
    expect(await crumbs.locator('[aria-current="page"]').innerText()).toBe('15m');
    await context.close();
  });

  it('should show "Dashboard" as the breadcrumb of a route without crumbs', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/no/such/page');
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect.poll(() => crumbs.innerText()).toBe('Dashboard');
    // Whole on screen, not only in the text: it was cut to "Dashbo…" by its own focus-ring room.
    const current = crumbs.getByRole('listitem').last();
    expect(await current.evaluate((item) => item.scrollWidth <= item.clientWidth)).toBe(true);
    await context.close();
  });

  it('should show the signed-in user in the footer with their initials', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/signals');
    const trigger = page.getByRole('button', { name: /user menu/i });
    await trigger.waitFor();
    expect(await trigger.innerText()).toContain('AL');
    expect(await trigger.innerText()).toContain('Ada Lovelace');
    expect(await trigger.innerText()).toContain(product.user.email);
    await trigger.click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    expect(items.map((t) => t.trim())).toEqual(['Upgrade to Pro', 'Account', 'Billing', 'Notifications', 'Log out']);
    await context.close();
  });

  it('should be 16rem wide, collapse to 3rem with Ctrl+B, and remember it for 7 days in sidebar_state', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/signals');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().waitFor();
    expect(await sidebarWidth(page)).toBe(256);
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    const cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe('false');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);
    await page.reload();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().waitFor();
    expect(await sidebarWidth(page)).toBe(48);
    // Collapsed, the brand shows its mark alone: its name is still read, not shown cut to its first letters.
    const brandName = page.getByRole('link', { name: 'SignalDeck' }).getByText('SignalDeck');
    const nameWidth = () => brandName.evaluate((name) => name.getBoundingClientRect().width);
    expect(await nameWidth()).toBeLessThanOrEqual(1);
    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    expect(await nameWidth()).toBeGreaterThan(50);
    expect((await sidebarCookie(page))?.value).toBe('true');
    await context.close();
  });

  it('should switch theme from dark (the default) to light and keep it across a reload', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/signals');
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
    expect(await theme()).toBe('dark');
    await page.getByRole('button', { name: /theme/i }).click();
    const options = await page.getByRole('menuitemradio').allInnerTexts();
    expect(options.map((o) => o.trim())).toEqual(['Light', 'Dark', 'System']);
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(theme).toBe('light');
    await page.reload();
    expect(await theme()).toBe('light');
    await context.close();
  });
});

describe('given a phone-width screen (768px or narrower)', () => {
  it('should hide the sidebar and open it as an 18rem sheet without touching the saved state', async () => {
    const { page, context, errors } = await signedInPage({ width: 390, height: 844 });
    await page.goto('/signals');
    const trigger = page.getByRole('button', { name: 'Toggle Sidebar' }).first();
    await trigger.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await trigger.click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    await expect.poll(async () => Math.round((await sheet.boundingBox())?.width ?? 0)).toBe(288);
    expect(await sheet.getByRole('link', { name: 'ETH/USD' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await sidebarCookie(page)).toBeUndefined();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The sheet's scroll lock injects a <style>: the strict CSP admits it through the page's nonce.
    expect(errors.console.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    await context.close();
  });

  it("should close the sheet when the user menu opens a page, as the sidebar's links do", async () => {
    const { page, context } = await signedInPage({ width: 390, height: 844 });
    await page.goto('/signals');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    await sheet.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('should treat exactly 768px as mobile', async () => {
    const { page, context } = await signedInPage({ width: 768, height: 900 });
    await page.goto('/signals');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });
});

describe('given a phone', () => {
  for (const [width, path, trail] of [
    [375, '/trading/BTC/1m', 'Trading BTC/USD 1m'],
    [375, '/signals?ticker=ETH', 'Signals ETH Signals'],
    [390, '/trading/BTC/1m', 'Trading BTC/USD 1m'],
    // The longest interval the chart offers.
    [390, '/trading/BTC/15m', 'Trading BTC/USD 15m'],
    [390, '/signals?ticker=ETH', 'Signals ETH Signals'],
    // With the bell in the header too.
    [375, '/settings/notifications', 'Settings Notifications'],
    [375, '/account', 'Account Profile and security'],
    [390, '/settings/notifications', 'Settings Notifications'],
    [390, '/account', 'Account Profile and security'],
  ] as const) {
    it(`should keep the breadcrumb of ${path} on one line at ${width}px, earlier steps cut with an ellipsis and whole in their tooltips, the current page whole`, async () => {
      const { page, context } = await signedInPage({ width, height: 812 });
      await page.goto(path);
      const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
      await crumbs.locator('[aria-current="page"]').waitFor();
      const items = crumbs.locator('li:not([aria-hidden="true"])');
      const tops = await items.evaluateAll((nodes) =>
        nodes.map((node) => Math.round(node.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      // One line of text, inside the header, beside the header's controls.
      const list = await crumbs.locator('ol').evaluate((node) => ({
        height: node.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(node).lineHeight),
        right: node.getBoundingClientRect().right,
      }));
      expect(list.height).toBeLessThan(list.lineHeight * 1.5);
      const headerEnd = await crumbs.evaluate((nav) => nav.nextElementSibling!.getBoundingClientRect().left);
      expect(list.right).toBeLessThanOrEqual(headerEnd);
      // What does not fit is cut with an ellipsis, and the text is all there for assistive technology.
      const cut = await items.evaluateAll((nodes) =>
        nodes.filter((node) => node.scrollWidth > node.clientWidth).map((node) => getComputedStyle(node).textOverflow),
      );
      expect(cut.every((overflow) => overflow === 'ellipsis')).toBe(true);
      // A cut step keeps its whole text in its tooltip too.
      const cutTitles = await items.evaluateAll((nodes) =>
        nodes.filter((node) => node.scrollWidth > node.clientWidth).map((node) => [node.title, node.textContent]),
      );
      for (const [title, text] of cutTitles) expect(title).toBe(text);
      // The current page is never the step cut: it says where the trader is.
      const whole = (node: Element) => node.scrollWidth <= node.clientWidth;
      const current = crumbs.locator('li:has([aria-current="page"])');
      expect(await current.evaluate(whole)).toBe(true);
      if (path.startsWith('/trading/')) {
        // Nor is the pair: "Trading" gives way first, and at 390 px the whole trail fits.
        expect(await crumbs.locator('li', { hasText: 'BTC/USD' }).evaluate(whole)).toBe(true);
        if (width === 390) expect(cut).toEqual([]);
      }
      expect((await items.allTextContents()).join(' ')).toBe(trail);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The time-zone picker beside it shows a whole word ("Local"), not a cut "Local t".
      const zone = await page
        .locator('header')
        .getByRole('combobox', { name: 'Time zone' })
        .evaluate((select: HTMLSelectElement) => {
          const style = getComputedStyle(select);
          const context2d = document.createElement('canvas').getContext('2d')!;
          context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]!.text;
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text, fits: context2d.measureText(text).width <= room };
        });
      expect(zone).toEqual({ text: 'Local', fits: true });
      await context.close();
    });
  }
});
