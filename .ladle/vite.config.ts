import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

/**
 * Vite settings for Ladle only (Ladle brings its own Vite): the kit's styles are vanilla-extract
 * `.css.ts` files, compiled here as the app compiles them. The `source` condition resolves
 * `dashboard-kit` imports to its src, like the workspace's TypeScript config does.
 */
export default {
  plugins: [vanillaExtractPlugin()],
  resolve: {
    conditions: ['source'],
  },
};
