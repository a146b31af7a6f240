import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useProduct } from './harness';

/**
 * Connecting TradingView without guesswork, in the browser against the real server: a strategy's webhook health
 * on Settings > Strategy (counts by status, the latest alert, the silent warning once its threshold has passed),
 * each signal's journey in its details on /signals (received, stored, executed, with the delays), a repeat linking
 * to its original, and the "out of sync" badge on an alert whose TradingView position disagrees with the paper book.
 *
 * The server's clock is the real one here, so the silent warning is reached honestly: the threshold is set to its
 * minimum (1 minute) in the panel, and the test waits until a minute has passed since the strategy's last alert
 * (the other tests, which wait for executions, use most of that minute). The warning's rules over days and weeks
 * are proved with a controlled clock in packages/server/src/modules/signals/health-api.test.ts.
 */

interface Strategy {
  id: string;
  name: string;
  webhookUrl: string;
  isDefault: boolean;
}
interface Signal {
  id: string;
  status: 'accepted' | 'rejected' | 'duplicate';
  duplicateOf: string | null;
  storedAt: number | null;
  strategyId: string;
  outcome: { status: 'executed' | 'ignored' | 'pending'; outOfSync?: unknown } | null;
}

const product = useProduct({ user: { name: 'Health Trader' } });

let quiet: Strategy;
let swing: Strategy;
let quietLastAlertAt = 0;
/** The Default strategy's alert that is then repeated, and the repeat. */
let original: Signal;
let repeat: Signal;

/** What TradingView does: a POST with a text/plain body. Answers the stored signal's id (a repeat's original's). */
async function postAlert(url: string, body: object | string): Promise<string> {
  const res = await fetch(`${product.server.url}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
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

const signals = async () =>
  (await api<{ data: Signal[] }>(product.server.url, product.user.token, '/api/signals?limit=100')).data;

/** The signal `id` once its outcome is decided. */
const decided = (id: string) =>
  eventually(async () => {
    const signal = (await signals()).find((s) => s.id === id);
    return signal?.outcome && signal.outcome.status !== 'pending' ? signal : undefined;
  });

/** The route's title is set once its lazy module has rendered. */
const expectTitle = (page: Page, title: string) =>
  page.waitForFunction((expected) => document.title === expected, title, { timeout: 20_000 });

/** The health disclosure of the strategy card titled `name`, opened. */
async function openHealth(page: Page, name: string): Promise<Locator> {
  await expectTitle(page, 'Strategy | SignalDeck');
  // The disclosure inside the card whose title is `name`.
  const panel = page
    .getByRole('heading', { name, level: 2, exact: true })
    .locator('xpath=ancestor::*[.//*[@data-slot="webhook-health"]][1]')
    .locator('[data-slot="webhook-health"]');
  await panel.locator('summary', { hasText: 'Webhook health' }).click();
  return panel;
}

/** The details of the row `row` (opened by its "Details of …" button), as a locator. */
async function openDetails(page: Page, row: Locator): Promise<Locator> {
  const toggle = row.getByRole('button', { name: /^Details of/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const controls = await toggle.getAttribute('aria-controls');
  return page.locator(`[id="${controls}"]`);
}

beforeAll(async () => {
  const { server, user } = product;
  const all = (await api<{ data: Strategy[] }>(server.url, user.token, '/api/strategies')).data;
  const defaultStrategy = all.find((s) => s.isDefault)!;
  const create = (name: string) =>
    api<Strategy>(server.url, user.token, '/api/strategies', { method: 'POST', body: JSON.stringify({ name }) });
  quiet = await create('Quiet');
  swing = await create('Swing');

  // Quiet: two accepted alerts, a rejected one and a repeat of the first: four in the last 24 h and 7 d.
  const first = { ticker: 'BINANCE:BTCUSDT', action: 'buy', id: 'quiet-1' };
  await postAlert(quiet.webhookUrl, first);
  await postAlert(quiet.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'sell', id: 'quiet-2' });
  await postAlert(quiet.webhookUrl, { ticker: 'BINANCE:BTCUSDT', action: 'buy', price: 'abc', id: 'quiet-3' });
  await postAlert(quiet.webhookUrl, first);
  quietLastAlertAt = Date.now();

  // Default: an alert that says when TradingView fired it, then TradingView's retry of it.
  const journeyAlert = {
    ticker: 'BINANCE:BTCUSDT',
    action: 'buy',
    id: 'journey-1',
    timenow: new Date(Date.now() - 1_200).toISOString(),
  };
  const originalId = await postAlert(defaultStrategy.webhookUrl, journeyAlert);
  // A repeat is answered with the id of the signal it repeats; it is stored as a duplicate pointing there.
  expect(await postAlert(defaultStrategy.webhookUrl, journeyAlert)).toBe(originalId);

  // Swing: TradingView says it was already long before this buy; the paper account is flat, so an alert was missed.
  const missedId = await postAlert(swing.webhookUrl, {
    ticker: 'BINANCE:BTCUSDT',
    action: 'buy',
    prev_market_position: 'long',
    market_position: 'long',
    id: 'swing-1',
  });

  const listed = await signals();
  repeat = listed.find((s) => s.duplicateOf === originalId)!;
  original = await decided(originalId);
  await decided(missedId);
}, 240_000);

describe('given a strategy that received two accepted alerts, a rejected one and a repeat', () => {
  it('should show, in its webhook health, the counts by status and when the last alert arrived', async () => {
    const { page, context } = await product.signedIn('/settings/strategy');
    const panel = await openHealth(page, 'Quiet');
    const counts = panel.getByRole('table', { name: 'Alerts received by status' });
    await counts.waitFor({ timeout: 20_000 });
    const cells = async (status: string) =>
      (await counts.getByRole('row', { name: new RegExp(`^${status}\\b`) }).innerText()).split(/\s+/);
    expect(await cells('accepted')).toEqual(['accepted', '2', '2']);
    expect(await cells('rejected')).toEqual(['rejected', '1', '1']);
    expect(await cells('duplicate')).toEqual(['duplicate', '1', '1']);
    expect(await cells('total')).toEqual(['total', '4', '4']);
    const last = panel.locator('[data-field="last-received"]');
    expect(await last.innerText()).toMatch(
      /^Last alert received \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+ \((under a minute|\d+ min) ago\)\.$/,
    );
    const when = Number(new Date((await last.locator('time').getAttribute('datetime'))!));
    expect(Math.abs(when - quietLastAlertAt)).toBeLessThan(5_000);
    // Four alerts in the last 7 days but not yet silent for a day (the default threshold): no warning.
    expect(await panel.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('should save a silent threshold of 1 minute from the panel, and refuse 0', async () => {
    const { page, context } = await product.signedIn('/settings/strategy');
    const panel = await openHealth(page, 'Quiet');
    const threshold = panel.getByLabel('Warn when silent for (minutes)');
    await threshold.fill('0');
    await panel.getByRole('button', { name: 'Save threshold' }).click();
    await panel.getByText('The silent warning threshold must be at least 1 minute.').waitFor();
    expect(await threshold.getAttribute('aria-invalid')).toBe('true');
    await threshold.fill('1');
    await panel.getByRole('button', { name: 'Save threshold' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = (
      await api<{ data: (Strategy & { silentAfterMinutes: number | null })[] }>(
        product.server.url,
        product.user.token,
        '/api/strategies',
      )
    ).data.find((s) => s.id === quiet.id)!;
    expect(saved.silentAfterMinutes).toBe(1);
    await context.close();
  });
});

describe('given an alert that gave its time, was executed, then repeated by TradingView', () => {
  it('should show its journey in its details: alert fired, received, stored, executed, with each delay', async () => {
    expect(original.outcome?.status).toBe('executed');
    const { page, context } = await product.signedIn('/signals');
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Default' })
      .filter({ hasText: /Executed at [\d,.]+: opened long/ });
    await row.first().waitFor({ timeout: 20_000 });
    const details = await openDetails(page, row.first());
    const journey = details.getByRole('region', { name: 'Signal journey' });
    await journey.waitFor();
    const steps = journey.getByRole('listitem');
    expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step')))).toEqual([
      'alert',
      'received',
      'stored',
      'executed',
    ]);
    expect(await steps.nth(0).innerText()).toMatch(/^Alert fired on TradingView/);
    // Each step after the first says how long after the step before it happened.
    for (const index of [1, 2, 3]) {
      expect(await steps.nth(index).locator('[data-field="delay"]').textContent()).toMatch(
        /^\+[\d.]+ (ms|s|min \d+ s) after the step before$/,
      );
    }
    // TradingView fired it 1.2 s before it was posted.
    expect(await steps.nth(1).locator('[data-field="delay"]').textContent()).toMatch(/^\+1\.\d s /);
    expect(await journey.locator('[data-field="repeats"]').innerText()).toBe(
      'Repeated once (TradingView retries); the repeats were not traded.',
    );
    await context.close();
  });

  it("should link the repeat to its original, whose details open on the link's page", async () => {
    expect(repeat.status).toBe('duplicate');
    expect(original.status).toBe('accepted');
    const { page, context } = await product.signedIn('/signals');
    const row = page.getByRole('row').filter({ hasText: `Repeat of signal ${original.id}` });
    await row.first().waitFor({ timeout: 20_000 });
    const details = await openDetails(page, row.first());
    const link = details.getByRole('region', { name: 'Signal journey' }).getByRole('link', {
      name: `signal ${original.id}`,
    });
    expect(await link.getAttribute('href')).toBe(`/signals?selected=${original.id}`);
    await link.click();
    await page.waitForURL(new RegExp(`/signals\\?selected=${original.id}$`));
    const opened = page.getByRole('button', { name: /^Details of/, expanded: true });
    await opened.waitFor({ timeout: 20_000 });
    expect(await opened.count()).toBe(1);
    const originalDetails = page.locator(`[id="${await opened.getAttribute('aria-controls')}"]`);
    await originalDetails.locator('[data-field="repeats"]').getByText('Repeated once').waitFor();
    await context.close();
  });
});

describe("given an alert whose TradingView position disagrees with the strategy's paper account", () => {
  it('should badge its row "out of sync" and show both positions in its details', async () => {
    const { page, context } = await product.signedIn('/signals');
    const row = page.getByRole('row').filter({ hasText: 'Swing' });
    await row.first().waitFor({ timeout: 20_000 });
    expect(await row.count()).toBe(1);
    await row.locator('[data-slot="signals-table-out-of-sync"]').getByText('out of sync').waitFor();
    // Only that one: the Default and Quiet signals agree with their books (or carry no position).
    expect(await page.locator('[data-slot="signals-table-out-of-sync"]').count()).toBe(1);
    const details = await openDetails(page, row);
    expect(await details.locator('[data-field="out-of-sync"]').innerText()).toBe(
      'out of sync Before this order TradingView was long, the paper account flat: an alert was probably missed.',
    );
    await context.close();
  });
});

describe('given the quiet strategy a minute after its last alert, with a 1-minute threshold', () => {
  it('should warn in its webhook health that it has gone silent', async () => {
    const wait = quietLastAlertAt + 61_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { page, context } = await product.signedIn('/settings/strategy');
    const panel = await openHealth(page, 'Quiet');
    const warning = panel.getByRole('alert');
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.innerText()).toMatch(
      /^silent\s+No alert for \d+ min: this strategy usually receives alerts \(3 or more in the last 7 days\)\./,
    );
    // The other strategies keep the default threshold (a day): no warning there.
    const swingPanel = await openHealth(page, 'Swing');
    await swingPanel.getByRole('table', { name: 'Alerts received by status' }).waitFor({ timeout: 20_000 });
    expect(await swingPanel.getByRole('alert').count()).toBe(0);
    await context.close();
  }, 90_000);
});
