import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { Config } from '../config';
import type { Clock } from '../context';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/connection';
import { createTestDatabase } from './database';

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
  const testDatabase = await createTestDatabase(dialect, env);
  const database = await openDatabase(testDatabase.config);
  const app = await buildApp({
    config: testDatabase.config,
    database,
    logger: options.logger ?? false,
    clock: options.clock,
  });
  return {
    app,
    database,
    config: testDatabase.config,
    async cleanup() {
      await app.close();
      await database.close();
      await testDatabase.cleanup();
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
