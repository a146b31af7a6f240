import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Which build of better-sqlite3 this Node runs. Two are installed because neither runs everywhere `engines`
 * claims:
 * - 12.x (`better-sqlite3`) wraps its objects with Node's raw `ObjectWrap`; from Node 24 that class registers an
 *   environment cleanup hook, and a statement collected by the garbage collector outside a Node context aborts the
 *   process (`RemoveEnvironmentCleanupHook … (env) != nullptr`).
 * - 13.x (`better-sqlite3-napi`) is built on Node-API with prebuilt binaries, and needs Node 22 (it crashes on 20).
 * So Node 20 runs 12.x (compiled at install by scripts/build-sqlite.mjs), and Node 22 and later run 13.x.
 * The same choice is made by scripts/build-sqlite.mjs and scripts/lib/product.mjs.
 */
export const SQLITE_DRIVER_PACKAGE =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The resolved entry point of the driver, for worker threads that load it themselves. */
export const SQLITE_DRIVER_PATH: string = require.resolve(SQLITE_DRIVER_PACKAGE);

/** The driver's `Database` class; both builds share one API (typed by @types/better-sqlite3). */
export const SqliteDatabase = require(SQLITE_DRIVER_PATH) as typeof BetterSqlite3;
