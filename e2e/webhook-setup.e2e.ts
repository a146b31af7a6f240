import { describe, expect, it } from 'vitest';
import { api, useProduct } from './harness';

/** The limit docs/security.md gives: 120 posts a minute per webhook URL. */
const PER_MINUTE = 120;
const PHONE = { width: 390, height: 844 };

const product = useProduct({ user: { name: 'Ada Lovelace' } });

interface StrategyJson {
  id: string;
  name: string;
  webhookUrl: string;
}

/** What TradingView does: a POST with a text/plain body, to the URL's path on the test server. */
const postAlert = (url: string, body: string) =>
  fetch(`${product.server.url}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body,
  });

const strategies = () =>
  api<{ data: StrategyJson[] }>(product.server.url, product.user.token, '/api/strategies').then((list) => list.data);

describe('setting up TradingView', () => {
  it('should warn that the default loopback URL cannot work from TradingView, and link to the fix', async () => {
    const { page, context } = await product.signedIn('/settings/strategy');
    const warning = page.getByTestId('reachability-warning').first();
    await warning.waitFor({ timeout: 20_000 });
    const text = await warning.innerText();
    expect(text).toContain('TradingView cannot post to this URL');
    expect(text).toContain("127.0.0.1 is this computer's own address: TradingView cannot reach it");
    expect(text).toMatch(/ports 80 and 443, and this URL uses port \d+/);
    expect(text).toContain('plain http');
    expect(text).toContain('PUBLIC_URL');
    const link = warning.getByRole('link', { name: /How to fix/ });
    expect(await link.getAttribute('href')).toBe('/docs/webhooks#make-the-url-reachable-from-tradingview');

    // The same warning on API Keys, for the URL shown there.
    await page.goto('/settings/api-keys');
    await page.getByTestId('reachability-warning').waitFor({ timeout: 20_000 });

    // The link opens the docs section that explains it.
    await page
      .getByTestId('reachability-warning')
      .getByRole('link', { name: /How to fix/ })
      .click();
    await page.waitForURL('**/docs/webhooks#make-the-url-reachable-from-tradingview');
    expect(await page.locator('#make-the-url-reachable-from-tradingview').innerText()).toBe(
      'Make the URL reachable from TradingView',
    );
    await context.close();
  });

  it('should send a test alert through the real webhook path and show where it landed', async () => {
    const { page, context } = await product.signedIn('/settings/strategy');
    const button = page.getByRole('button', { name: 'Send test alert' }).first();
    await button.waitFor({ timeout: 20_000 });
    await button.click();
    const result = page.getByTestId('test-alert-result');
    await result.waitFor({ timeout: 15_000 });
    const text = await result.innerText();
    expect(text).toContain('The URL answered 202.');
    expect(text).toMatch(/Stored as accepted \(signal \d+\)\./);
    expect(text).toMatch(/Outcome: /);
    const id = /signal (\d+)/.exec(text)![1]!;

    // It is a signal like any other: in the list, marked as a test, and the link selects it.
    await result.getByRole('link', { name: `Show signal ${id} in Signals` }).click();
    await page.waitForURL(`**/signals?selected=${id}`);
    const row = page.locator(`tr[data-row-id="${id}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('BTC');
    // Its journey starts where it was sent from: Settings, not TradingView.
    const toggle = row.getByRole('button', { name: /^Details of/ });
    // The link's selected row may open its details itself.
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const journey = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).getByRole('region', {
      name: 'Signal journey',
    });
    await journey.waitFor();
    expect(await journey.getByRole('listitem').first().innerText()).toMatch(/^Test alert sent from Settings/);
    expect(await journey.innerText()).not.toContain('TradingView');
    const stored = await api<{ comment: string; raw: string }>(
      product.server.url,
      product.user.token,
      `/api/signals/${id}`,
    );
    expect(stored.comment).toMatch(/^SignalDeck test alert/);
    expect(JSON.parse(stored.raw)).toMatchObject({ ticker: 'BTCUSD', action: 'buy' });
    await context.close();
  });

  it.each([
    ['at 1440 px', { width: 1440, height: 900 }],
    ['on a phone (390 px)', PHONE],
  ])("should show a text body's rejection with its fix and a How to fix link, %s", async (_name, viewport) => {
    const [defaultStrategy] = await strategies();
    const sent = await postAlert(
      defaultStrategy!.webhookUrl,
      `Order buy @ 1 filled on BTCUSDT. New strategy position is 1 (${viewport.width})`,
    );
    expect(sent.status).toBe(202);
    const { id } = (await sent.json()) as { id: string };
    const { page, context } = await product.signedIn('/signals', { viewport });
    const row = page.locator(`tr[data-row-id="${id}"]`);
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: /^Details of/ }).click();
    const reason = page.locator('tr[data-slot="signals-table-detail"] [data-field="reason"]');
    const full = await reason.innerText();
    expect(full).toMatch(/^TradingView sent text, not JSON: paste the alert template into the alert's Message/);
    expect(full).not.toMatch(/Unexpected token/);
    // Whole, not cut, within the screen.
    expect(await reason.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    const box = (await reason.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    const help = page.locator('tr[data-slot="signals-table-detail"]').getByRole('link', { name: 'How to fix' });
    expect(await help.getAttribute('href')).toBe('/docs/webhooks#tradingview-sent-text-not-json');
    await help.click();
    await page.waitForURL('**/docs/webhooks#tradingview-sent-text-not-json');
    expect(await page.locator('#tradingview-sent-text-not-json').innerText()).toBe('TradingView sent text, not JSON');
    await context.close();
  });

  it('should count the 429s of a burst next to that strategy’s URL', async () => {
    const burst = await api<StrategyJson>(product.server.url, product.user.token, '/api/strategies', {
      method: 'POST',
      body: JSON.stringify({ name: 'Burst' }),
    });
    const total = PER_MINUTE + 60;
    const statuses = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        postAlert(burst.webhookUrl, JSON.stringify({ ticker: 'BTCUSD', action: 'buy', id: `burst-${index}` })).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status;
          },
        ),
      ),
    );
    const limited = statuses.filter((status) => status === 429).length;
    expect(limited).toBe(total - PER_MINUTE);

    const { page, context } = await product.signedIn('/settings/strategy');
    const refused = page.getByTestId('refused-requests');
    await refused.first().waitFor({ timeout: 20_000 });
    const burstCard = page.locator('[data-testid="refused-requests"]').filter({ hasText: '429' });
    await burstCard.waitFor({ timeout: 10_000 });
    const text = await burstCard.innerText();
    expect(text).toContain(`Refused before storing: ${limited} requests`);
    expect(text).toContain(`${limited} × too many requests (429)`);
    expect(text).toMatch(/Last: /);
    // Only on the Burst strategy's URL: the Default's shows none.
    expect(await refused.first().innerText()).toContain('Refused before storing: none');
    await context.close();
  });
});
