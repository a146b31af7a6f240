import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { api, useProduct } from './harness';

// The chart as a trader's workspace: indicators chosen from its menu, kept per pair across reloads.

const product = useProduct({ user: {} });

const chartOf = (page: Page) => page.getByRole('figure', { name: /candlestick chart/ });
const slider = (page: Page) => page.getByRole('slider', { name: 'Crosshair' });
const overlay = (page: Page, kind: string) =>
  page.locator(`[data-slot="indicator-overlays"] [data-indicator="${kind}"]`);

/** The Indicators menu's own trigger (Radix marks it with data-state), once its code has loaded after the first paint. */
const menuReady = (page: Page) =>
  chartOf(page).locator('[data-slot="indicators-trigger"][data-state]').waitFor({ timeout: 15_000 });

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
      await menuReady(page);
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
        // The app replaces the seeded user with the server's answer; settings are stored under its id.
        await page.waitForFunction(
          () =>
            (JSON.parse(localStorage.getItem('signaldeck.auth') ?? '{}') as { user?: { id?: number } }).user?.id !== 0,
        );
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

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`should fill the window below the page header at ${viewport.width} px`, { timeout: 60_000 }, async () => {
      const { page, context } = await product.signedIn(null, { viewport });
      await openChart(page, '/trading/BTC/1m');
      const box = await chartOf(page).boundingBox();
      // The chart ends at the window's bottom, less the page's padding (16 px), and is taller than it used to be.
      expect(box && Math.abs(box.y + box.height - (viewport.height - 16))).toBeLessThanOrEqual(2);
      expect(box?.height).toBeGreaterThan(400);
      await context.close();
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ]) {
    it(
      `should fit every indicator pane inside the chart at ${viewport.width}x${viewport.height}`,
      { timeout: 60_000 },
      async () => {
        const { page, context } = await product.signedIn(null, { viewport });
        // Every indicator on, as the trader's stored settings for this pair (under the seeded id and the server's).
        const me = await api<{ id: number }>(product.server.url, product.user.token, '/api/user');
        await context.addInitScript(
          ([ids, value]) => ids.forEach((id) => localStorage.setItem(`signaldeck.chart.${id}.SOL`, value)),
          [
            [0, me.id],
            JSON.stringify({ indicators: { sma: 20, ema: 9, bollinger: true, vwap: true, rsi: true, macd: true } }),
          ] as const,
        );
        await openChart(page, '/trading/SOL/1m');
        const chart = await chartOf(page).boundingBox();
        if (!chart) throw new Error('no chart');
        for (const name of ['RSI 14 pane', 'MACD 12 26 9 pane']) {
          const pane = page.getByRole('group', { name });
          await pane.waitFor();
          const box = await pane.boundingBox();
          if (!box) throw new Error(`no ${name}`);
          // Inside the chart and the window, with room to read it, and drawn at the height it got (not cut).
          expect(box.y + box.height).toBeLessThanOrEqual(chart.y + chart.height + 0.5);
          expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
          expect(box.height).toBeGreaterThanOrEqual(35);
          const drawn = Number(await pane.locator('svg').getAttribute('height'));
          expect(Math.abs(drawn - box.height)).toBeLessThanOrEqual(2);
        }
        // The candles keep a good part of the chart.
        const plot = await page.locator('[data-slot="chart-plot"]').boundingBox();
        expect(plot && plot.height).toBeGreaterThan(chart.height * 0.33);
        await page.screenshot({ path: `/tmp/c1-e2e-all-indicators-${viewport.width}x${viewport.height}.png` });
        await context.close();
      },
    );
  }

  it(
    'should open a pair in the interval last used for it, while an interval in the link wins',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/ETH/4h');
      await page.getByRole('link', { name: '1d' }).click();
      await page.waitForURL('**/trading/ETH/1d');
      await slider(page).waitFor({ timeout: 15_000 });

      // The sidebar's link to the pair opens it in 1d, after a reload too.
      await openChart(page, '/trading/BTC/5m');
      await page.getByLabel('Main navigation').getByRole('link', { name: 'ETH/USD' }).click();
      await page.waitForURL('**/trading/ETH/1d');
      await page.reload();
      await slider(page).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/trading/ETH/1d');
      await openChart(page, '/trading/ETH');
      expect(new URL(page.url()).pathname).toBe('/trading/ETH/1d');
      // Another pair keeps its own: BTC was last seen in 5m.
      await openChart(page, '/trading/BTC');
      expect(new URL(page.url()).pathname).toBe('/trading/BTC/5m');
      // A link with an interval opens that one (and it becomes the pair's last).
      await openChart(page, '/trading/ETH/15m');
      expect(new URL(page.url()).pathname).toBe('/trading/ETH/15m');
      await openChart(page, '/trading/ETH');
      expect(new URL(page.url()).pathname).toBe('/trading/ETH/15m');
      await context.close();
    },
  );

  it(
    'should have at least 300 daily candles on a first start, reached by panning back',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await product.signedIn();
      const first = page.waitForResponse((response) => /\/candles\?interval=1d/.test(response.url()));
      const older = page.waitForResponse((response) => /\/candles\?interval=1d.*before=/.test(response.url()), {
        timeout: 60_000,
      });
      await openChart(page, '/trading/BTC/1d');
      const loaded = ((await (await first).json()) as { candles: { time: number }[] }).candles;
      expect(loaded.length).toBeGreaterThanOrEqual(300);
      const surface = page.locator('[data-slot="chart-surface"]');
      const box = await surface.boundingBox();
      if (!box) throw new Error('no chart');
      // Zoomed out and dragged back to the oldest day: older days are asked for, and there are none left.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
      for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 300);
      let answered = false;
      void older.then(() => (answered = true));
      for (let i = 0; i < 20 && !answered; i++) {
        await page.mouse.move(box.x + 40, box.y + box.height / 3);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width - 100, box.y + box.height / 3, { steps: 4 });
        await page.mouse.up();
      }
      const before = Number(new URL((await older).url()).searchParams.get('before'));
      expect(before).toBe(loaded[0]!.time);
      expect(((await (await older).json()) as { candles: unknown[] }).candles).toEqual([]);
      // The chart still shows the whole history.
      expect(await page.getByText('Couldn’t load').count()).toBe(0);
      await context.close();
    },
  );

  it('should show the chart first on a phone on its side', { timeout: 60_000 }, async () => {
    const { page, context } = await product.signedIn(null, { viewport: { width: 844, height: 390 } });
    await openChart(page, '/trading/BTC/1m');
    const chart = await chartOf(page).boundingBox();
    const title = await page.getByRole('heading', { name: 'BTC/USD' }).boundingBox();
    expect(chart && title && chart.y < title.y).toBe(true);
    // Whole in the window, under the app's bar.
    expect(chart && chart.y + chart.height).toBeLessThanOrEqual(390);
    expect(chart?.height).toBeGreaterThan(250);
    await context.close();
  });

  it('should go full screen from its button and come back with Escape', { timeout: 60_000 }, async () => {
    const { page, context } = await product.signedIn();
    await openChart(page, '/trading/BTC/1m');
    await chartOf(page).getByRole('button', { name: 'Full screen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-slot') ?? null))
      .toBe('candlestick-chart');
    await chartOf(page).getByRole('button', { name: 'Exit full screen' }).waitFor();
    const full = await chartOf(page).boundingBox();
    expect(full?.height).toBe(800);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await chartOf(page).getByRole('button', { name: 'Full screen' }).waitFor();
    await context.close();
  });

  it(
    'should resize the volume pane by dragging its separator and the RSI pane with the keyboard, kept after a reload',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/ETH/1m');
      const volume = page.getByRole('separator', { name: 'Resize the volume pane' });
      expect(await volume.getAttribute('aria-valuenow')).toBe('20');
      const box = await volume.boundingBox();
      if (!box) throw new Error('no separator');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y - 60, { steps: 5 });
      await page.mouse.up();
      const dragged = Number(await volume.getAttribute('aria-valuenow'));
      expect(dragged).toBeGreaterThan(30);

      await menuReady(page);
      await chartOf(page).getByRole('button', { name: 'Indicators' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'RSI (14)' }).click();
      await page.keyboard.press('Escape');
      const rsi = page.getByRole('separator', { name: 'Resize the RSI 14 pane' });
      await rsi.focus();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      // Each key press is a render of the chart: the second may land a frame after the press returns.
      await expect.poll(() => rsi.getAttribute('aria-valuenow')).toBe('112');
      await expect
        .poll(async () => (await page.getByRole('group', { name: 'RSI 14 pane' }).boundingBox())?.height)
        .toBe(112);

      await page.reload();
      await slider(page).waitFor({ timeout: 15_000 });
      expect(Number(await volume.getAttribute('aria-valuenow'))).toBe(dragged);
      expect(await rsi.getAttribute('aria-valuenow')).toBe('112');
      await context.close();
    },
  );

  it(
    'should keep the overlays on screen: the price scale fits a VWAP and Bollinger Bands with the candles',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/SOL/1m');
      await menuReady(page);
      await chartOf(page).getByRole('button', { name: 'Indicators' }).click();
      const menu = page.getByRole('menu', { name: 'Indicators' });
      await menu.getByRole('menuitemcheckbox', { name: /VWAP/ }).click();
      await menu.getByRole('menuitemcheckbox', { name: /Bollinger/ }).click();
      await page.keyboard.press('Escape');
      await expect
        .poll(async () => ((await overlay(page, 'vwap').getAttribute('d')) ?? '').length)
        .toBeGreaterThan(100);
      // Every point of every overlay line lies inside the price pane (its clip rectangle), none cut at its edge.
      const outside = await page.evaluate(() => {
        const layer = document.querySelector('[data-slot="indicator-overlays"]')!;
        const clip = layer.querySelector('clipPath rect')!;
        const top = Number(clip.getAttribute('y'));
        const bottom = top + Number(clip.getAttribute('height'));
        const found: string[] = [];
        for (const path of layer.querySelectorAll('[data-slot="indicator-line"]')) {
          const ys = [...(path.getAttribute('d') ?? '').matchAll(/[ML][-\d.]+,([-\d.]+)/g)].map((m) => Number(m[1]));
          if (ys.length === 0) found.push(`${path.getAttribute('data-indicator')}: no points`);
          for (const y of ys)
            if (y < top - 0.5 || y > bottom + 0.5) found.push(`${path.getAttribute('data-indicator')} at y ${y}`);
        }
        return found;
      });
      expect(outside).toEqual([]);
      await context.close();
    },
  );

  it(
    'should switch the price scale to percent and log, kept for that pair after a reload',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/SOL/5m');
      const labels = () => page.locator('[data-slot="price-label"]').allTextContents();
      expect((await labels()).every((label) => /^[\d,]+\.\d{2}$/.test(label))).toBe(true);
      await chartOf(page).getByRole('button', { name: 'Percent' }).click();
      await expect.poll(async () => (await labels()).every((label) => /^[+−]?\d+\.\d{2}%$/.test(label))).toBe(true);
      await page.reload();
      await slider(page).waitFor({ timeout: 15_000 });
      expect(await chartOf(page).getByRole('button', { name: 'Percent' }).getAttribute('aria-pressed')).toBe('true');
      expect((await labels()).every((label) => label.endsWith('%'))).toBe(true);

      await chartOf(page).getByRole('button', { name: 'Log' }).click();
      await expect.poll(async () => (await labels()).every((label) => /^[\d,]+\.\d{2}$/.test(label))).toBe(true);
      await page.reload();
      await slider(page).waitFor({ timeout: 15_000 });
      expect(await chartOf(page).getByRole('button', { name: 'Log' }).getAttribute('aria-pressed')).toBe('true');
      // Another pair keeps its own (linear) scale.
      await openChart(page, '/trading/ETH/5m');
      expect(await chartOf(page).getByRole('button', { name: 'Linear' }).getAttribute('aria-pressed')).toBe('true');
      await context.close();
    },
  );

  it(
    'should rescale prices by dragging the price axis and fit again on double-click',
    { timeout: 60_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/BTC/1m');
      const handle = page.getByRole('slider', { name: 'Price scale' });
      const labels = () => page.locator('[data-slot="price-label"]').allTextContents();
      const box = await handle.boundingBox();
      if (!box) throw new Error('no price axis');
      const spread = async () => {
        const values = (await labels()).map((label) => Number(label.replace(/,/g, '')));
        return Math.max(...values) - Math.min(...values);
      };
      const before = await spread();
      await page.mouse.move(box.x + box.width / 2, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + 190, { steps: 6 });
      await page.mouse.up();
      expect(Number(await handle.getAttribute('aria-valuenow'))).toBeGreaterThan(200);
      expect(await spread()).toBeGreaterThan(before * 1.5);
      await handle.dblclick();
      expect(await handle.getAttribute('aria-valuetext')).toBe('Fitted to the candles');
      await context.close();
    },
  );

  it(
    'should zoom about 10% of the visible range per wheel notch, and keep the view as candles arrive',
    { timeout: 60_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/BTC/1m');
      const surface = page.locator('[data-slot="chart-surface"]');
      const count = async () => Number(await surface.getAttribute('data-candles'));
      const box = await surface.boundingBox();
      if (!box) throw new Error('no chart');
      await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
      const before = await count();
      await page.mouse.wheel(0, -100);
      await expect.poll(count).toBeLessThan(before);
      const zoomed = await count();
      expect(zoomed / before).toBeGreaterThan(0.85);
      expect(zoomed / before).toBeLessThan(0.95);
      // Scrolled back, the view stays put while live candles arrive.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      await chartOf(page).getByRole('button', { name: 'Go to latest' }).waitFor();
      const labels = () => page.locator('[data-slot="time-label"]').allTextContents();
      const shown = await labels();
      await page.waitForTimeout(2_500);
      expect(await labels()).toEqual(shown);
      expect(await count()).toBe(zoomed);
      await context.close();
    },
  );

  it(
    'should load older candles when panned back to the oldest one, without moving the view',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await product.signedIn();
      await openChart(page, '/trading/ETH/1m');
      const surface = page.locator('[data-slot="chart-surface"]');
      const box = await surface.boundingBox();
      if (!box) throw new Error('no chart');
      const older = page.waitForResponse((response) => /\/candles\?.*before=/.test(response.url()), {
        timeout: 60_000,
      });
      // Zoom all the way out, then drag towards the past until the oldest loaded candle comes near.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
      for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 300);
      let answered = false;
      void older.then(() => (answered = true));
      for (let i = 0; i < 20 && !answered; i++) {
        await page.mouse.move(box.x + 40, box.y + box.height / 3);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width - 100, box.y + box.height / 3, { steps: 4 });
        await page.mouse.up();
      }
      const response = await older;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { candles: unknown[] };
      expect(body.candles.length).toBeGreaterThan(0);
      // The older page goes in front of the history: the candles on screen stay where they were.
      const labels = () => page.locator('[data-slot="time-label"]').allTextContents();
      const shown = await labels();
      await page.waitForTimeout(1_000);
      expect(await labels()).toEqual(shown);
      await context.close();
    },
  );
});
