import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    globals: true,
    css: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one. Files run two at a time.
    maxWorkers: 2,
    // An axe pass over a rendered table takes a few seconds on a busy 2-core machine: time, not a result.
    testTimeout: 15_000,
  },
});
