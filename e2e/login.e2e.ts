import { describe, expect, it } from 'vitest';
import { useProduct } from './harness';

const product = useProduct();

describe('given a guest', () => {
  describe('when they open the login page', () => {
    it('should show the sign-in form titled "Login | SignalDeck" with no console errors', async () => {
      const { page, context, errors } = await product.guest();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.title()).toBe('Login | SignalDeck');
      expect(await page.getByLabel('Email').isVisible()).toBe(true);
      expect(await page.getByLabel('Password').isVisible()).toBe(true);
      expect(errors.console).toEqual([]);
      expect(errors.page).toEqual([]);
      await context.close();
    });

    it('should apply the dark theme by default before the app script runs', async () => {
      const { page, context } = await product.guest();
      await page.goto('/login');
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
      await context.close();
    });
  });
});
