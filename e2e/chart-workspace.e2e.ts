import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { useProduct } from './harness';

// The chart as a trader's workspace: indicators chosen from its menu, kept per pair across reloads.

const product = useProduct({ user: {} });

const chartOf = (page: Page) => page.getByRole('figure', { name: /candlestick chart/ });
const slider = (page: Page) => page.getByRole('slider', { name: 'Crosshair' });
const overlay = (page: Page, kind: string) =>
  page.locator(`[data-slot="indicator-overlays"] [data-indicator="${kind}"]`);

async function openChart(page: Page, path: string) {
  await page.goto(path);
  await slider(page).waitFor({ timeout: 15_000 });
}

describe('given the trading chart', () => {
  it(
    'should add an SMA and RSI from the keyboard and keep them for that pair after a reload',
    { timeout: 90_000 },
    async () => {
      const { page, context, errors } = await product.signedIn();
      await openChart(page, '/trading/BTC/1m');
      const trigger = chartOf(page).getByRole('button', { name: 'Indicators' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Indicators' });
      await menu.waitFor();
      await menu.getByRole('menuitemcheckbox', { name: 'Simple moving average (SMA)' }).click();
      await menu.getByRole('menuitemradio', { name: 'SMA period 50' }).click();
      await menu.getByRole('menuitemcheckbox', { name: 'RSI (14)' }).click();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      // Drawn: a line across the price pane, and the RSI pane with its value.
      await expect.poll(async () => ((await overlay(page, 'sma').getAttribute('d')) ?? '').length).toBeGreaterThan(100);
      const rsiPane = page.getByRole('group', { name: 'RSI 14 pane' });
      await expect
        .poll(() => rsiPane.locator('[data-slot="indicator-value"]').textContent())
        .toMatch(/^\d{1,3}\.\d{2}$/);

      await page.reload();
      await slider(page).waitFor({ timeout: 15_000 });
      expect(await chartOf(page).getByRole('button', { name: 'Indicators (2)' }).count()).toBe(1);
      await overlay(page, 'sma').waitFor({ state: 'attached' });
      expect(await page.getByRole('group', { name: 'RSI 14 pane' }).count()).toBe(1);
      await chartOf(page).getByRole('button', { name: 'Indicators (2)' }).click();
      expect(await page.getByRole('menuitemradio', { name: 'SMA period 50' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await page.keyboard.press('Escape');

      // Another pair has its own settings.
      await openChart(page, '/trading/ETH/1m');
      expect(await chartOf(page).getByRole('button', { name: 'Indicators' }).count()).toBe(1);
      expect(await overlay(page, 'sma').count()).toBe(0);
      expect(await page.getByRole('group', { name: 'RSI 14 pane' }).count()).toBe(0);
      expect(errors.page).toEqual([]);
      await context.close();
    },
  );

  for (const theme of ['light', 'dark'] as const) {
    it(
      `should have no serious axe violations with every indicator on, ${theme} theme`,
      { timeout: 60_000 },
      async () => {
        const { page, context } = await product.signedIn();
        await page.addInitScript((t) => localStorage.setItem('dk-theme', t), theme);
        await openChart(page, '/trading/SOL/1m');
        // Every indicator on, as the trader's stored settings for this pair.
        await page.evaluate(() => {
          const auth = JSON.parse(localStorage.getItem('signaldeck.auth') ?? '{}') as { user?: { id?: number } };
          localStorage.setItem(
            `signaldeck.chart.${auth.user?.id ?? 'anonymous'}.SOL`,
            JSON.stringify({ indicators: { sma: 20, ema: 9, bollinger: true, vwap: true, rsi: true, macd: true } }),
          );
        });
        await page.reload();
        await slider(page).waitFor({ timeout: 15_000 });
        await page.getByRole('group', { name: 'MACD 12 26 9 pane' }).waitFor();
        expect(await seriousAxeViolations(page, '[data-slot="candlestick-chart"]')).toEqual([]);
        await context.close();
      },
    );
  }
});
