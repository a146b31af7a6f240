/**
 * Ladle, the component browser for dashboard-kit: `pnpm ladle` serves it, `pnpm ladle:build`
 * writes a static copy to build/ladle (git-ignored).
 * @type {import('@ladle/react').UserConfig}
 */
export default {
  stories: 'packages/dashboard-kit/src/**/*.stories.tsx',
  viteConfig: '.ladle/vite.config.ts',
  outDir: 'build/ladle',
  addons: {
    // The product's default theme is dark; the switch drives the kit's ThemeProvider (see components.tsx).
    theme: { enabled: true, defaultState: 'dark' },
    a11y: { enabled: true },
    width: {
      enabled: true,
      options: { phone: 375, xsmall: 414, small: 640, tablet: 768, large: 1024 },
      defaultState: 0,
    },
  },
};
