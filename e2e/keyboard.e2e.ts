import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useProduct } from './harness';

const product = useProduct({ user: { name: 'Ada Lovelace' } });

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element ? (element.getAttribute('aria-label') ?? element.innerText ?? '').trim() : '';
  });

describe('given a signed-in page and the keyboard', () => {
  it('should offer "Skip to main content" as the first Tab stop, visible, leading into the page', async () => {
    const { page, context } = await product.signedIn();
    await page.goto('/trading/BTC/1m');
    await page.getByRole('heading', { name: 'BTC/USD' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.keyboard.press('Tab');
    // The next stop is in the page, not the sidebar or the header.
    expect(
      await page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active && document.getElementById('main-content')?.contains(active));
      }),
    ).toBe(true);
    await context.close();
  });

  it('should leave no rail tooltip open after Ctrl+B follows keyboard use of the user menu', async () => {
    const { page, context } = await product.signedIn();
    await page.goto('/signals');
    await page.getByRole('heading', { name: 'Webhook Signals' }).waitFor();
    const openTooltips = () => page.locator('[data-slot="tooltip-content"]').count();
    // Through the sidebar by keyboard to the user menu, open it and close it.
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      if ((await focusedName(page)).includes('Ada Lovelace')) break;
    }
    expect(await focusedName(page)).toContain('Ada Lovelace');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+b');
    await expect.poll(() => page.locator('[data-slot="sidebar"]').first().getAttribute('data-state')).toBe('collapsed');
    await page.waitForTimeout(600);
    expect(await openTooltips()).toBe(0);

    // A tooltip still opens for the item pointed at, and closes when the pointer leaves.
    const item = page.getByRole('button', { name: 'Signals', exact: true });
    await item.hover();
    await expect.poll(openTooltips).toBe(1);
    await page.mouse.move(900, 500, { steps: 8 });
    await expect.poll(openTooltips).toBe(0);
    await context.close();
  });
});
