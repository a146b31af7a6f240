import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_CONNECTION_PRAGMAS, SQLITE_FILE_NAME } from '../../db/connection';
import { DatabaseUnavailableError } from '../../db/errors';
import type { WriteGate } from '../../db/write-gate';
import type { AlertRequest, IngestOutcome } from './ingest-plan';
import type { ThreadReply, ThreadRequest, ThreadSetup } from './sqlite-ingest-thread';

/**
 * The thread's module beside this one: the build's own entry (tsup.config.ts) when the server runs from dist, the
 * TypeScript source when it runs from its sources (tests, dev). Node 20 applies no ESM loader hooks inside a
 * worker, so from the sources the thread starts with tsx's require hook and loads the module through it.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const THREAD = new URL(FROM_SOURCES ? './sqlite-ingest-thread.ts' : './sqlite-ingest-thread.js', import.meta.url);

function startThread(setup: ThreadSetup): Worker {
  if (!FROM_SOURCES) return new Worker(THREAD, { workerData: setup });
  const hook = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(hook)}).register(); require(${JSON.stringify(fileURLToPath(THREAD))});`;
  return new Worker(source, { eval: true, workerData: setup });
}

/** An error from the thread, rebuilt with its code so isDatabaseUnavailable and isUniqueViolation still read it. */
function rebuildError({ name, message, code }: { name: string; message: string; code?: string }): Error {
  const error = Object.assign(new Error(message), { code });
  error.name = name;
  return error;
}

/**
 * SQLite webhook ingest on a thread of its own (see sqlite-ingest-thread.ts): a batch's alerts are read, looked
 * up, planned and committed there; the main thread only takes the process's write gate around the commit.
 */
export class SqliteIngest {
  readonly #worker: Worker;
  readonly #gate: WriteGate;
  readonly #pending = new Map<number, { resolve(reply: ThreadReply): void; reject(error: unknown): void }>();
  #nextId = 0;
  #nextBatch = 0;
  #failure: Error | undefined;

  /** Opens the database under `dataDir` at the first batch; it must exist by then (the app opened and migrated it). */
  constructor(dataDir: string, gate: WriteGate) {
    this.#gate = gate;
    const setup: ThreadSetup = { file: path.join(dataDir, SQLITE_FILE_NAME), pragmas: SQLITE_CONNECTION_PRAGMAS };
    this.#worker = startThread(setup);
    this.#worker.on('message', (reply: ThreadReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if ('error' in reply) pending?.reject(rebuildError(reply.error));
      else pending?.resolve(reply);
    });
    const fail = (error: Error) => {
      this.#failure ??= new DatabaseUnavailableError(`The SQLite ingest thread stopped: ${error.message}`);
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  }

  /**
   * Stores a batch: its outcomes, once its rows (if any) are committed. The commit is asked for as soon as the write
   * gate is held, without waiting for the plan's answer (the thread takes them in order). Waiting for the gate ends
   * after SQLite's busy timeout, as a busy database (nothing stored); a refused commit rolls the whole batch back.
   */
  async ingest(requests: AlertRequest[], storedAt: number): Promise<IngestOutcome[]> {
    const batch = this.#nextBatch++;
    const planned = this.#ask({ kind: 'plan', id: this.#nextId++, batch, requests, storedAt });
    // Read below, after the gate: handled now, so that a failure meanwhile is not taken for an unhandled one.
    planned.catch(() => {});
    let release: () => void;
    try {
      release = await this.#gate.acquire(SQLITE_BUSY_TIMEOUT_MS);
    } catch (error) {
      if (!this.#failure) this.#worker.postMessage({ kind: 'discard', batch } satisfies ThreadRequest);
      throw error;
    }
    let committed: Promise<ThreadReply>;
    try {
      committed = this.#ask({ kind: 'commit', id: this.#nextId++, batch });
      await committed.catch(() => {});
    } finally {
      release();
    }
    // A failed plan stored nothing (its commit found no rows): its error is the batch's.
    const plan = await planned;
    await committed;
    if (!('outcomes' in plan)) throw new Error('The SQLite ingest thread answered a plan with something else.');
    return plan.outcomes;
  }

  #ask(request: Extract<ThreadRequest, { id: number }>): Promise<ThreadReply> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.#failure ??= new DatabaseUnavailableError('The SQLite ingest connection is closed.');
    await this.#worker.terminate();
  }
}
