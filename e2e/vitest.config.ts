import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium and one server per file (its own port and data directory): two files at a time, one per core.
    fileParallelism: true,
    maxWorkers: 2,
    globalSetup: ['e2e/global-setup.ts'],
  },
});
