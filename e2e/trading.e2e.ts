import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useProduct } from './harness';

const product = useProduct({ user: {} });

const open = () => product.signedIn();

describe('given the trading route', () => {
  it('should show the pair, its price, a "Simulated data" badge and the interval links', async () => {
    const { page, context, errors } = await open();
    await page.goto('/trading/ETH/1m');
    await page.getByRole('heading', { name: 'ETH/USD', level: 1 }).waitFor();
    await page.getByText('Simulated data').waitFor();
    const intervals = page.getByRole('navigation', { name: 'Chart interval' });
    expect((await intervals.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual([
      '1m',
      '5m',
      '15m',
      '1h',
      '4h',
      '1d',
    ]);
    expect(await intervals.getByRole('link', { name: '1m' }).getAttribute('aria-current')).toBe('page');
    await page.getByLabel(/^Last price/).waitFor({ timeout: 15_000 });
    expect(errors.page).toEqual([]);
    await context.close();
  });

  it('should draw the candles and update the last price live, without a reload', async () => {
    const { page, context } = await open();
    await page.goto('/trading/BTC/1m');
    const chart = page
      .getByRole('figure')
      .or(page.getByRole('img', { name: /BTC\/USD/ }))
      .first();
    await chart.waitFor({ timeout: 15_000 });
    const lastPrice = page.getByLabel(/^Last price/);
    await lastPrice.waitFor({ timeout: 15_000 });
    const first = await lastPrice.getAttribute('aria-label');
    await expect.poll(() => lastPrice.getAttribute('aria-label'), { timeout: 15_000, interval: 500 }).not.toBe(first);
    await context.close();
  });

  it('should switch interval through its link and update the breadcrumb and title', async () => {
    const { page, context } = await open();
    await page.goto('/trading/SOL/1m');
    await page.getByRole('navigation', { name: 'Chart interval' }).getByRole('link', { name: '4h' }).click();
    await page.waitForURL('**/trading/SOL/4h');
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect.poll(() => crumbs.locator('[aria-current="page"]').innerText()).toBe('4h');
    expect(await page.title()).toBe('Trading Chart | SignalDeck');
    await context.close();
  });

  it("should open a pair's chart from the spellings an alert's ticker uses", async () => {
    const { page, context } = await open();
    for (const [asked, opened] of [
      ['/trading/BTCUSD/5m', '/trading/BTC/5m'],
      ['/trading/binance:ethusdt/1h', '/trading/ETH/1h'],
      ['/trading/sol-usd', '/trading/SOL/1m'],
      ['/trading/eth/1H?signal=7', '/trading/ETH/1h?signal=7'],
      ['/trading/SOL/240', '/trading/SOL/4h'],
    ]) {
      await page.goto(asked);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === opened);
      await page.getByRole('heading', { name: `${opened.split(/[/?]/)[2]}/USD`, level: 1 }).waitFor();
    }
    await context.close();
  });

  it('should show a not-found state inside the shell for an unknown pair or interval', async () => {
    const { page, context } = await open();
    await page.goto('/trading/DOGE/1m');
    await page.getByRole('heading', { name: 'Unknown pair', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Toggle Sidebar' }).first().isVisible()).toBe(true);
    // Named as asked for, not as a pair against USD.
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'DOGE', exact: true }).count()).toBe(1);
    // A right-to-left override in the address is quoted as an escape: it cannot reverse the page's own sentence.
    await page.goto('/trading/%E2%80%AEbtc/1m');
    await page.getByText('SignalDeck has no market called "\\u202ebtc". Choose BTC/USD, ETH/USD or SOL/USD.').waitFor();
    expect(await crumbs.getByRole('link', { name: '\\u202ebtc', exact: true }).count()).toBe(1);
    await page.goto('/trading/SOL/7m');
    await page.getByRole('heading', { name: 'Unknown interval', level: 1 }).waitFor();
    // The way back stays on the pair asked for.
    await page.getByRole('link', { name: 'Go to the SOL/USD 1m chart' }).click();
    await page.waitForURL('**/trading/SOL/1m');
    await context.close();
  });
});

describe('given the login page', () => {
  it('should not download the chart code', async () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../packages/app/dist/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const tradingChunk = Object.entries(manifest).find(([key]) => key.endsWith('app/routes/trading.tsx'))?.[1].file;
    expect(tradingChunk).toBeTruthy();
    const { page, context } = await product.guest();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.some((p) => p.endsWith(`/${tradingChunk}`))).toBe(false);
    expect(requested.some((p) => /victory/i.test(p))).toBe(false);
    await context.close();
  });
});
