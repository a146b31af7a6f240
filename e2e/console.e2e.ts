import { describe, expect, it } from 'vitest';
import { useProduct } from './harness';

// A clean console on the main pages: a warning at start-up (react-router's missing HydrateFallback, say) is
// a defect a trader's support engineer trips over first.

const product = useProduct({ user: { name: 'Ada Lovelace' } });

describe('given the main pages, opened fresh', () => {
  it('should log no console error or warning on the login page', async () => {
    const { page, context, errors } = await product.guest('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.waitForTimeout(500);
    expect(errors).toEqual({ console: [], warnings: [], page: [] });
    await context.close();
  });

  for (const [path, ready] of [
    ['/trading/BTC/1m', 'Last price'],
    ['/signals', 'Webhook Signals'],
    ['/settings/api-keys', 'API Keys'],
  ] as const) {
    it(`should log no console error or warning on ${path}`, async () => {
      const { page, context, errors } = await product.signedIn(path);
      await page
        .getByRole('heading', { name: ready })
        .or(page.getByLabel(new RegExp(`^${ready}`)))
        .first()
        .waitFor({
          timeout: 15_000,
        });
      await page.waitForTimeout(1_000);
      expect(errors).toEqual({ console: [], warnings: [], page: [] });
      await context.close();
    });
  }
});
