import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  type DatabaseConnection,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { DatabaseUnavailableError } from './errors';
import type { Dialect, Migration } from './migrations/helpers';
import { migrate } from './migrate';
import { migrations } from './migrations';
import { SqliteDatabase } from './sqlite-driver';
import type { Database } from './schema';
import { WriteGate } from './write-gate';

export type { Dialect } from './migrations/helpers';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query within a couple of seconds; throws otherwise. */
  ping(): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
  /**
   * SQLite: taken by every write of this process, the app's connection's (each transaction, each statement that
   * writes outside one) and the ingest writer's batches (write-gate.ts). PostgreSQL needs none.
   */
  writeGate?: WriteGate;
  /** Whether close() was called (connections of their own, like ingest's, follow the app's handle). */
  isClosed?(): boolean;
  /**
   * PostgreSQL: runs `query` as the named prepared statement `name`: each pooled connection parses and plans it
   * once, then only binds and executes it. Only for a statement whose text never changes (its values are all
   * parameters), that runs many times a second, and whose plan holds however the tables grow: ingest's INSERT.
   */
  executePrepared?<R>(name: string, query: CompiledQuery<R>): Promise<R[]>;
}

export const SQLITE_FILE_NAME = 'signaldeck.db';
/** Every connection to the SQLite file (the app's, and ingest's on its thread, see sqlite-ingest.ts) runs these. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
export const SQLITE_CONNECTION_PRAGMAS = [
  'synchronous = FULL',
  `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  'foreign_keys = ON',
] as const;
const PING_TIMEOUT_MS = 2_000;

/** Statements that never write: run outside a transaction, they need no turn at the write gate. */
const READ_ONLY_TEXT = /^\s*(select|pragma|explain)\b/i;

function writes(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return false;
  if (query.query.kind === 'RawNode') return !READ_ONLY_TEXT.test(query.sql);
  return true;
}

/**
 * Every SQLite transaction starts with BEGIN IMMEDIATE: a deferred BEGIN that later writes cannot upgrade to a
 * write lock while another connection writes, and fails with SQLITE_BUSY at once instead of waiting.
 *
 * Every write takes the process's write gate first (see write-gate.ts): a transaction from its BEGIN to its COMMIT
 * or ROLLBACK, and a statement that writes outside one for its own run. The app has one connection (one
 * transaction at a time), so one gate to hand back. Waiting in line ends as SQLite's busy timeout would.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #gate: WriteGate;
  /** Lets the gate go: set while a transaction holds it. */
  #release: (() => void) | undefined;
  #connection: DatabaseConnection | undefined;

  constructor(config: ConstructorParameters<typeof SqliteDriver>[0], gate: WriteGate) {
    super(config);
    this.#gate = gate;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#connection ??= {
      executeQuery: (query) =>
        this.#release || !writes(query)
          ? connection.executeQuery(query)
          : this.#gate.run(() => connection.executeQuery(query), SQLITE_BUSY_TIMEOUT_MS),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#release = await this.#gate.acquire(SQLITE_BUSY_TIMEOUT_MS);
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.#letGo();
      throw error;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A COMMIT that fails leaves the transaction open: Kysely rolls it back next, and that lets the gate go.
    await super.commitTransaction(connection);
    this.#letGo();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#letGo();
    }
  }

  #letGo(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  readonly #gate: WriteGate;

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], gate: WriteGate) {
    super(config);
    this.#config = config;
    this.#gate = gate;
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config, this.#gate);
  }
}

/** The data directory is the owner's alone (0700), and so are the database's files (0600). */
const PRIVATE_DIRECTORY_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates DATA_DIR for the owner only, and the database file likewise before SQLite opens it (SQLite gives its
 * -wal and -shm files the database file's mode). A directory and a file from an older version are narrowed too.
 */
export function preparePrivateDataDir(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  try {
    chmodSync(dataDir, PRIVATE_DIRECTORY_MODE);
  } catch {
    // A directory the operator made for us and kept (another owner): its mode is theirs to choose.
  }
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, PRIVATE_FILE_MODE);
  }
  return file;
}

/** Prepared statements kept per SQLite connection, by their SQL (Kysely's statements are a bounded set). */
const PREPARED_STATEMENTS_KEPT = 256;

/**
 * The connection as Kysely sees it, with its prepared statements kept: Kysely prepares every statement it runs
 * (parsing and planning the SQL each time), which cost more than running most of the app's queries. A kept
 * statement that is still being iterated (a streamed query) is not shared: a fresh one is prepared instead.
 */
function keepingPreparedStatements(file: InstanceType<typeof SqliteDatabase>) {
  const kept = new Map<string, ReturnType<typeof file.prepare>>();
  return {
    close: () => void file.close(),
    prepare(text: string) {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      const prepared = file.prepare(text);
      if (kept.size >= PREPARED_STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(text, prepared);
      return prepared;
    },
  };
}

/**
 * A second connection to the SQLite file under `dataDir` (already opened and migrated by the app), for reads only:
 * in WAL mode its reads run beside the app's connection (whose transactions would otherwise make them wait) and
 * see every transaction committed before they start.
 */
export function openSqliteReader(dataDir: string): Kysely<Database> {
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { fileMustExist: true });
  for (const pragma of [...SQLITE_CONNECTION_PRAGMAS, 'query_only = ON']) file.pragma(pragma);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingPreparedStatements(file) }) });
}

function openSqlite(dataDir: string, gate: WriteGate): Kysely<Database> {
  const file = new SqliteDatabase(preparePrivateDataDir(dataDir));
  file.pragma('journal_mode = WAL');
  for (const pragma of SQLITE_CONNECTION_PRAGMAS) file.pragma(pragma);
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: keepingPreparedStatements(file) }, gate),
  });
}

const INT8_OID = 20;

/**
 * The URL the server connects with: as given, or, like libpq, with PGUSER or else the operating-system user when it
 * names no user. (The driver's own default is the USER variable, which a container or a service often lacks; and a
 * `user` option beside the URL is overridden by the URL's empty one.)
 */
export function postgresConnectionString(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
  osUser: () => string = () => os.userInfo().username,
): string {
  const url = new URL(databaseUrl);
  if (url.username) return databaseUrl;
  url.username = encodeURIComponent(env.PGUSER || osUser());
  return url.href;
}

function openPostgres(
  databaseUrl: string,
  onPoolError: (error: Error) => void,
): { db: Kysely<Database>; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: postgresConnectionString(databaseUrl),
    max: 10,
    connectionTimeoutMillis: 5_000,
    // Timestamps (milliseconds) and counts are int8: read them as numbers, as SQLite does.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reports the problem.
  pool.on('error', onPoolError);
  pool.on('connect', (client) => {
    // A client checked out of the pool has no error listener of the pool's, and pg emits 'error' when the server
    // ends the session (PostgreSQL restarting, failing over): unheard, that event would end the process. The
    // query that was running fails and reports it (a 503); the event itself needs nothing more.
    client.on('error', () => {});
    // JIT compilation costs more than it saves on our short aggregate queries (35 ms or more each, measured).
    client.query('SET jit = off').catch(onPoolError);
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/**
 * PostgreSQL's refusals of a prepared statement that the schema changed under (a column's type altered by another
 * instance's migration: "cached plan must not change result type"), or that its connection no longer holds.
 */
const STALE_PREPARED_STATEMENT = new Set(['0A000', '26000']);

/**
 * Runs `query` as the prepared statement `name` on a pooled connection (see DatabaseHandle.executePrepared). When
 * PostgreSQL refuses the connection's copy as stale, that connection is closed rather than returned to the pool
 * (the driver would go on using its copy), and the statement runs once more, unnamed (another connection may hold
 * a stale copy too); each connection that holds one is closed the same way at its next use.
 */
async function executePrepared<R>(pool: pg.Pool, name: string, query: CompiledQuery<R>): Promise<R[]> {
  const config = { name, text: query.sql, values: [...query.parameters] };
  const client = await pool.connect();
  try {
    const result = await client.query(config);
    client.release();
    return result.rows as R[];
  } catch (error) {
    const stale = STALE_PREPARED_STATEMENT.has((error as { code?: unknown }).code as string);
    client.release(stale ? (error as Error) : undefined);
    if (!stale) throw error;
  }
  // Unnamed: another pooled connection may hold a stale copy too.
  return (await pool.query({ text: config.text, values: config.values })).rows as R[];
}

export interface OpenDatabaseOptions {
  /** Told about connection problems that happen outside any query (PostgreSQL idle clients). */
  onBackgroundError?: (error: Error) => void;
  /** The migrations to bring it to: every one by default (a migration's test stops before it). */
  migrations?: Record<string, Migration>;
}

/**
 * Opens the configured database (PostgreSQL when `databaseUrl` is set, else SQLite under `dataDir`) and brings
 * its schema up to date. The caller owns the handle and closes it after the app has stopped.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const dialect: Dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const writeGate = dialect === 'sqlite' ? new WriteGate() : undefined;
  const postgres = config.databaseUrl
    ? openPostgres(config.databaseUrl, options.onBackgroundError ?? (() => {}))
    : undefined;
  const db = postgres?.db ?? openSqlite(config.dataDir, writeGate!);

  let closed: Promise<void> | undefined;
  const close = () => (closed ??= db.destroy());

  try {
    await migrate(db, dialect, options.migrations ?? migrations);
  } catch (error) {
    await close();
    throw error;
  }

  return {
    db,
    dialect,
    writeGate,
    close,
    isClosed: () => closed !== undefined,
    executePrepared: postgres ? (name, query) => executePrepared(postgres.pool, name, query) : undefined,
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DatabaseUnavailableError('The database did not answer in time.')),
          PING_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Runs `work` in a write transaction: BEGIN IMMEDIATE on SQLite (see ImmediateSqliteDriver), an ordinary
 * transaction on PostgreSQL. Commits when `work` resolves, rolls back when it throws.
 */
export function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * Runs `work` in a write transaction whose commit does not wait for the disk: for data derived from what is
 * already stored durably, and derived again from it after a loss (the paper executor's outcomes, trades and
 * accounts, from the stored signals and candles; the notification planner's groups, each scan ending with a
 * durable commit). A process crash loses nothing (the commit is in SQLite's WAL file, or PostgreSQL's WAL buffers); only an operating-system
 * crash or a power cut can undo the last such commits, whose work is then done again, with the same results, at
 * the next start. Everything a client's request commits keeps waiting for the disk (writeTransaction).
 *
 * SQLite: `synchronous = NORMAL` for this transaction only (it holds the app's one connection throughout, and sets
 * FULL again after); its WAL frames reach the disk with the next FULL commit (every ingest batch) or checkpoint.
 * PostgreSQL: `SET LOCAL synchronous_commit = off`.
 */
export async function derivedTransaction<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
}
