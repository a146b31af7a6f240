import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { Config } from '../config';
import type { Clock } from '../clock';
import type { DatabaseHandle, Dialect } from '../db/connection';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Closes the app and the database, then removes the test database. */
  cleanup(): Promise<void>;
}

/** A ready-to-inject app on its own fresh database of the given dialect. `env` overrides settings. */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { clock?: Clock; logger?: BuildAppOptions['logger'] } = {},
): Promise<TestApp> {
  const { database, config, cleanup } = await openTestDatabase(dialect, env);
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    clock: options.clock,
  });
  return {
    app,
    database,
    config,
    async cleanup() {
      await app.close();
      await cleanup();
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(start = Date.UTC(2025, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return Object.assign(() => now, {
    advance(ms: number) {
      now += ms;
    },
  });
}
