import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/connection';

export const TEST_DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** The PostgreSQL server tests use (TEST_DATABASE_URL, else a local one with trust auth). */
export function testPostgresUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
  if (!url.username) url.username = os.userInfo().username;
  return url;
}

async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl().href });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  dialect: Dialect;
  /** The environment a server needs for this database (DATA_DIR, and DATABASE_URL for PostgreSQL), with `env` merged in. */
  env: Record<string, string>;
  config: Config;
  /** A fresh temporary directory, also DATA_DIR. */
  dir: string;
  cleanup(): Promise<void>;
}

/**
 * A database of its own for one test or test file: for SQLite a temporary DATA_DIR, for PostgreSQL a freshly
 * created schema (selected through the connection's search_path) that cleanup() drops. Nothing is opened yet:
 * pass `config` to openDatabase, or `env` to a server process. STATIC_DIR points at an empty directory unless
 * `env` says otherwise, and logging is silent.
 */
export async function createTestDatabase(dialect: Dialect, env: Record<string, string> = {}): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'signaldeck-test-'));
  const fullEnv: Record<string, string> = {
    DATA_DIR: path.join(dir, 'data'),
    STATIC_DIR: path.join(dir, 'no-app'),
    LOG_LEVEL: 'silent',
    ...env,
  };
  let schema: string | undefined;
  if (dialect === 'postgres') {
    const name = `test_${randomBytes(6).toString('hex')}`;
    await withPostgres((client) => client.query(`create schema ${name}`));
    schema = name;
    const url = testPostgresUrl();
    url.searchParams.set('options', `-c search_path=${name}`);
    fullEnv.DATABASE_URL = url.href;
  }
  return {
    dialect,
    env: fullEnv,
    config: loadConfig(fullEnv),
    dir,
    async cleanup() {
      if (schema) await withPostgres((client) => client.query(`drop schema if exists ${schema} cascade`));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OpenTestDatabase extends TestDatabase {
  /** Open and migrated. */
  database: DatabaseHandle;
}

/** createTestDatabase, opened and migrated; cleanup() closes it first. */
export async function openTestDatabase(dialect: Dialect, env: Record<string, string> = {}): Promise<OpenTestDatabase> {
  const testDatabase = await createTestDatabase(dialect, env);
  const database = await openDatabase(testDatabase.config);
  return {
    ...testDatabase,
    database,
    async cleanup() {
      await database.close();
      await testDatabase.cleanup();
    },
  };
}
