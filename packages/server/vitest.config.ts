import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Three files at a time on two cores: much of a file's time is spent waiting (on PostgreSQL, on the server
    // processes the proofs start, on timers), and three measured 264 s for the suite against 342 s for two.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
