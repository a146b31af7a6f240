import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium and one server per file; files run one after another on a 2-core machine.
    fileParallelism: false,
    globalSetup: ['e2e/global-setup.ts'],
  },
});
