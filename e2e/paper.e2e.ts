import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { api, launchBrowser, registerUser, signedInPage, startServer, startShown, type RunningServer } from './harness';

/**
 * Paper trading in the browser against the real server: the done-means of issue 14 (a new trader's "buy BTC"
 * then "sell BTC" on the Default URL give one closed trade, seen with its P&L on Overview and Trades, on the
 * chart, and as outcomes in the signals list), settings validation, reset and replay behind a confirmation,
 * and axe on the new pages in both themes.
 */

interface Strategy {
  id: string;
  name: string;
  webhookUrl: string;
}
interface Trade {
  id: string;
  status: 'open' | 'closed';
  side: 'long' | 'short';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  entryFee: number;
  exitFee: number | null;
  fees: number;
  netPnl: number | null;
  entrySignalIds: string[];
  exitSignalId: string | null;
}

let server: RunningServer;
let browser: Browser;
let trader: Awaited<ReturnType<typeof registerUser>>;
let defaultStrategy: Strategy;
let trade: Trade;

/** What TradingView does: a POST with a text/plain body. */
async function postAlert(url: string, body: object): Promise<void> {
  const res = await fetch(`${server.url}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify(body),
  });
  if (res.status !== 202) throw new Error(`webhook answered ${res.status}`);
}

/** Waits for `read` to give a value: a signal is executed once the market minute it arrived in is final. */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The kit's way of writing a signed amount: "+$1.23", "−$0.45". */
const signedMoney = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  const text = `$${Math.abs(rounded).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return rounded > 0 ? `+${text}` : rounded < 0 ? `\u2212${text}` : text;
};

/** The route's title is set once its lazy module has rendered. */
async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 20_000 });
}

async function open(
  path: string,
  options: { viewport?: { width: number; height: number }; theme?: 'dark' | 'light' } = {},
) {
  const opened = await signedInPage(
    browser,
    server.url,
    trader,
    options.viewport ? { viewport: options.viewport } : {},
  );
  if (options.theme) await opened.context.addInitScript((t) => localStorage.setItem('dk-theme', t), options.theme);
  await opened.page.goto(path);
  return opened;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  trader = await registerUser(server.url, { name: 'Paper Trader' });
  defaultStrategy = (await api<{ data: Strategy[] }>(server.url, trader.token, '/api/strategies')).data[0]!;

  // Default settings: market fills, 10 bps fee a side, 1,000 USD when the alert has no quantity.
  await postAlert(defaultStrategy.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'buy', strategy: 'E2E paper' });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await postAlert(defaultStrategy.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'sell', strategy: 'E2E paper' });
  trade = await eventually(async () => {
    const page = await api<{ data: Trade[] }>(server.url, trader.token, '/api/trades');
    return page.data.find((t) => t.status === 'closed');
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('given a new trader who sent "buy BTC" then "sell BTC" to the Default URL', () => {
  it('should have made one closed trade, and opened a short (the default reverses on an opposite signal)', async () => {
    const all = await api<{ data: Trade[] }>(server.url, trader.token, '/api/trades');
    expect(all.data.filter((t) => t.status === 'closed')).toHaveLength(1);
    expect(all.data.filter((t) => t.status === 'open').map((t) => t.side)).toEqual(['short']);
  });

  it('should have closed a long trade of 1,000 USD, net of 10 bps fees each side', () => {
    expect(trade.side).toBe('long');
    expect(trade.quantity * trade.entryPrice).toBeCloseTo(1000, 2);
    // Money is kept to the millionth, rounded at each step (the cost, the fees, the P&L): each rounding may move a
    // figure by half a millionth, so a figure of two or three of them is within a few millionths of the exact one.
    expect(trade.entryFee).toBeCloseTo(trade.quantity * trade.entryPrice * 0.001, 5);
    expect(trade.exitFee).toBeCloseTo(trade.quantity * trade.exitPrice! * 0.001, 5);
    expect(trade.netPnl).toBeCloseTo((trade.exitPrice! - trade.entryPrice) * trade.quantity - trade.fees, 5);
  });

  it('should show the trade and its P&L on Overview', async () => {
    const { page, context } = await open('/performance/overview');
    await expectTitle(page, 'Overview | SignalDeck');
    const realised = page.getByRole('group', { name: 'Realised P&L', exact: true });
    await realised.getByText(signedMoney(trade.netPnl!)).waitFor({ timeout: 20_000 });
    await page.getByRole('group', { name: 'Trades', exact: true }).getByText('1', { exact: true }).waitFor();
    await context.close();
  });

  it('should list it on Trades with its P&L and links to its signals and the chart', async () => {
    const { page, context } = await open('/performance/trades');
    await expectTitle(page, 'Trades | SignalDeck');
    const row = page.getByRole('row').filter({ hasText: signedMoney(trade.netPnl!) });
    await row.first().waitFor({ timeout: 20_000 });
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('BTC');
    const entryLink = row.getByRole('link', { name: /Entry signal/ });
    expect(await entryLink.getAttribute('href')).toBe(`/signals?selected=${trade.entrySignalIds[0]}`);
    expect(await row.getByRole('link', { name: /Exit signal/ }).getAttribute('href')).toBe(
      `/signals?selected=${trade.exitSignalId}`,
    );
    expect(await row.getByRole('link', { name: /Chart/ }).getAttribute('href')).toMatch(/^\/trading\/BTC\/1m\?at=\d+/);

    // The result filter is in the URL and keeps the win, loss or draw it names.
    const result = trade.netPnl! > 0 ? 'Wins' : trade.netPnl! < 0 ? 'Losses' : 'Draws (break-even)';
    await page.getByLabel('Result', { exact: true }).selectOption({ label: result });
    await page.waitForURL(/result=/);
    await row.first().waitFor();
    // With the default "reverse" on an opposite signal, the sell also opened a short: it is the open trade.
    await page.getByLabel('Result', { exact: true }).selectOption({ label: 'Open' });
    await page.getByRole('row').filter({ hasText: /short/i }).first().waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: signedMoney(trade.netPnl!) })
        .count(),
    ).toBe(0);

    // A filter no trade matches says so, and clears in one click (not "No trades yet").
    await page.getByRole('group', { name: 'Filter trades' }).getByLabel('Pair').selectOption({ label: 'SOL/USD' });
    await page.getByText('No trades match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await row.first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('should draw the entry and the exit on the BTC chart', async () => {
    const { page, context } = await open('/trading/BTC/1m');
    const flags = page.getByRole('toolbar', { name: 'Trades on the chart' }).getByRole('button');
    await flags.nth(1).waitFor({ timeout: 30_000 });
    const names = await flags.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    expect(names.some((name) => name.startsWith('Long entry'))).toBe(true);
    expect(names.some((name) => name.startsWith('Long exit'))).toBe(true);
    // Each flag names its strategy, which comes with the strategies' own request.
    await expect
      .poll(() => flags.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? '')))
      .toSatisfy((labels: string[]) => labels.every((label) => label.endsWith(', Default')));
    // A flag leads to the signal behind it, from the keyboard as by a click.
    await page.locator('[data-slot="trade-marker"][data-kind="exit"]').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/signals\?ticker=BTC&selected=\d+$/);
    await context.close();
  });

  it('should show the outcome and strategy of both signals in /signals', async () => {
    const { page, context } = await open('/signals');
    await page
      .getByRole('row')
      .filter({ hasText: /Executed at [\d,.]+: opened long/ })
      .first()
      .waitFor({ timeout: 20_000 });
    const sold = page.getByRole('row').filter({ hasText: /Executed at [\d,.]+: long [\d.]+ → short/ });
    await sold.first().waitFor();
    // The strategy's name comes with the strategies' own request, which may answer after the rows.
    await expect.poll(() => sold.first().innerText()).toContain('Default');
    await context.close();
  });
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Whether an element shows its whole content (nothing cut off or clipped). */
const showsAll = (element: Element) =>
  element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight;

describe('given the closed trade on Performance > Trades', () => {
  const tradeRow = (page: Page) =>
    page.locator('tr[data-slot="trades-table-row"]').filter({ hasText: signedMoney(trade.netPnl!) });

  it('should show its 8-decimal quantity with the pair, whole, at 1440 px', async () => {
    const { page, context } = await open('/performance/trades', { viewport: DESKTOP });
    const quantity = tradeRow(page).getByRole('gridcell', { name: /^\d+\.\d+ BTC$/ });
    await quantity.waitFor({ timeout: 20_000 });
    expect(await quantity.innerText()).toBe(`${trade.quantity} BTC`);
    expect(await quantity.evaluate(showsAll)).toBe(true);
    await context.close();
  });

  it('should keep a column hidden from the Columns menu after a reload, until the menu resets the columns', async () => {
    const { page, context } = await open('/performance/trades', { viewport: DESKTOP });
    const headers = () => page.getByRole('grid', { name: 'Trades' }).getByRole('columnheader').allInnerTexts();
    await tradeRow(page).waitFor({ timeout: 20_000 });
    expect(await headers()).toContain('Fees');
    await page.getByRole('button', { name: 'Columns of Trades' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Fees' }).click();
    await page.keyboard.press('Escape');
    expect(await headers()).not.toContain('Fees');

    await page.reload();
    await tradeRow(page).waitFor({ timeout: 20_000 });
    expect(await headers()).not.toContain('Fees');
    expect(await headers()).toContain('Pair');

    await page.getByRole('button', { name: 'Columns of Trades' }).click();
    await page.getByRole('menuitem', { name: 'Reset columns' }).click();
    expect(await headers()).toContain('Fees');
    await page.reload();
    await tradeRow(page).waitFor({ timeout: 20_000 });
    expect(await headers()).toContain('Fees');
    await context.close();
  });

  it('should show every field of its card and both links on a phone, the links reachable by keyboard', async () => {
    const { page, context } = await open('/performance/trades', { viewport: PHONE });
    await page.locator('[data-layout="cards"]').waitFor({ timeout: 20_000 });
    const card = tradeRow(page);
    await card.waitFor({ timeout: 20_000 });
    const cells = card.getByRole('gridcell');
    expect(await cells.count()).toBeGreaterThanOrEqual(6);
    expect(await cells.evaluateAll((all) => all.filter((cell) => !(cell.scrollWidth <= cell.clientWidth)).length)).toBe(
      0,
    );
    for (const name of [/^Entry signal/, /^Exit signal/, /^Chart/]) {
      const box = (await card.getByRole('link', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The grid is one Tab stop; the active card's links come next, Chart last.
    await page.getByRole('button', { name: 'Columns of Trades' }).focus();
    await page.keyboard.press('Tab');
    const cardId = await card.getAttribute('id');
    for (let step = 0; step < 5; step++) {
      if ((await page.getByRole('grid').getAttribute('aria-activedescendant')) === cardId) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const chart = card.getByRole('link', { name: /^Chart/ });
    expect(await chart.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await chart.isVisible()).toBe(true);
    await context.close();
  });
});

/** Whether `text` (the start of `element`'s text) lies inside `element`'s box: seen, not clipped away. */
const startsInside = (element: Element, text: string) => {
  const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode()!;
  if (!node.textContent!.startsWith(text)) return false;
  const range = document.createRange();
  range.setStart(node, 0);
  range.setEnd(node, text.length);
  const shown = range.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  return shown.left >= box.left && shown.right <= box.right;
};

describe('given the open short and the alerts named "E2E paper" on the Default URL, with the sidebar open', () => {
  const LAPTOP = { width: 1280, height: 800 };

  it("should start each signal's strategy with the alert's own name at 1280 px, the Default strategy after it in the tooltip", async () => {
    const { page, context } = await open('/signals', { viewport: LAPTOP });
    expect(await page.locator('[data-slot="sidebar"]').getAttribute('data-state')).toBe('expanded');
    const strategy = page.locator('tr[data-slot="signals-table-row"] td[data-column="strategy"] [title]').first();
    await strategy.waitFor({ timeout: 20_000 });
    // The strategy's name comes with the strategies' own request, which may answer after the rows.
    await expect.poll(() => strategy.getAttribute('title'), { timeout: 15_000 }).toBe('E2E paper · Default');
    expect(await strategy.evaluate(startsInside, 'E2E paper')).toBe(true);
    const scroller = page.locator('[data-slot="signals-table-scroller"]');
    expect(await scroller.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  for (const viewport of [LAPTOP, PHONE]) {
    it(`should show the open trade's P&L percent and "unrealised" whole at ${viewport.width} px`, async () => {
      const { page, context } = await open('/performance/trades', { viewport });
      const openTrade = page.locator('tr[data-slot="trades-table-row"]').filter({ hasText: 'unrealised' });
      await openTrade.waitFor({ timeout: 20_000 });
      const pnl = openTrade.locator('td[data-column="pnl"]');
      const word = pnl.getByText('unrealised', { exact: true });
      const percent = pnl.getByText(/^[+\u2212]?\d[\d,]*\.\d\d%$/);
      const cell = (await pnl.boundingBox())!;
      for (const part of [word, percent]) {
        expect(await part.evaluate(showsAll)).toBe(true);
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(cell.x);
        expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width);
        expect(box.y).toBeGreaterThanOrEqual(cell.y);
        expect(box.y + box.height).toBeLessThanOrEqual(cell.y + cell.height);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    });
  }
});

describe('given a signal a strategy ignored, with a reason longer than its row, at 1440 px', () => {
  it("should give the keyboard its whole outcome and strategy in the row's details", async () => {
    // A strategy of its own (filling at the alert's price) ignores an alert priced far from the market.
    const strategy = await api<Strategy>(server.url, trader.token, '/api/strategies', {
      method: 'POST',
      body: JSON.stringify({ name: 'Alert-price fills', settings: { fill: 'signal' } }),
    });
    try {
      await postAlert(strategy.webhookUrl, { ticker: 'BINANCE:ETHUSDT', action: 'buy', price: 1 });
      const outcome = await eventually(async () => {
        const page = await api<{ data: { strategyId: string; outcome: { status: string; reason?: string } | null }[] }>(
          server.url,
          trader.token,
          '/api/signals',
        );
        const ignored = page.data.find((s) => s.strategyId === strategy.id)?.outcome;
        return ignored?.status === 'ignored' ? `Ignored: ${ignored.reason}` : undefined;
      });
      expect(outcome).toMatch(/^Ignored: the alert's price 1 is 100\.0% from the market price/);

      const { page, context } = await open('/signals', { viewport: DESKTOP });
      const row = page.locator('tr[data-slot="signals-table-row"]').first();
      // The row says "ignored" once, in its badge, then why; its details give the whole outcome.
      await row.locator('[data-slot="signals-table-ignored"]').waitFor({ timeout: 20_000 });
      expect(await row.locator('[data-slot="signals-table-reason"]').innerText()).toBe(
        outcome.replace(/^Ignored: /, ''),
      );
      // The newest signal is the first row, where the grid's keyboard starts.
      await page.getByRole('button', { name: 'Columns of All signals' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const detail = page.locator('tr[data-slot="signals-table-detail"]');
      const whole = detail.getByRole('definition').filter({ hasText: outcome });
      expect(await whole.innerText()).toBe(outcome);
      expect(await whole.evaluate(showsAll)).toBe(true);
      expect(await detail.getByRole('definition').filter({ hasText: 'Alert-price fills' }).count()).toBe(1);
      await context.close();
    } finally {
      // Its signals go with it, so the Default strategy's replay below sees only its own.
      const res = await fetch(`${server.url}/api/strategies/${strategy.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${trader.token}` },
      });
      expect(res.status).toBe(204);
    }
  });
});

describe('given Settings > Strategy', () => {
  it('should show the Default strategy with its URL masked until revealed', async () => {
    const { page, context } = await open('/settings/strategy');
    await expectTitle(page, 'Strategy | SignalDeck');
    const url = page.getByLabel('Webhook URL');
    await url.waitFor();
    expect(await url.inputValue()).toMatch(/\/api\/webhooks\/•+$/);
    await page.getByRole('button', { name: 'Reveal' }).click();
    expect(await url.inputValue()).toBe(defaultStrategy.webhookUrl);
    await context.close();
  });

  it("should put the server's message next to a setting it refuses, and save a valid one", async () => {
    const { page, context } = await open('/settings/strategy');
    const fee = page.getByLabel('Fee (bps per fill)');
    await fee.fill('-1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Fee must be at least 0 bps').waitFor();
    expect(await fee.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await fee.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText()).toBe('Fee must be at least 0 bps');

    await fee.fill('10');
    await page.getByLabel('Stop loss (% from entry)').fill('2');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = await api<Strategy & { settings: { stopLossPct: number | null; feeBps: number } }>(
      server.url,
      trader.token,
      `/api/strategies/${defaultStrategy.id}`,
    );
    expect(saved.settings).toMatchObject({ stopLossPct: 2, feeBps: 10 });
    await context.close();
  });

  it('should replay and reset only after a confirmation', async () => {
    const { page, context } = await open('/settings/strategy');
    await page.getByRole('button', { name: 'Reset account…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset account?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const kept = await api<{ data: Trade[] }>(server.url, trader.token, '/api/trades');
    expect(kept.data.map((t) => t.id)).toContain(trade.id);

    await page.getByRole('button', { name: 'Replay…' }).click();
    await page.getByRole('alertdialog', { name: 'Replay?' }).getByRole('button', { name: 'Replay signals' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Replayed 2 signals: 1 closed trades/ })
      .waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Reset account…' }).click();
    await page
      .getByRole('alertdialog', { name: 'Reset account?' })
      .getByRole('button', { name: 'Reset account' })
      .click();
    await page.getByRole('status').filter({ hasText: 'The paper account was reset.' }).waitFor();
    expect((await api<{ data: Trade[] }>(server.url, trader.token, '/api/trades')).data).toEqual([]);
    await context.close();
  });
});

const THEMES = ['dark', 'light'] as const;
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/performance/overview', ready: (page) => page.getByRole('heading', { name: 'Open positions' }).waitFor() },
  { path: '/performance/trades', ready: (page) => page.getByLabel('Result', { exact: true }).waitFor() },
  { path: '/performance/analytics', ready: (page) => page.getByRole('heading', { name: 'Signal latency' }).waitFor() },
  { path: '/settings/strategy', ready: (page) => page.getByLabel('Webhook URL').waitFor() },
];

for (const theme of THEMES) {
  describe(`given the ${theme} theme`, () => {
    for (const { path, ready } of PAGES) {
      for (const viewport of [undefined, { width: 390, height: 844 }]) {
        it(`should have no serious axe violations on ${path}${viewport ? ' at phone width' : ''}`, async () => {
          const { page, context } = await open(path, viewport ? { viewport, theme } : { theme });
          await ready(page);
          // Let the loading skeletons give way to the data.
          await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
            timeout: 20_000,
          });
          expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await context.close();
        });
      }
    }
  });
}

describe('given an open short whose fills sit on its entry line (a buy, then a sell that reversed it)', () => {
  let reverser: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    reverser = await registerUser(server.url, { name: 'Reversal Trader' });
    const [strategy] = (await api<{ data: Strategy[] }>(server.url, reverser.token, '/api/strategies')).data;
    const alert = { ticker: 'BINANCE:BTCUSDT', strategy: 'E2E reversal' };
    await postAlert(strategy!.webhookUrl, { ...alert, action: 'buy' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The sell closes the long and opens a short at one price: three flags on the short's entry line.
    await postAlert(strategy!.webhookUrl, { ...alert, action: 'sell' });
    await eventually(async () => {
      const trades = (await api<{ data: Trade[] }>(server.url, reverser.token, '/api/trades')).data;
      return trades.some((t) => t.status === 'closed') && trades.some((t) => t.status === 'open') ? true : undefined;
    });
  }, 240_000);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`should draw the entry line's label and the flags' labels with no two overlapping, ${viewport.width}px wide`, async () => {
      const { page, context } = await signedInPage(browser, server.url, reverser, { viewport });
      await page.goto('/trading/BTC/1m');
      await page
        .locator('[data-slot="price-line"][data-kind="entry"] [data-slot="price-line-label"]')
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('[data-slot="trade-marker"]').count(), { timeout: 30_000 }).toBe(3);
      // A flag with no free room around its pin is drawn without its label. At 1440 there is room for one at
      // least; at 390 the three pins share the newest candle with its signal markers and the entry line's label,
      // and how much room is left depends on the live candle's size: a CI run once waited 30 s for a label in vain.
      if (viewport.width > 390) await page.locator('[data-slot="trade-label"]').first().waitFor();
      const boxes = await page
        .locator('[data-slot="price-line-label"], [data-slot="trade-label"]')
        .evaluateAll((labels) =>
          labels.map((label) => {
            const { left, top, right, bottom } = label.getBoundingClientRect();
            return { text: label.textContent ?? '', left, top, right, bottom };
          }),
        );
      const overlapping = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          .map((b) => `${a.text} × ${b.text}`),
      );
      expect(boxes.map((box) => box.text)).toContain('Short entry');
      expect(overlapping).toEqual([]);
      // From a trader's review: a flag's button spans its pin, label and leader, and one could cover a neighbour's
      // label, so pointing at that label hovered (and a click opened) the other trade. Here, the middle of each
      // label belongs to its own flag (the kit's tests check that the rest of a flag's box takes no pointer).
      const misdirected = await page.locator('[data-slot="trade-label"]').evaluateAll((labels) =>
        labels.flatMap((label) => {
          const { left, top, width, height } = label.getBoundingClientRect();
          const hit = document.elementFromPoint(left + width / 2, top + height / 2);
          const own = label.closest('[data-slot="trade-marker"]');
          return hit?.closest('[data-slot="trade-marker"]') === own ? [] : [label.textContent ?? ''];
        }),
      );
      expect(misdirected).toEqual([]);
      await context.close();
    });

    it(`should keep the entry line's tag and label clear of the price axis, and every flag label inside the plot, ${viewport.width}px wide`, async () => {
      const { page, context } = await signedInPage(browser, server.url, reverser, { viewport });
      await page.goto('/trading/BTC/1m');
      await page
        .locator('[data-slot="price-line"][data-kind="entry"] [data-slot="price-line-label"]')
        .waitFor({ timeout: 30_000 });
      await page.locator('[data-slot="trade-label"]').first().waitFor();
      const chart = '[data-slot="candlestick-chart"]';
      // What sits on the price axis: its tick labels, and the tags of the last price and of each price line.
      const ticks = await boxesOf(page, `${chart} [data-slot="price-label"]`);
      const tags = await boxesOf(
        page,
        `${chart} [data-slot="last-price"] text, ${chart} [data-slot="price-line"] > text:not([data-slot])`,
      );
      expect(tags.length).toBeGreaterThanOrEqual(2);
      const labels = await boxesOf(page, `${chart} [data-slot="price-line-label"], ${chart} [data-slot="trade-label"]`);
      const crossing = (from: Box[], to: Box[]) =>
        from.flatMap((a) => to.filter((b) => overlaps(a, b)).map((b) => `${a.text} × ${b.text}`));
      expect(crossing(ticks, tags)).toEqual([]);
      expect(crossing(labels, [...ticks, ...tags])).toEqual([]);
      const surface = (await page.locator(`${chart} [data-slot="chart-surface"]`).boundingBox())!;
      const plotRight = Math.min(...ticks.map((b) => b.left));
      // Each flag's label whole, not cut short with an ellipsis.
      expect(
        await page
          .locator(`${chart} [data-slot="trade-label"]`)
          .evaluateAll((all) => all.filter((label) => label.scrollWidth > label.clientWidth).map((l) => l.textContent)),
      ).toEqual([]);
      const flags = await boxesOf(page, `${chart} [data-slot="trade-label"]`);
      for (const flag of flags) {
        expect(flag.left, flag.text).toBeGreaterThanOrEqual(surface.x);
        expect(flag.right, flag.text).toBeLessThanOrEqual(plotRight);
        expect(flag.top, flag.text).toBeGreaterThanOrEqual(surface.y);
        expect(flag.bottom, flag.text).toBeLessThanOrEqual(surface.y + surface.height);
      }
      await context.close();
    });
  }
});

/** The boxes of the elements `selector` matches, with their text, in page pixels. */
async function boxesOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { text: element.textContent ?? '', left, top, right, bottom };
    }),
  );
}

type Box = Awaited<ReturnType<typeof boxesOf>>[number];
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** Each pair of boxes that overlap, as "first × second". */
const overlappingPairs = (boxes: Box[]) =>
  boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => overlaps(a, b))
      .map((b) => `${a.text} × ${b.text}`),
  );

describe('given the pages a trader reads every day, after a buy and a sell that reversed it', () => {
  let daily: Awaited<ReturnType<typeof registerUser>>;
  let closed: Trade;

  beforeAll(async () => {
    daily = await registerUser(server.url, { name: 'Daily Trader' });
    const [strategy] = (await api<{ data: Strategy[] }>(server.url, daily.token, '/api/strategies')).data;
    const alert = { ticker: 'BINANCE:BTCUSDT', strategy: 'E2E daily' };
    await postAlert(strategy!.webhookUrl, { ...alert, action: 'buy' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await postAlert(strategy!.webhookUrl, { ...alert, action: 'sell' });
    closed = await eventually(async () => {
      const trades = (await api<{ data: Trade[] }>(server.url, daily.token, '/api/trades')).data;
      return trades.some((t) => t.status === 'open') ? trades.find((t) => t.status === 'closed') : undefined;
    });
  }, 240_000);

  const openAs = async (path: string, viewport: { width: number; height: number }) => {
    const opened = await signedInPage(browser, server.url, daily, { viewport });
    await opened.page.goto(path);
    return opened;
  };

  for (const viewport of [DESKTOP, { width: 1280, height: 800 }]) {
    it(`should fit every column of Trades, P&L and links included, with the sidebar open at ${viewport.width} px`, async () => {
      const { page, context } = await openAs('/performance/trades', viewport);
      const row = page.locator('tr[data-slot="trades-table-row"]').filter({ hasText: signedMoney(closed.netPnl!) });
      await row.waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-slot="sidebar"][data-state="expanded"]').count()).toBeGreaterThan(0);
      const table = page.getByRole('grid', { name: /Trades/ });
      const fit = await table.evaluate((element) => {
        const scroller = element.parentElement!;
        return { table: element.scrollWidth, box: scroller.clientWidth, scroll: scroller.scrollWidth };
      });
      expect(fit.table).toBeLessThanOrEqual(fit.box);
      expect(fit.scroll).toBeLessThanOrEqual(fit.box);
      const box = (await table.evaluate((element) => element.parentElement!.getBoundingClientRect().toJSON())) as {
        right: number;
      };
      const pnl = (await row.getByText(signedMoney(closed.netPnl!)).boundingBox())!;
      expect(pnl.x + pnl.width).toBeLessThanOrEqual(box.right);
      for (const name of [/^Entry signal/, /^Exit signal/, /^Chart/]) {
        const link = (await row.getByRole('link', { name }).boundingBox())!;
        expect(link.x + link.width).toBeLessThanOrEqual(box.right);
      }
      // Every cell shows its whole content.
      expect(
        await row
          .getByRole('gridcell')
          .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length),
      ).toBe(0);
      await context.close();
    });
  }

  it('should give loading metric cards the height of loaded ones, and two cards a line on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await signedInPage(browser, server.url, daily, { viewport });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/performance?**', async (route) => {
        await held;
        await route.continue();
      });
      await page.route('**/api/performance', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/performance/overview');
      const cards = page.locator('[data-slot="metric-card"]');
      await page.locator('[data-slot="metric-card"][aria-busy="true"]').first().waitFor({ timeout: 20_000 });
      const loading = await cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().height));
      release();
      await page.waitForFunction(() => document.querySelectorAll('[data-slot="metric-card"][aria-busy]').length === 0);
      const loaded = await cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().height));
      expect(loading).toHaveLength(11);
      loading.forEach((height, i) => expect(Math.abs(height - loaded[i]!)).toBeLessThanOrEqual(1));
      if (viewport === PHONE) {
        const [first, second] = await boxesOf(page, '[data-slot="metric-card"]');
        expect(Math.abs(first!.top - second!.top)).toBeLessThanOrEqual(1);
        expect(second!.left).toBeGreaterThan(first!.right);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
      await context.close();
    }
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`should place the equity chart's axis labels with none overlapping at ${viewport.width} px`, async () => {
      const { page, context } = await openAs('/performance/overview', viewport);
      await page.locator('[data-slot="equity-chart"] [data-slot="value-label"]').first().waitFor({ timeout: 20_000 });
      const times = await boxesOf(page, '[data-slot="equity-chart"] [data-slot="time-label"]');
      const values = await boxesOf(
        page,
        '[data-slot="equity-chart"] [data-slot="value-label"], [data-slot="equity-chart"] [data-slot="drawdown-label"]',
      );
      expect(times.length).toBeGreaterThanOrEqual(1);
      expect(overlappingPairs(times)).toEqual([]);
      expect(overlappingPairs(values)).toEqual([]);
      // A gap a reader can see between two dates.
      const sorted = times.sort((a, b) => a.left - b.left);
      sorted.slice(1).forEach((box, i) => expect(box.left - sorted[i]!.right).toBeGreaterThanOrEqual(8));
      await context.close();
    });
  }

  for (const [choice, viewport] of [PHONE, { width: 1280, height: 800 }, DESKTOP].flatMap((size) =>
    ['Opposite signal', 'Fill price'].map((label) => [label, size] as const),
  )) {
    it(`should show every ${choice} choice whole at ${viewport.width} px`, async () => {
      const { page, context } = await openAs('/settings/strategy', viewport);
      const select = page.getByLabel(choice, { exact: true });
      await select.waitFor({ timeout: 20_000 });
      const fits = await select.evaluate((element) => {
        const sel = element as HTMLSelectElement;
        const style = getComputedStyle(sel);
        const canvas = document.createElement('canvas').getContext('2d')!;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...[...sel.options].map((option) => canvas.measureText(option.text).width));
        const chrome = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return { widest, room: sel.clientWidth - chrome };
      });
      expect(fits.widest).toBeLessThanOrEqual(fits.room);
      await context.close();
    });
  }

  it('should break the TradingView alert template only between JSON fields on a phone', async () => {
    const { page, context } = await openAs('/settings/strategy', PHONE);
    const template = page.locator('pre').filter({ hasText: '"ticker"' }).first();
    await template.waitFor({ timeout: 20_000 });
    const broken = await template.evaluate((pre) => {
      const text = pre.firstChild!;
      const content = text.textContent ?? '';
      const splits: string[] = [];
      for (const line of content.split('\n')) {
        const start = content.indexOf(line);
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + line.length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) splits.push(line.trim());
      }
      return splits;
    });
    expect(broken).toEqual([]);
    const box = (await template.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('should keep the connection badge one width whether Live or not', async () => {
    const live = await openAs('/signals', DESKTOP);
    const badge = (page: Page) => page.locator('header [data-slot="connection-indicator"]');
    await badge(live.page).getByText('Live').waitFor({ timeout: 20_000 });
    const liveBox = (await badge(live.page).boundingBox())!;
    await live.context.close();
    // Signals that cannot be loaded while the stream is connected: the badge stops saying Live.
    const { page, context } = await signedInPage(browser, server.url, daily, { viewport: DESKTOP });
    await page.route('**/api/signals?**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Storage is unavailable"}' }),
    );
    await page.goto('/signals');
    await badge(page)
      .getByText(/Reconnecting|Offline/)
      .waitFor({ timeout: 20_000 });
    const away = (await badge(page).boundingBox())!;
    expect(Math.abs(away.width - liveBox.width)).toBeLessThanOrEqual(1);
    await context.close();
  });
  it('should say in /signals that the sell closed the long and opened a short', async () => {
    const { page, context } = await openAs('/signals', DESKTOP);
    const reversal = page.getByRole('row').filter({ hasText: /long [\d.]+ → short [\d.]+/i });
    await reversal.first().waitFor({ timeout: 20_000 });
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: /opened long [\d.]+/i })
        .count(),
    ).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});

describe('given a trader with one open position on Overview', () => {
  let closer: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    closer = await registerUser(server.url, { name: 'Closing Trader' });
    const [strategy] = (await api<{ data: Strategy[] }>(server.url, closer.token, '/api/strategies')).data;
    await postAlert(strategy!.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'buy', strategy: 'E2E close' });
    await eventually(async () => {
      const trades = (await api<{ data: Trade[] }>(server.url, closer.token, '/api/trades')).data;
      return trades.some((t) => t.status === 'open') ? true : undefined;
    });
  }, 240_000);

  it('should confirm "Close at market" on one line each, then say what was closed and keep the focus', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await signedInPage(browser, server.url, closer, { viewport });
      await page.goto('/performance/overview');
      const close = page.getByRole('button', { name: /^Close at market/ });
      await close.waitFor({ timeout: 20_000 });
      await close.click();
      const cancel = page.getByRole('button', { name: 'Cancel' });
      const confirm = page.getByRole('button', { name: 'Confirm close' });
      const [cancelBox, confirmBox] = [(await cancel.boundingBox())!, (await confirm.boundingBox())!];
      expect(Math.abs(cancelBox.height - confirmBox.height)).toBeLessThanOrEqual(1);
      // Its word on one line: the lines its text takes, counted by their tops.
      const lines = await cancel.evaluate((button) => {
        const text = document.createTreeWalker(button, NodeFilter.SHOW_TEXT).nextNode()!;
        const range = document.createRange();
        range.selectNodeContents(text);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
      expect(await cancel.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
      if (viewport === PHONE) {
        await cancel.click();
        await context.close();
        continue;
      }
      await confirm.click();
      const status = page.getByRole('status').filter({ hasText: /^Closed BTC\/USD long/ });
      await status.waitFor({ timeout: 20_000 });
      expect(await status.innerText()).toMatch(
        /^Closed BTC\/USD long [\d.]+ at [\d,]+\.\d{2}, P&L [+\u2212]?\$[\d,]+\.\d{2}/,
      );
      const focused = await page.evaluate(() => document.activeElement?.tagName ?? 'none');
      expect(focused).not.toBe('BODY');
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(
        /Closed BTC\/USD|Open positions/,
      );
      await context.close();
    }
  });
});

describe('given open positions with a stop and target set to four decimals, at 1280 px beside the sidebar', () => {
  let holder: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    holder = await registerUser(server.url, { name: 'Holding Trader' });
    const [strategy] = (await api<{ data: Strategy[] }>(server.url, holder.token, '/api/strategies')).data;
    const last = async (symbol: string) => {
      const candles = await api<{ candles: { close: number }[] }>(
        server.url,
        holder.token,
        `/api/markets/${symbol}/candles?interval=1m&limit=1`,
      );
      return candles.candles.at(-1)!.close;
    };
    // Levels as a percentage from the price gives them: more decimals than the pair trades at.
    const [btc, eth] = [await last('BTC'), await last('ETH')];
    const alerts = [
      { ticker: 'BINANCE:BTCUSDT', action: 'buy', contracts: '0.0223159', price: btc, stop: 0.976, target: 1.0357 },
      { ticker: 'BINANCE:ETHUSDT', action: 'sell', contracts: '1', price: eth, stop: 1.0277, target: 0.9679 },
    ];
    for (const { price, stop, target, ...alert } of alerts) {
      await postAlert(strategy!.webhookUrl, {
        ...alert,
        stop_loss: (price * stop).toFixed(4),
        take_profit: (price * target).toFixed(4),
      });
    }
    await eventually(async () => {
      const trades = (await api<{ data: Trade[] }>(server.url, holder.token, '/api/trades')).data;
      return trades.filter((t) => t.status === 'open').length === 2 ? true : undefined;
    });
  }, 240_000);

  it('should show "Close at market" whole in its cell, stops and targets at two decimals, and no overflow', async () => {
    const { page, context } = await signedInPage(browser, server.url, holder, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto('/performance/overview');
    const list = page.locator('[data-slot="position-list"]');
    await list
      .getByRole('button', { name: /^Close at market/ })
      .nth(1)
      .waitFor({ timeout: 20_000 });
    // The sidebar is open beside the card, as in the trader's review.
    expect(await page.locator('[data-slot="sidebar"]').first().getAttribute('data-state')).toBe('expanded');
    const fit = await list.evaluate((root) => ({
      overflow: root.scrollWidth - root.clientWidth,
      buttons: [...root.querySelectorAll('td[data-column="actions"] button')].map((button) => {
        const [cell, box] = [button.closest('td')!.getBoundingClientRect(), button.getBoundingClientRect()];
        return {
          inside: box.left >= cell.left && box.right <= cell.right,
          whole: button.scrollWidth <= button.clientWidth,
          insideCard: box.right <= root.getBoundingClientRect().right,
        };
      }),
    }));
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.buttons).toEqual(Array(2).fill({ inside: true, whole: true, insideCard: true }));
    for (const exits of await list.locator('td[data-column="exits"]').allTextContents()) {
      expect(exits).toMatch(/^[\d,]+\.\d{2} \/ [\d,]+\.\d{2}$/);
    }
    await context.close();
  });
});

describe('given a trader with two strategies, each with a trade, on Performance > Trades at 1280 px beside the sidebar', () => {
  let owner: Awaited<ReturnType<typeof registerUser>>;
  /** Names longer than a line, one of each direction. */
  const LONG_NAMES = [
    'אסטרטגיית פריצה ארוכת טווח על ביטקוין ואתריום',
    'Scalper 1m, mean reversion on ETH with tight stops',
  ];
  async function nameStrategiesLong() {
    const strategies = (await api<{ data: Strategy[] }>(server.url, owner.token, '/api/strategies')).data;
    for (const [index, strategy] of strategies.entries()) {
      await api(server.url, owner.token, `/api/strategies/${strategy.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ name: LONG_NAMES[index] }),
      });
    }
  }

  beforeAll(async () => {
    owner = await registerUser(server.url, { name: 'Two Strategies' });
    const [first] = (await api<{ data: Strategy[] }>(server.url, owner.token, '/api/strategies')).data;
    const second = await api<Strategy>(server.url, owner.token, '/api/strategies', {
      method: 'POST',
      body: JSON.stringify({ name: 'Scalper 1m' }),
    });
    await postAlert(first!.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'buy' });
    await postAlert(second.webhookUrl, { ticker: 'BINANCE:ETHUSDT', action: 'sell' });
    await eventually(async () => {
      const trades = (await api<{ data: Trade[] }>(server.url, owner.token, '/api/trades')).data;
      return trades.length === 2 ? true : undefined;
    });
  }, 240_000);

  it("should name each trade's strategy in place of its pair and fees, with no sideways scroll, and bring them back for one strategy", async () => {
    const { page, context } = await signedInPage(browser, server.url, owner, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto('/performance/trades');
    const table = page.getByRole('grid', { name: 'Trades' });
    const rows = page.locator('tr[data-slot="trades-table-row"]');
    await rows.nth(1).waitFor({ timeout: 20_000 });
    await table.getByRole('columnheader', { name: 'Strategy' }).waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((header) => header.trim())).toEqual([
      'Entry (UTC)',
      'Exit (UTC)',
      'Side',
      'Quantity',
      'P&L',
      'Exit reason',
      'Strategy',
      'Links',
    ]);
    expect((await rows.allInnerTexts()).map((text) => text.match(/Default|Scalper 1m/)?.[0]).sort()).toEqual([
      'Default',
      'Scalper 1m',
    ]);
    const scroller = page.locator('[data-slot="trades-table-scroller"]');
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

    // One strategy chosen: its trades need no strategy column, and the pair and fees come back.
    await page.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Scalper 1m' });
    await table.getByRole('columnheader', { name: 'Pair' }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Fees' }).count()).toBe(1);
    expect(await table.getByRole('columnheader', { name: 'Strategy' }).count()).toBe(0);
    await context.close();
  });

  it("should give each phone card a labelled line for its trade's strategy", async () => {
    const { page, context } = await signedInPage(browser, server.url, owner, { viewport: PHONE });
    await page.goto('/performance/trades');
    const cells = page.locator('tr[data-slot="trades-table-row"] td[data-column="strategy"]');
    await cells.nth(1).waitFor({ timeout: 20_000 });
    const lines = await cells.evaluateAll((all) =>
      all.map((cell) => `${getComputedStyle(cell, '::before').content} ${cell.textContent}`),
    );
    expect(lines.sort()).toEqual(['"Strategy" Default', '"Strategy" Scalper 1m']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Names longer than the line, one of each direction: each is cut at its own end, its start beside the label.
    await nameStrategiesLong();
    await page.reload();
    await cells.nth(1).waitFor({ timeout: 20_000 });
    const names = cells.locator('span[title]');
    // The cards name their strategies once the strategies have loaded (each name drawn anew): wait for both.
    await expect
      .poll(async () => (await names.evaluateAll((all) => all.map((name) => name.title))).sort())
      .toEqual([...LONG_NAMES].sort());
    for (const name of await names.all()) {
      expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await name.evaluate(startShown)).toBe(true);
    }
    await context.close();
  });

  it('should keep "Close at market" on screen on Overview at 1280 px, each open position naming its strategy, and never scroll the page sideways', async () => {
    await nameStrategiesLong();
    const { page, context } = await signedInPage(browser, server.url, owner, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto('/performance/overview');
    const list = page.locator('[data-slot="position-list"]');
    await list.locator('[data-field="strategy"]').nth(1).waitFor({ timeout: 20_000 });
    await expect
      .poll(async () =>
        (await list.locator('[data-field="strategy"]').evaluateAll((all) => all.map((name) => name.title))).sort(),
      )
      .toEqual([...LONG_NAMES].sort());
    expect(await list.evaluate((root) => root.scrollWidth - root.clientWidth)).toBeLessThanOrEqual(0);
    for (const name of await list.locator('[data-field="strategy"]').all()) {
      expect(await name.evaluate(startShown)).toBe(true);
    }

    // Narrower, the table scrolls within its frame; the page itself never does.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.waitForFunction(() => {
      const root = document.querySelector('[data-slot="position-list"]')!;
      return root.scrollWidth > root.clientWidth;
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await context.close();
  });
});

describe('given a closed trade of a strategy with a long name, on Performance > Analytics on a phone', () => {
  const LONG_NAME = 'Swing momentum portfolio with a trailing exit';
  let analyst: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    analyst = await registerUser(server.url, { name: 'Phone Analyst' });
    const [strategy] = (await api<{ data: Strategy[] }>(server.url, analyst.token, '/api/strategies')).data;
    await api(server.url, analyst.token, `/api/strategies/${strategy!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: LONG_NAME }),
    });
    const alert = { ticker: 'BINANCE:BTCUSDT', strategy: 'E2E analytics' };
    await postAlert(strategy!.webhookUrl, { ...alert, action: 'buy' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await postAlert(strategy!.webhookUrl, { ...alert, action: 'exit' });
    await eventually(async () => {
      const trades = (await api<{ data: Trade[] }>(server.url, analyst.token, '/api/trades')).data;
      return trades.find((t) => t.status === 'closed');
    });
  }, 240_000);

  for (const [by, name] of [
    ['pair', 'BTC'],
    ['strategy', LONG_NAME],
  ] as const) {
    it(`should show the breakdown by ${by} whole within the screen at 390 px, each group's figures, wins, losses and draws too, under its name, in both themes`, async () => {
      for (const theme of THEMES) {
        const { page, context } = await signedInPage(browser, server.url, analyst, { viewport: PHONE });
        await context.addInitScript((t) => localStorage.setItem('dk-theme', t), theme);
        await page.goto(`/performance/analytics?by=${by}`);
        const table = page.locator('[data-slot="period-breakdown-table"]');
        const row = table.locator('tr[data-slot="period-breakdown-row"]');
        await row.waitFor({ timeout: 20_000 });
        expect(await row.getByRole('rowheader').innerText()).toBe(name);
        // Nothing is cut at the card's right edge, nor in any cell it shows.
        const fit = await table.evaluate((root) => ({
          overflow: root.scrollWidth - root.clientWidth,
          cut: [...root.querySelectorAll('th, td')]
            .filter((cell) => cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth)
            .map((cell) => cell.textContent),
        }));
        expect(fit).toEqual({ overflow: 0, cut: [] });
        // The group's name on a line of its own, its figures under it.
        const [nameBox, pnlBox] = [
          (await row.getByRole('rowheader').boundingBox())!,
          (await row.locator('td[data-column="netPnl"]').boundingBox())!,
        ];
        expect(pnlBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
        // Every column of the desktop table, the wins, losses and draws too, each figure under its label.
        expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
          by === 'pair' ? 'Pair' : 'Strategy',
          'Trades',
          'Wins',
          'Losses',
          'Draws',
          'Win rate',
          'Net P&L',
          expect.stringMatching(/^Profit\s+factor$/),
        ]);
        for (const [column, label] of [
          ['wins', 'Wins'],
          ['losses', 'Losses'],
          ['draws', 'Draws'],
        ] as const) {
          const [header, cell] = [
            await table.getByRole('columnheader', { name: label, exact: true }).boundingBox(),
            await row.locator(`td[data-column="${column}"]`).boundingBox(),
          ];
          expect(cell).not.toBeNull();
          expect(cell!.x + cell!.width).toBeCloseTo(header!.x + header!.width, 0);
        }
        const outcomes = await row
          .locator('td[data-column="wins"], td[data-column="losses"], td[data-column="draws"]')
          .allInnerTexts();
        // The one closed trade is a win, a loss or a draw.
        expect(outcomes.map(Number).reduce((sum, count) => sum + count, 0)).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await context.close();
      }
    });
  }
});

describe('given a cold load whose code is slow to arrive', () => {
  for (const theme of THEMES) {
    it(`should show a ${theme} loading shell, named for screen readers, before the code runs`, async () => {
      const { context, page } = await signedInPage(browser, server.url, trader, { viewport: DESKTOP });
      await context.addInitScript((t) => localStorage.setItem('dk-theme', t), theme);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/performance/overview', { waitUntil: 'commit' });
      const shell = page.getByRole('status').filter({ hasText: 'Loading SignalDeck' });
      await shell.waitFor({ timeout: 10_000 });
      expect(await shell.isVisible()).toBe(true);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = (background.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
      const brightness = (r! + g! + b!) / 3;
      if (theme === 'dark') expect(brightness).toBeLessThan(80);
      else expect(brightness).toBeGreaterThan(200);
      release();
      await expectTitle(page, 'Overview | SignalDeck');
      await context.close();
    });
  }
});

describe('given a trader who has sent no alert yet', () => {
  for (const path of ['/performance/overview', '/performance/trades', '/performance/analytics']) {
    it(`should say on ${path} how trades come, without repeating its heading`, async () => {
      const newcomer = await registerUser(server.url, { name: 'New Trader' });
      const { page, context } = await signedInPage(browser, server.url, newcomer);
      await page.goto(path);
      const empty = page.getByRole('heading', { name: 'No trades yet' });
      await empty.waitFor({ timeout: 20_000 });
      await page.getByText("Send an alert to your strategy's URL and its paper trades appear here.").waitFor();
      expect(await page.getByText('No trades yet').count()).toBe(1);
      await page.getByRole('link', { name: 'Go to Settings › Strategy' }).click();
      await page.waitForURL(/\/settings\/strategy$/);
      await context.close();
    });
  }

  // From a trader's review: Analytics said "No trades yet" beside an open position until a trade closed.
  it('should stop saying so on Analytics once the first fill opens a trade, without a reload', async () => {
    const newcomer = await registerUser(server.url, { name: 'First Fill' });
    const [strategy] = (await api<{ data: Strategy[] }>(server.url, newcomer.token, '/api/strategies')).data;
    const { page, context } = await signedInPage(browser, server.url, newcomer);
    await page.goto('/performance/analytics');
    const empty = page.getByRole('heading', { name: 'No trades yet' });
    await empty.waitFor({ timeout: 20_000 });
    await postAlert(strategy!.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'buy', strategy: 'E2E first fill' });
    await empty.waitFor({ state: 'detached', timeout: 150_000 });
    expect((await api<{ data: Trade[] }>(server.url, newcomer.token, '/api/trades')).data).toHaveLength(1);
    await context.close();
  }, 180_000);
});
