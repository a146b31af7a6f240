/*
 * The SQLite ingest's own thread (started by SqliteIngest in sqlite-ingest.ts, never on its own). better-sqlite3 is
 * synchronous, and on the main thread a webhook batch's work held up every request meanwhile: reading each alert
 * (parsing and hashing its body), the batch's lookups, planning its rows, and the COMMIT's fsync (3 ms here, 10 ms
 * and more when the disk is shared). All of it runs here, on a connection of its own (set up as openDatabase sets
 * the app's; WAL mode is a property of the file, already set), so the main thread only answers requests.
 *
 * A batch takes two messages, so that the process's write gate (held by the main thread, see db/write-gate.ts) is
 * not held while the batch is read and planned:
 * - `plan`: the alerts are read, looked up (owners, repeats by alert id and by body, the last id) and planned
 *   (ingest-plan.ts) outside any transaction; the answer is every alert's outcome, and the rows wait here.
 * - `commit`, sent as soon as the main thread holds the gate (right behind `plan` when the gate is free, so the
 *   thread goes straight from one to the other): the planned rows are inserted between BEGIN IMMEDIATE and
 *   COMMIT; `discard` drops them instead.
 * The lookups are as good as a transaction's: one process owns the data directory (data-dir lock), only ingest
 * writes signals, and its batches are planned and committed one after another, so each sees every signal committed
 * before it; the unique index on alert ids backs this up (a violation fails the commit, and ingest retries).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteDatabase } from '../../db/sqlite-driver';
import {
  noneOwned,
  ownedCount,
  ownersOf,
  planBatch,
  readAlert,
  SIGNAL_COLUMNS,
  SQLITE_INSERT,
  SQLITE_LOOKUPS,
  windowStart,
  type AlertRequest,
  type IngestOutcome,
  type Repeatable,
  type Secret,
  type SignalRow,
  type SqliteLookups,
} from './ingest-plan';

export interface ThreadSetup {
  file: string;
  pragmas: readonly string[];
}

/** `id` names the message (its reply carries it), `batch` the batch it is about. */
export type ThreadRequest =
  | { kind: 'plan'; id: number; batch: number; requests: AlertRequest[]; storedAt: number }
  | { kind: 'commit'; id: number; batch: number }
  | { kind: 'discard'; batch: number };

export type ThreadReply =
  | { id: number; outcomes: IngestOutcome[]; rows: number }
  | { id: number; changes: number }
  | { id: number; error: { name: string; message: string; code?: string } };

interface Statements {
  database: BetterSqlite3.Database;
  lookups: BetterSqlite3.Statement<{ alerts: string; since: number }, SqliteLookups>;
  insert: BetterSqlite3.Statement<unknown[]>;
}

const setup = workerData as ThreadSetup;
let statements: Statements | undefined;
/** Planned batches waiting for their commit (one at a time: ingest's batches run one after another). */
const planned = new Map<number, SignalRow[]>();

/** Opened at the first message: the app has opened and migrated the file by then. */
function open(): Statements {
  if (statements) return statements;
  const database = new SqliteDatabase(setup.file, { fileMustExist: true });
  for (const pragma of setup.pragmas) database.pragma(pragma);
  statements = {
    database,
    lookups: database.prepare<{ alerts: string; since: number }, SqliteLookups>(SQLITE_LOOKUPS),
    insert: database.prepare<unknown[]>(SQLITE_INSERT),
  };
  return statements;
}

function plan(batch: number, requests: AlertRequest[], storedAt: number): { outcomes: IngestOutcome[]; rows: number } {
  const { lookups } = open();
  const alerts = requests.map(readAlert);
  const found = lookups.get({
    alerts: JSON.stringify(alerts.map((alert) => [alert.tokenHash, alert.parsed.fields.clientId, alert.bodyHash])),
    since: windowStart(alerts),
  })!;
  const owned = ownersOf(alerts, JSON.parse(found.owners) as Secret[]);
  const unowned = noneOwned(owned);
  if (unowned) return { outcomes: unowned, rows: 0 };
  const plannedBatch = planBatch(owned, {
    byClientId: JSON.parse(found.by_client_id) as Repeatable[],
    // Oldest first, so that the newest original of a body wins.
    byBody: (JSON.parse(found.by_body) as Repeatable[]).sort((a, b) => a.id - b.id),
    ids: Array.from({ length: ownedCount(owned) }, (_, index) => found.last + index + 1),
    storedAt,
  });
  planned.set(batch, plannedBatch.rows);
  return { outcomes: plannedBatch.outcomes, rows: plannedBatch.rows.length };
}

/** Commits a planned batch; a batch whose plan stored nothing, or failed (its own reply says so), commits nothing. */
function commit(batch: number): number {
  const rows = planned.get(batch);
  planned.delete(batch);
  if (!rows) return 0;
  const { database, insert } = open();
  let changes = 0;
  database.exec('begin immediate');
  try {
    for (const row of rows) changes += insert.run(SIGNAL_COLUMNS.map((column) => row[column])).changes;
    database.exec('commit');
  } catch (error) {
    if (database.inTransaction) database.exec('rollback');
    throw error;
  }
  return changes;
}

parentPort!.on('message', (request: ThreadRequest) => {
  if (request.kind === 'discard') {
    planned.delete(request.batch);
    return;
  }
  let reply: ThreadReply;
  try {
    reply =
      request.kind === 'plan'
        ? { id: request.id, ...plan(request.batch, request.requests, request.storedAt) }
        : { id: request.id, changes: commit(request.batch) };
  } catch (caught) {
    planned.delete(request.batch);
    const error = caught as Error & { code?: string };
    reply = { id: request.id, error: { name: error.name, message: error.message, code: error.code } };
  }
  parentPort!.postMessage(reply);
});
