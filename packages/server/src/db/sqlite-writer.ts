import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SQLITE_CONNECTION_PRAGMAS, SQLITE_FILE_NAME } from './connection';
import { DatabaseUnavailableError } from './errors';
import { SQLITE_DRIVER_PATH } from './sqlite-driver';

/*
 * better-sqlite3 is synchronous: a COMMIT with synchronous=FULL holds its thread for the fsync (3 ms here, 10 ms
 * and more when the disk is shared). On the main thread that would stop every request meanwhile, so no alert
 * could be read while a batch commits and the next batch could not fill up behind it. The webhook ingest's writes
 * therefore run on a connection of their own on a worker thread, set up as openDatabase sets the app's (WAL mode
 * is a property of the file, already set): one message per transaction, carrying one
 * statement (compiled by Kysely on the main thread) and the parameters of each of its runs, all between
 * BEGIN IMMEDIATE and COMMIT. The statement is prepared once and kept, so a message carries only values.
 *
 * The worker is a small statement runner given as source text (`eval`), so it needs no build entry of its own
 * and runs the same from TypeScript sources and from the bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
let database;
const statements = new Map();

function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 20) statements.delete(statements.keys().next().value);
    statement = database.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

parentPort.on('message', ({ id, sql, runs }) => {
  try {
    if (!database) {
      database = new Database(workerData.file, { fileMustExist: true });
      for (const pragma of workerData.pragmas) database.pragma(pragma);
    }
    const statement = prepared(sql);
    let changes = 0;
    database.exec('begin immediate');
    for (const parameters of runs) changes += statement.run(parameters).changes;
    database.exec('commit');
    parentPort.postMessage({ id, changes });
  } catch (error) {
    try {
      if (database && database.inTransaction) database.exec('rollback');
    } catch {}
    parentPort.postMessage({ id, error: { name: error.name, message: error.message, code: error.code } });
  }
});
`;

interface Reply {
  id: number;
  changes?: number;
  error?: { name: string; message: string; code?: string };
}

/** An error from the worker, rebuilt with its code so isDatabaseUnavailable and isUniqueViolation still read it. */
function rebuildError({ name, message, code }: NonNullable<Reply['error']>): Error {
  const error = Object.assign(new Error(message), { code });
  error.name = name;
  return error;
}

/** One SQLite connection on a worker thread, for write transactions. */
export class SqliteWriter {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(changes: number): void; reject(error: unknown): void }>();
  #nextId = 0;
  #failure: Error | undefined;

  /** Opens the database under `dataDir`, which must exist already (the app opened and migrated it). */
  constructor(dataDir: string) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: path.join(dataDir, SQLITE_FILE_NAME),
        pragmas: SQLITE_CONNECTION_PRAGMAS,
        betterSqlite3: SQLITE_DRIVER_PATH,
      },
    });
    this.#worker.on('message', ({ id, changes, error }: Reply) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (error) pending?.reject(rebuildError(error));
      else pending?.resolve(changes!);
    });
    const fail = (error: Error) => {
      this.#failure ??= new DatabaseUnavailableError(`The SQLite ingest worker stopped: ${error.message}`);
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  }

  /**
   * Runs `sql` once with each parameter list of `runs`, all between BEGIN IMMEDIATE and COMMIT; resolves with
   * the rows changed once committed. A failure rolls the whole transaction back.
   */
  writeTransaction(sql: string, runs: readonly (readonly unknown[])[]): Promise<number> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, sql, runs });
    });
  }

  async close(): Promise<void> {
    this.#failure ??= new DatabaseUnavailableError('The SQLite ingest connection is closed.');
    await this.#worker.terminate();
  }
}
