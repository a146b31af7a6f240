import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { api, registerUser, seedSignals, startShown, useProduct, type User } from './harness';

const product = useProduct();

/** 100,000 stored signals. */
let heavy: User;
/** 320 stored signals, one of them priced far from the market. */
let trader: User;
let traderIds: string[];
const FAR_PRICED_INDEX = 3;
/** Rejected signals: one whose reason fits a row at 1280 px, one longer than any row. */
const SHORT_REASON_INDEX = 5;
const SHORT_REASON = 'Price must be a positive number (got "abc")';
const LONG_REASON_INDEX = 6;
/** Quantities to the satoshi, as a trader sends them: a fraction of a coin, and thousands of coins. */
const SATOSHI_QUANTITIES = new Map([
  [10, { quantity: 0.01113862, shown: '0.01113862' }],
  [11, { quantity: 12_345.12345678, shown: '12,345.12345678' }],
]);
/** The longest actions a webhook takes: their badges must be whole in the action column. */
const LONG_ACTIONS = new Map([
  [12, 'exit_long'],
  [13, 'exit_short'],
]);
const LONG_REASON =
  'Price must be a positive number (got "abc"); Quantity must be a positive number (got "x"); ' +
  'Interval must be one of 1m, 5m, 15m, 1h, 4h or 1d (got "7m")';

beforeAll(async () => {
  const { server } = product;
  heavy = await registerUser(server.url, { name: 'Heavy Trader' });
  trader = await registerUser(server.url, { name: 'Ada Lovelace' });
  seedSignals(server.dataDir, heavy.email, 100_000);
  // Prices near the (simulated) market's, so only the one meant to be far is flagged.
  const prices: Record<string, number> = {};
  // A fresh server backfills the demo market's history pair by pair after it answers: on a busy machine ETH and
  // SOL have no candle yet for a few seconds.
  for (const symbol of ['BTC', 'ETH', 'SOL']) {
    for (let tries = 0; prices[symbol] === undefined; tries++) {
      const answer = await api<{ candles: { close: number }[] }>(
        server.url,
        trader.token,
        `/api/markets/${symbol}/candles?interval=1m&limit=1`,
      );
      const latest = answer.candles.at(-1);
      if (latest) prices[symbol] = latest.close;
      else if (tries < 60) await new Promise((resolve) => setTimeout(resolve, 500));
      else throw new Error(`no ${symbol} candle 30 s after the server started`);
    }
  }
  traderIds = seedSignals(server.dataDir, trader.email, 320, {
    prices,
    make: (index) =>
      index === FAR_PRICED_INDEX
        ? { ticker: 'BTC', action: 'buy', price: 1_102, interval: '15m' }
        : SATOSHI_QUANTITIES.has(index)
          ? { quantity: SATOSHI_QUANTITIES.get(index)!.quantity }
          : LONG_ACTIONS.has(index)
            ? { action: LONG_ACTIONS.get(index)! }
            : index === SHORT_REASON_INDEX || index === LONG_REASON_INDEX
              ? {
                  status: 'rejected',
                  action: null,
                  price: null,
                  reason: index === SHORT_REASON_INDEX ? SHORT_REASON : LONG_REASON,
                }
              : {},
  });
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Adds 1 s to every API answer, as on a slow network. */
async function slowApi(page: Page) {
  await page.route('**/api/**', async (route) => {
    if (route.request().url().includes('/api/stream')) return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
}

async function open(user: User, path: string, viewport = DESKTOP, options: { slow?: boolean } = {}) {
  const opened = await product.signedIn(null, { viewport, as: user });
  if (options.slow) await slowApi(opened.page);
  await opened.page.goto(path);
  await opened.page.locator('tr[data-slot="signals-table-row"]').first().waitFor({ timeout: 20_000 });
  return opened;
}

const grid = (page: Page) => page.getByRole('grid');
const scrollerTop = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-slot="signals-table-scroller"]')!.scrollTop);
const rowsInDom = (page: Page) => page.locator('tr[data-slot="signals-table-row"]').count();
const activeRowId = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('[role="grid"]')!;
    const id = table.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.getAttribute('data-row-id') ?? null) : null;
  });

describe('given 100,000 stored signals on /signals, with 1 s added to every API answer', () => {
  it('should fill the space below the header and scroll itself with the wheel, with a bounded DOM', async () => {
    const { page, context } = await open(heavy, '/signals', DESKTOP, { slow: true });
    const box = (await grid(page).boundingBox())!;
    const scroller = (await page.locator('[data-slot="signals-table-scroller"]').boundingBox())!;
    // The table reaches the bottom of the window (less the page's padding), and the page itself does not scroll.
    expect(scroller.y + scroller.height).toBeGreaterThan(DESKTOP.height - 40);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(DESKTOP.height);

    await page.mouse.move(box.x + 300, box.y + 200);
    let most = 0;
    for (let step = 0; step < 30; step++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(80);
      most = Math.max(most, await rowsInDom(page));
    }
    await expect.poll(() => scrollerTop(page)).toBeGreaterThan(3_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(most).toBeLessThanOrEqual(60);
    // Scrolling near the end loads older pages.
    await expect
      .poll(() => page.getByText(/^\d[\d,]* signals loaded$/).innerText(), { timeout: 20_000 })
      .not.toBe('50 signals loaded');
    await context.close();
  });

  it('should be one Tab stop, moved through with the arrow keys, Page Down and End', async () => {
    const { page, context } = await open(heavy, '/signals');
    await page.getByRole('button', { name: 'Columns of All signals' }).focus();
    await page.keyboard.press('Tab');
    expect(await grid(page).evaluate((element) => element === document.activeElement)).toBe(true);
    const first = await activeRowId(page);
    expect(first).not.toBeNull();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const third = await activeRowId(page);
    expect(third).not.toBe(first);
    expect(await page.locator(`tr[data-row-id="${third}"]`).getAttribute('aria-rowindex')).toBe('4');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await expect.poll(() => scrollerTop(page)).toBeGreaterThan(500);
    // The active row is on screen, with a visible focus mark.
    const active = page.locator('tr[data-active]');
    const activeBox = (await active.boundingBox())!;
    const gridBox = (await page.locator('[data-slot="signals-table-scroller"]').boundingBox())!;
    expect(activeBox.y).toBeGreaterThanOrEqual(gridBox.y);
    expect(activeBox.y + activeBox.height).toBeLessThanOrEqual(gridBox.y + gridBox.height + 1);
    expect(await active.evaluate((row) => getComputedStyle(row).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await page.locator('tr[data-slot="signals-table-detail"]').waitFor();
    // Tab goes to the opened row's link, then out of the table: never from row to row.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show on chart');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('table')))).toBe(false);
    expect(await rowsInDom(page)).toBeLessThanOrEqual(60);
    await context.close();
  });

  it('should keep the sorted column and the hidden columns across a reload', async () => {
    const { page, context } = await open(trader, '/signals');
    await page.getByRole('button', { name: 'Sort by Price' }).click();
    await page.getByRole('button', { name: 'Columns of All signals' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Strategy' }).click();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('columnheader', { name: 'Strategy' }).count()).toBe(0);
    await page.reload();
    await page.locator('tr[data-slot="signals-table-row"]').first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByRole('columnheader', { name: 'Strategy' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Ticker' }).count()).toBe(1);
    await context.close();
  });
});

describe('given a link to one signal that is not on the first page', () => {
  it('should scroll to it, select it, open it, and offer "Show on chart" at its time', async () => {
    const id = traderIds[300]!;
    const { page, context } = await open(trader, `/signals?selected=${id}`, DESKTOP, { slow: true });
    const row = page.locator(`tr[data-row-id="${id}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => row.isVisible()).toBe(true);
    const box = (await row.boundingBox())!;
    const scroller = (await page.locator('[data-slot="signals-table-scroller"]').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(scroller.y);
    expect(box.y + box.height).toBeLessThanOrEqual(scroller.y + scroller.height);
    expect(await row.getByRole('button', { name: /^Details of/ }).getAttribute('aria-expanded')).toBe('true');
    const detail = page.locator('tr[data-slot="signals-table-detail"]');
    await expect.poll(() => detail.innerText()).toContain('"seq":300');
    // The row sits near the top of the list, its details wholly in view below it (not at the bottom edge).
    // Once the pages before it have loaded (it is fetched on its own first, and sits at the end of the list
    // meanwhile), the row is near the top of the list with its details wholly in view below it.
    await expect
      .poll(async () => (await row.boundingBox())!.y - scroller.y, { timeout: 20_000 })
      .toBeLessThan(scroller.height / 4);
    const details = (await detail.boundingBox())!;
    expect(details.y + details.height).toBeLessThanOrEqual(scroller.y + scroller.height);
    // The raw body fetched with the linked signal stays in its details once the row's own page has loaded.
    expect(await detail.innerText()).toContain('"seq":300');

    const signal = await (
      await fetch(`${product.server.url}/api/signals/${id}`, { headers: { Authorization: `Bearer ${trader.token}` } })
    ).json();
    const link = detail.getByRole('link', { name: 'Show on chart' });
    const interval = ['1m', '5m', '15m', '1h', '4h', '1d'].includes(signal.interval) ? signal.interval : '1m';
    const expected = `/trading/${signal.ticker}/${interval}?at=${signal.alertTime ?? signal.receivedAt}&signal=${id}`;
    expect(await link.getAttribute('href')).toBe(expected);
    await link.click();
    await page.waitForURL(`**${expected}`);
    await page.getByRole('heading', { name: `${signal.ticker}/USD` }).waitFor();
    await context.close();
  });
});

describe('given a signal priced far from the market', () => {
  it('should flag it in the list', async () => {
    const { page, context } = await open(trader, '/signals');
    const row = page.locator(`tr[data-row-id="${traderIds[FAR_PRICED_INDEX]}"]`);
    await row.waitFor();
    await expect
      .poll(() => row.locator('[data-slot="signals-table-price-warning"]').getAttribute('title'), { timeout: 10_000 })
      .toMatch(/^Priced 9\d\.\d\d% below the market \(at [\d,]+\.\d\d\)$/);
    // Every flagged row is one whose price really is more than 10% from its pair's price now (the simulated
    // market moves, so the oracle is read at the time of the check, with a little room for that movement).
    const market: Record<string, number> = {};
    for (const symbol of ['BTC', 'ETH', 'SOL']) {
      const answer = await api<{ candles: { close: number }[] }>(
        product.server.url,
        trader.token,
        `/api/markets/${symbol}/candles?interval=1m&limit=1`,
      );
      market[symbol] = answer.candles.at(-1)!.close;
    }
    const flagged = await page
      .locator('tr[data-slot="signals-table-row"]:has([data-slot="signals-table-price-warning"])')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')!));
    expect(flagged).toContain(traderIds[FAR_PRICED_INDEX]);
    for (const id of flagged) {
      const stored = await api<{ ticker: string; price: number }>(
        product.server.url,
        trader.token,
        `/api/signals/${id}`,
      );
      expect(Math.abs(stored.price - market[stored.ticker]!) / market[stored.ticker]!).toBeGreaterThan(0.09);
    }
    await context.close();
  });
});

describe('given rejected signals and their reasons at 1280 px', () => {
  it('should fit the table without sideways scrolling, and show a reason whole in its row, in a tooltip and in the details', async () => {
    const { page, context } = await open(trader, '/signals');
    // Beside the open sidebar, as a trader at 1280 px has it.
    expect(await page.locator('[data-slot="sidebar"]').getAttribute('data-state')).toBe('expanded');
    const scroller = page.locator('[data-slot="signals-table-scroller"]');
    expect(await scroller.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);

    const statusOf = (index: number) =>
      page.locator(`tr[data-row-id="${traderIds[index]}"] td[data-column="status"] [data-slot="signals-table-status"]`);
    const fits = (node: Element) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight;
    expect(await statusOf(SHORT_REASON_INDEX).innerText()).toContain(SHORT_REASON);
    expect(await statusOf(SHORT_REASON_INDEX).evaluate(fits)).toBe(true);
    // Longer than a row: cut, with the whole reason in its tooltip and in the opened details.
    expect(await statusOf(LONG_REASON_INDEX).evaluate(fits)).toBe(false);
    expect(await statusOf(LONG_REASON_INDEX).locator('[data-slot="signals-table-reason"]').getAttribute('title')).toBe(
      LONG_REASON,
    );
    const row = page.locator(`tr[data-row-id="${traderIds[LONG_REASON_INDEX]}"]`);
    await row.getByRole('button', { name: /^Details of/ }).click();
    const reason = page.locator('tr[data-slot="signals-table-detail"] [data-field="reason"]');
    expect(await reason.innerText()).toBe(LONG_REASON);
    expect(await reason.evaluate(fits)).toBe(true);
    await context.close();
  });

  it('should give the keyboard a reason its row cuts, whole in the details', async () => {
    const { page, context } = await open(trader, '/signals');
    const status = page.locator(
      `tr[data-row-id="${traderIds[LONG_REASON_INDEX]}"] td[data-column="status"] [data-slot="signals-table-status"]`,
    );
    expect(await status.evaluate((node) => node.scrollHeight <= node.clientHeight)).toBe(false);
    // One Tab to the grid, the arrow keys to the row, Enter to open it: no pointer, no tooltip.
    await page.getByRole('button', { name: 'Columns of All signals' }).focus();
    await page.keyboard.press('Tab');
    for (let step = 0; step < LONG_REASON_INDEX; step++) await page.keyboard.press('ArrowDown');
    expect(await activeRowId(page)).toBe(traderIds[LONG_REASON_INDEX]);
    await page.keyboard.press('Enter');
    const reason = page.locator('tr[data-slot="signals-table-detail"] [data-field="reason"]');
    expect(await reason.innerText()).toBe(LONG_REASON);
    expect(await reason.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await context.close();
  });

  it('should show the whole reason in the opened card on a phone', async () => {
    const { page, context } = await open(trader, '/signals', PHONE);
    const row = page.locator(`tr[data-row-id="${traderIds[LONG_REASON_INDEX]}"]`);
    await row.getByRole('button', { name: /^Details of/ }).click();
    const reason = page.locator('tr[data-slot="signals-table-detail"] [data-field="reason"]');
    expect(await reason.innerText()).toBe(LONG_REASON);
    const box = (await reason.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await reason.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});

describe('given quantities to the satoshi at 1280 px', () => {
  it('should show each whole beside the open sidebar, without sideways scrolling', async () => {
    const { page, context } = await open(trader, '/signals');
    expect(await page.locator('[data-slot="sidebar"]').getAttribute('data-state')).toBe('expanded');
    const scroller = page.locator('[data-slot="signals-table-scroller"]');
    expect(await scroller.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    for (const [index, { shown }] of SATOSHI_QUANTITIES) {
      const cell = page.locator(`tr[data-row-id="${traderIds[index]}"] td[data-column="quantity"]`);
      expect(await cell.innerText()).toBe(shown);
      expect(await cell.evaluate((node) => node.scrollWidth <= node.clientWidth), shown).toBe(true);
    }
    // Every quantity on screen is whole, not only these two.
    const cut = await page
      .locator('tr[data-slot="signals-table-row"] td[data-column="quantity"]')
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
    expect(cut).toBe(0);
    await context.close();
  });

  it('should show the longest actions whole in their badges', async () => {
    const { page, context } = await open(trader, '/signals');
    for (const [index, action] of LONG_ACTIONS) {
      const badge = page.locator(`tr[data-row-id="${traderIds[index]}"] td[data-column="action"] > *`);
      expect(await badge.innerText()).toBe(action);
      expect(await badge.evaluate((node) => node.scrollWidth <= node.clientWidth), action).toBe(true);
    }
    await context.close();
  });
});

describe('given executed signals of a strategy named in the alert, at 1280 px beside the open sidebar', () => {
  it('should show each fill price and the strategy "Breakout 4h · Default" whole in their rows, in both themes', async () => {
    const filled = await registerUser(product.server.url, { name: 'Filled Trader' });
    const { url } = await api<{ url: string }>(product.server.url, filled.token, '/api/webhook');
    // An open, a reversal (the default strategy's answer to an opposite alert: the longest fill in words), a close,
    // and an exit with nothing left to close, which the paper account ignores.
    for (const [id, action, contracts] of [
      ['open', 'buy', '0.01'],
      ['reverse', 'sell', '0.03'],
      ['close', 'exit', '0.03'],
      ['again', 'exit', '0.03'],
    ] as const) {
      const answer = await fetch(`${product.server.url}${new URL(url).pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ticker: 'BTCUSD', action, contracts, strategy: 'Breakout 4h', id }),
      });
      expect(answer.status).toBe(202);
    }
    await expect
      .poll(
        async () => {
          const page = await api<{ data: { outcome: { status: string } | null }[] }>(
            product.server.url,
            filled.token,
            '/api/signals',
          );
          return page.data.map((signal) => signal.outcome?.status);
        },
        { timeout: 30_000 },
      )
      .toEqual(['ignored', 'executed', 'executed', 'executed']);

    const { page, context } = await open(filled, '/signals');
    expect(await page.locator('[data-slot="sidebar"]').getAttribute('data-state')).toBe('expanded');
    const rows = page.locator('tr[data-slot="signals-table-row"]');
    // The paper account's strategy name comes with its own request, which may answer after the rows.
    await expect
      .poll(() => rows.locator('td[data-column="strategy"]').allInnerTexts())
      .toEqual(Array(4).fill('Breakout 4h · Default'));
    const shows = (node: Element) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight;
    const notes = rows.locator('[data-slot="signals-table-reason"]');
    expect(await notes.allInnerTexts()).toEqual([
      'no position to close',
      expect.stringMatching(/^Executed at [\d,]+\.\d{2}: closed short 0\.03$/),
      expect.stringMatching(/^Executed at [\d,]+\.\d{2}: long 0\.01 → short 0\.03$/),
      expect.stringMatching(/^Executed at [\d,]+\.\d{2}: opened long 0\.01$/),
    ]);
    // The ignored signal says so once, in its badge, then why.
    expect(await rows.first().locator('[data-slot="signals-table-status"]').innerText()).toMatch(
      /^accepted\s*ignored\s*no position to close$/,
    );
    // Each note is whole on screen: the fill price first after "Executed at", and what it did, a reversal's side now
    // held and its size too ("long 0.01 → short 0.03"), wrapped onto the row's third line rather than cut.
    /** Whether the first match of `pattern` in the status's words lies on one line, inside the cell. */
    const onScreen = (status: Element, pattern: string) => {
      const text = status.querySelector('[data-slot="signals-table-reason"]')!.firstChild!;
      const found = new RegExp(pattern).exec(text.textContent!)!;
      const range = document.createRange();
      range.setStart(text, found.index);
      range.setEnd(text, found.index + found[0].length);
      const [box, rects] = [status.getBoundingClientRect(), [...range.getClientRects()]];
      return rects.length === 1 && rects.every((rect) => rect.bottom <= box.bottom && rect.right <= box.right);
    };
    for (const [index, row] of (await rows.all()).entries()) {
      const status = row.locator('[data-slot="signals-table-status"]');
      if (index > 0) expect(await status.evaluate(onScreen, '[\\d,]+\\.\\d{2}')).toBe(true);
      // The reversal's last words, the new side's size, are inside the cell, not cut after "short".
      if (index === 2) expect(await status.evaluate(onScreen, '0\\.03$')).toBe(true);
      expect(await status.evaluate(shows)).toBe(true);
      expect(await row.locator('td[data-column="strategy"] > span').evaluate(shows)).toBe(true);
    }
    const scroller = page.locator('[data-slot="signals-table-scroller"]');
    expect(await scroller.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((name) => localStorage.setItem('dk-theme', name), theme);
      await page.reload();
      await rows.first().waitFor();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await context.close();
  });
});

describe("given a signal's details", () => {
  const detailsOf = async (page: Page, index: number) => {
    const row = page.locator(`tr[data-row-id="${traderIds[index]}"]`);
    await row.getByRole('button', { name: /^Details of/ }).click();
    return page.locator('tr[data-slot="signals-table-detail"] [data-field="raw"]');
  };

  it('should load the raw body when they open, saying so meanwhile', async () => {
    const { page, context } = await open(trader, '/signals');
    await page.route('**/api/signals/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const raw = await detailsOf(page, 8);
    await expect.poll(() => raw.innerText(), { timeout: 500 }).toMatch(/^Loading the raw body…$/);
    await expect.poll(() => raw.innerText(), { timeout: 10_000 }).toContain('"seq":8');
    expect(await page.getByText('Not loaded').count()).toBe(0);
    await context.close();
  });

  it('should say when the raw body could not be loaded, and load it on Retry', async () => {
    const { page, context } = await open(trader, '/signals');
    await page.route('**/api/signals/*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try again shortly."}' }),
    );
    const raw = await detailsOf(page, 9);
    const failure = raw.getByRole('alert');
    await failure.waitFor({ timeout: 10_000 });
    expect(await failure.innerText()).toContain('Could not load the raw body: Try again shortly.');
    expect(await raw.locator('pre').count()).toBe(0);
    await page.unroute('**/api/signals/*');
    await raw.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => raw.innerText(), { timeout: 10_000 }).toContain('"seq":9');
    await context.close();
  });
});

describe('given a signal priced far from the market, on the chart and in the list', () => {
  it('should say how far in the same words and figures in both places', async () => {
    const id = traderIds[FAR_PRICED_INDEX]!;
    const { page, context } = await open(trader, '/signals');
    const flag = page.locator(`tr[data-row-id="${id}"] [data-slot="signals-table-price-warning"]`);
    await expect.poll(() => flag.getAttribute('title'), { timeout: 10_000 }).not.toBeNull();
    const inList = (await flag.getAttribute('title'))!;
    const signal = await api<{ alertTime: number | null; receivedAt: number }>(
      product.server.url,
      trader.token,
      `/api/signals/${id}`,
    );
    await page.goto(`/trading/BTC/1m?at=${signal.alertTime ?? signal.receivedAt}&signal=${id}`);
    const marker = page.getByRole('toolbar', { name: 'Signals on the chart' }).locator('button[aria-current="true"]');
    // The chart page loads its history and its signals first: on a busy machine that took more than 15 s once.
    await marker.waitFor({ timeout: 30_000 });
    const onChart = (await marker.getAttribute('aria-label'))!;
    const wording = /Priced (\d+\.\d\d)% below the market \(at [\d,]+\.\d\d\)/;
    expect(inList).toMatch(new RegExp(`^${wording.source}$`));
    expect(onChart).toMatch(wording);
    // The list measures against the price now, the chart against the price then: the simulated market moves
    // little in a few seconds, so the two figures agree to a tenth of a percent.
    const [, listed] = wording.exec(inList)!;
    const [, charted] = wording.exec(onChart)!;
    expect(Math.abs(Number(listed) - Number(charted))).toBeLessThan(0.1);
    await context.close();
  });
});

describe('given the time-zone setting', () => {
  it('should show every time of the table in the chosen zone, named, and keep it', async () => {
    const { page, context } = await open(trader, '/signals');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.selectOption('UTC');
    await page.getByRole('columnheader', { name: 'Time (UTC)' }).waitFor();
    const first = page.locator('tr[data-slot="signals-table-row"] time').first();
    expect(await first.getAttribute('title')).toMatch(/ UTC$/);
    const iso = (await first.getAttribute('datetime'))!;
    expect((await first.getAttribute('title'))!.slice(0, 19)).toBe(iso.slice(0, 19).replace('T', ' '));
    await page.reload();
    await page.getByRole('columnheader', { name: 'Time (UTC)' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('UTC');
    await context.close();
  });
});

describe('given a phone', () => {
  it('should show a card per signal with its status first and on screen, in both themes', async () => {
    const { page, context } = await open(trader, '/signals', PHONE);
    await page.locator('[data-layout="cards"]').waitFor();
    const card = page.locator('tr[data-slot="signals-table-row"]').first();
    const status = card.locator('td[data-column="status"]');
    const ticker = card.locator('td[data-column="ticker"]');
    const statusBox = (await status.boundingBox())!;
    expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(statusBox.y).toBeLessThan((await ticker.boundingBox())!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((name) => localStorage.setItem('dk-theme', name), theme);
      await page.reload();
      await page.locator('tr[data-slot="signals-table-row"]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await context.close();
  });

  it("should show each signal's strategy in its card", async () => {
    const { page, context } = await open(trader, '/signals', PHONE);
    await page.locator('[data-layout="cards"]').waitFor();
    const card = page.locator('tr[data-slot="signals-table-row"]').first();
    const stored = await api<{ strategy: string }>(
      product.server.url,
      trader.token,
      `/api/signals/${await card.getAttribute('data-row-id')}`,
    );
    const strategy = card.getByRole('gridcell', { name: new RegExp(`${stored.strategy}$`) });
    expect(await strategy.isVisible()).toBe(true);
    expect(await strategy.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    const box = (await strategy.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(box.y + box.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
    await context.close();
  });

  it("should show each signal's quantity and interval in its card, whole, from 390 px down to 320 px", async () => {
    for (const viewport of [PHONE, { width: 320, height: 700 }]) {
      const { page, context } = await open(trader, '/signals', viewport);
      await page.locator('[data-layout="cards"]').waitFor();
      const cards = page.locator('tr[data-slot="signals-table-row"]');
      for (let index = 0; index < 4; index++) {
        const card = cards.nth(index);
        const stored = await api<{ quantity: number | null; interval: string | null }>(
          product.server.url,
          trader.token,
          `/api/signals/${await card.getAttribute('data-row-id')}`,
        );
        const quantity = card.locator('td[data-column="quantity"]');
        const interval = card.locator('td[data-column="interval"]');
        if (stored.quantity !== null) expect(await quantity.innerText()).toContain(String(stored.quantity));
        if (stored.interval !== null) expect(await interval.innerText()).toBe(stored.interval);
        // The quantity is named on the card, so it is not read as a second price.
        expect(await quantity.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Qty"');
        const cardBox = (await card.boundingBox())!;
        for (const column of ['price', 'quantity', 'interval']) {
          const cell = card.locator(`td[data-column="${column}"]`);
          expect(await cell.isVisible(), column).toBe(true);
          expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth), column).toBe(true);
          const box = (await cell.boundingBox())!;
          expect(box.x + box.width, column).toBeLessThanOrEqual(cardBox.x + cardBox.width);
          expect(box.y + box.height, column).toBeLessThanOrEqual(cardBox.y + cardBox.height);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  });

  it('should show the whole empty-state text of a trader with no signals', async () => {
    const fresh = await registerUser(product.server.url, { name: 'New Trader' });
    const { page, context } = await product.signedIn('/signals', { viewport: PHONE, as: fresh });
    const text = page.getByText('Point a TradingView alert at your webhook URL', { exact: false });
    await text.waitFor({ timeout: 20_000 });
    const box = (await text.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await context.close();
  });
});

describe('given signals with absurd prices and quantities (the webhook takes any finite number)', () => {
  it('should show their leading digits on a desk, cut only at their end, and keep a phone card whole', async () => {
    const absurd = await registerUser(product.server.url, { name: 'Absurd Prices' });
    const { url } = await api<{ url: string }>(product.server.url, absurd.token, '/api/webhook');
    const alerts = [
      { ticker: 'SOLUSD', action: 'sell', price: 999_999_999_999_999.9, quantity: 1, id: 'huge' },
      { ticker: 'SOLUSD', action: 'buy', price: Number.MAX_VALUE, quantity: 0.000000001, id: 'max' },
      { ticker: 'SOLUSD', action: 'buy', price: 5e-324, quantity: 2e21, id: 'tiny' },
    ];
    for (const alert of alerts) {
      const answer = await fetch(`${product.server.url}${new URL(url).pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(alert),
      });
      expect(answer.status).toBe(202);
    }

    const desk = await open(absurd, '/signals', DESKTOP);
    const prices = desk.page.locator('tr[data-slot="signals-table-row"] td[data-column="price"]');
    await expect.poll(() => prices.count()).toBe(3);
    expect(await prices.locator('[data-slot="signals-table-price-value"]').allInnerTexts()).toEqual([
      '5E-324',
      '1.79769E308',
      '999,999,999,999,999.90',
    ]);
    // The warning says how far in a few words, however far.
    expect(
      await prices
        .locator('[data-slot="signals-table-price-warning"]')
        .evaluateAll((warnings) => warnings.map((warning) => warning.getAttribute('title'))),
    ).toEqual([
      expect.stringMatching(/^Priced 100\.00% below the market \(at [\d,.]+\)$/),
      expect.stringMatching(/^Priced [\d.]+E30\d times the market \(at [\d,.]+\)$/),
      expect.stringMatching(/^Priced [\d.]+E1[234] times the market \(at [\d,.]+\)$/),
    ]);
    for (const cell of await prices.all()) {
      // The number starts inside its cell: what does not fit is cut at its end, never its leading digits.
      const [text, box] = await Promise.all([
        cell.locator('[data-slot="signals-table-price-value"]').boundingBox(),
        cell.boundingBox(),
      ]);
      expect(text!.x).toBeGreaterThanOrEqual(box!.x);
    }
    expect(
      await desk.page.locator('tr[data-slot="signals-table-row"] td[data-column="quantity"]').allInnerTexts(),
    ).toEqual(['2E21', '1E-9', '1']);
    await desk.context.close();

    const phone = await open(absurd, '/signals', { width: 320, height: 700 });
    await phone.page.locator('[data-layout="cards"]').waitFor();
    for (const card of await phone.page.locator('tr[data-slot="signals-table-row"]').all()) {
      const cardBox = (await card.boundingBox())!;
      for (const column of ['status', 'ticker', 'action', 'price', 'quantity']) {
        const box = (await card.locator(`td[data-column="${column}"]`).boundingBox())!;
        expect(box.x + box.width, column).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
        expect(box.width, column).toBeGreaterThan(8);
      }
    }
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await phone.context.close();
  });
});

describe('given right-to-left names', () => {
  it("should cut a Hebrew strategy's name and a trader's name at their end, keeping their start", async () => {
    const name = 'דנה כהן-לוי, מנהלת תיקי השקעות בקרן גידור';
    const strategyName = 'אסטרטגיית פריצה ארוכת טווח על ביטקוין ואתריום';
    const rtl = await registerUser(product.server.url, { name });
    const [strategy] = (
      await api<{ data: { id: string; webhookUrl: string }[] }>(product.server.url, rtl.token, '/api/strategies')
    ).data;
    await api(product.server.url, rtl.token, `/api/strategies/${strategy!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: strategyName }),
    });
    const answer = await fetch(`${product.server.url}${new URL(strategy!.webhookUrl).pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', price: 1, id: 'rtl' }),
    });
    expect(answer.status).toBe(202);

    const phone = await open(rtl, '/signals', PHONE);
    const cell = phone.page.locator('tr[data-slot="signals-table-row"] td[data-column="strategy"] span').first();
    // The cell shows the strategy's name once the strategies have loaded (its span is then drawn anew): wait for it.
    await expect.poll(() => cell.getAttribute('title')).toBe(strategyName);
    expect(await cell.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await cell.evaluate(startShown)).toBe(true);
    await phone.context.close();

    const desk = await open(rtl, '/signals', DESKTOP);
    // On a desk the strategy takes two lines, clamped: they read right to left, so the clamp's ellipsis ends the
    // second line on its left, where the name is cut (in the column's direction it would mark the line's start).
    const clamped = desk.page.locator('tr[data-slot="signals-table-row"] td[data-column="strategy"] span').first();
    await expect.poll(() => clamped.getAttribute('title')).toBe(strategyName);
    expect(await clamped.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await clamped.evaluate(startShown)).toBe(true);
    const shownName = desk.page.locator('[data-slot="user-menu-details"] span').first();
    expect(await shownName.textContent()).toBe(name);
    expect(await shownName.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await shownName.evaluate(startShown)).toBe(true);
    await desk.context.close();
  });
});
