import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type CompiledQuery, type Kysely, type QueryResult, type Selectable } from 'kysely';
import { SQLITE_FILE_NAME, writeTransaction, type DatabaseHandle, type Dialect } from '../../db/connection';
import { isDatabaseUnavailable, isUniqueViolation } from '../../db/errors';
import type { Database, SignalsTable } from '../../db/schema';
import { parseAlert, type ParsedAlert } from './alert';
import { GroupCommitter } from './group-committer';
import { toSignalJson, type SignalJson } from './signal-queries';
import { SqliteIngestWorker } from './sqlite-ingest-worker';
import { isTradingViewAddress, sameTokenHash } from './webhook-secrets';

/** An identical body from the same user within this long is a repeat of the first. */
export const DUPLICATE_WINDOW_MS = 60_000;

/** 500 rows of 17 columns stay well within SQLite's and PostgreSQL's limits on statement parameters. */
const MAX_BATCH_SIZE = 500;

/** The advisory lock that serialises ingest transactions across instances on one PostgreSQL (any constant). */
const POSTGRES_INGEST_LOCK = 0x5167_4465_636b;

/** One webhook request, read and checked as far as it can be without the database. */
export interface IncomingAlert {
  tokenHash: string;
  /** As Fastify resolved it with TRUST_PROXY. */
  clientAddress: string;
  receivedAt: number;
  /** The body as text, at most 64 KiB. */
  raw: string;
  /** SHA-256 of `raw`, hex: an identical body within DUPLICATE_WINDOW_MS is a repeat. */
  bodyHash: string;
  parsed: ParsedAlert;
}

/** Reads a webhook request's body (outside the transaction, which only has to look things up and insert). */
export function readAlert(request: Omit<IncomingAlert, 'bodyHash' | 'parsed'>): IncomingAlert {
  return {
    ...request,
    bodyHash: createHash('sha256').update(request.raw).digest('hex'),
    parsed: parseAlert(request.raw),
  };
}

export type IngestOutcome =
  | { kind: 'unknown-token' }
  | { kind: 'forbidden' }
  | { kind: 'stored'; userId: number; signal: SignalJson }
  /** Only when this alert's row was refused on its own while the rest of its batch was stored. */
  | { kind: 'failed'; error: unknown };

/** Tells the owner's live stream about a committed signal. */
export type PublishSignal = (userId: number, signal: SignalJson) => void;

/** PostgreSQL text cannot hold NUL characters; they become U+FFFD in what is stored. */
const storable = <T extends string | null>(text: T): T => (text === null ? text : (text.replace(/\0/g, '\uFFFD') as T));

interface Original {
  id: number;
  receivedAt: number;
}

/**
 * Runs one ingest transaction: the lookups `first`, then the writes `finish` makes of their results. Resolves
 * once the writes are committed.
 */
type IngestTransaction = (
  first: readonly CompiledQuery[],
  finish: (results: QueryResult<unknown>[]) => readonly CompiledQuery[],
) => Promise<void>;

/** Where ingest's statements run; `compiler` (the app's handle, for its dialect) only compiles them. */
interface IngestDatabase {
  compiler: Kysely<Database>;
  dialect: Dialect;
  transaction: IngestTransaction;
  close(): Promise<void>;
}

/**
 * PostgreSQL: one transaction on the app's pool, lookups after the advisory lock, since other instances write
 * signals too. SQLite: the lookups are plain reads on the app's connection, and the writes go to a connection
 * of its own on a worker thread (see sqlite-ingest-worker.ts) in one BEGIN IMMEDIATE ... COMMIT. The reads are
 * as good as a transaction's: one process owns the data directory (data-dir lock), only ingest writes signals,
 * and its batches run one after another, so they see every signal committed before; the unique index on alert
 * ids backs this up (a violation retries the batch). The worker's connection is set up as db/connection.ts sets
 * the app's (WAL mode is a property of the file, already set).
 */
function openIngestDatabase(database: DatabaseHandle, dataDir: string): IngestDatabase {
  const runLookups = async (db: Kysely<Database>, first: readonly CompiledQuery[]) => {
    const results: QueryResult<unknown>[] = [];
    for (const query of first) results.push(await db.executeQuery(query));
    return results;
  };
  if (database.dialect === 'postgres') {
    return {
      compiler: database.db,
      dialect: 'postgres',
      transaction: (first, finish) =>
        writeTransaction(database.db, async (trx) => {
          for (const query of finish(await runLookups(trx, first))) await trx.executeQuery(query);
        }),
      close: async () => {},
    };
  }
  const worker = new SqliteIngestWorker({
    file: path.join(dataDir, SQLITE_FILE_NAME),
    pragmas: ['synchronous = FULL', 'busy_timeout = 5000', 'foreign_keys = ON'],
  });
  return {
    compiler: database.db,
    dialect: 'sqlite',
    transaction: async (first, finish) => {
      const writes = finish(await runLookups(database.db, first));
      if (writes.length > 0) await worker.writeTransaction(writes);
    },
    close: () => worker.close(),
  };
}

const key = (userId: number, value: string) => `${userId}\n${value}`;
const distinct = <T>(values: T[]) => [...new Set(values)];

/**
 * Stores webhook alerts through a group committer: one transaction per batch that finds each token's owner,
 * recognises repeats (an alert id already stored for that user, or an identical body within
 * DUPLICATE_WINDOW_MS, including earlier alerts of the same batch), and inserts every row with one multi-row
 * INSERT. Each submitter learns its outcome only after the commit; then the signal is published.
 */
export class SignalIngest {
  readonly #database: IngestDatabase;
  readonly #publish: PublishSignal;
  readonly #log: FastifyBaseLogger;
  readonly #committer: GroupCommitter<IncomingAlert, IngestOutcome>;

  constructor(options: { database: DatabaseHandle; dataDir: string; publish: PublishSignal; log: FastifyBaseLogger }) {
    this.#database = openIngestDatabase(options.database, options.dataDir);
    this.#publish = options.publish;
    this.#log = options.log;
    this.#committer = new GroupCommitter({
      commit: (alerts) => this.#commit(alerts),
      maxBatchSize: MAX_BATCH_SIZE,
      onBatch: (size, milliseconds) => this.#log.debug({ size, milliseconds }, 'signals committed'),
    });
  }

  submit(alert: IncomingAlert): Promise<IngestOutcome> {
    return this.#committer.submit(alert);
  }

  /** Stops taking alerts, waits for the ones already taken to be committed, and lets go of the database. */
  async close(): Promise<void> {
    await this.#committer.close();
    await this.#database.close();
  }

  async #commit(alerts: IncomingAlert[]): Promise<IngestOutcome[]> {
    let outcomes: IngestOutcome[];
    try {
      outcomes = await this.#transaction(alerts);
    } catch (error) {
      if (isUniqueViolation(error)) {
        // The unique index on alert ids caught a repeat the lookups did not see (a writer outside ingest's
        // order): looked up again, the alert is recorded as its duplicate.
        outcomes = await this.#transaction(alerts);
      } else if (isDatabaseUnavailable(error) || alerts.length === 1) {
        throw error;
      } else {
        // One row the database refuses must not fail the alerts that came with it.
        this.#log.error({ err: error }, 'a batch of signals failed; committing them one by one');
        outcomes = [];
        for (const alert of alerts) {
          outcomes.push(
            await this.#transaction([alert]).then(
              ([outcome]) => outcome!,
              (error: unknown) => ({ kind: 'failed', error }) as const,
            ),
          );
        }
      }
    }
    for (const outcome of outcomes) {
      if (outcome.kind !== 'stored') continue;
      try {
        this.#publish(outcome.userId, outcome.signal);
      } catch (error) {
        this.#log.error({ err: error }, 'publishing a signal failed');
      }
    }
    return outcomes;
  }

  /**
   * One transaction for the batch. First, in one go: the owners of the batch's tokens, the signals its alert
   * ids and bodies may repeat, and ids for its rows. Then, from those: each alert's outcome and one INSERT.
   */
  async #transaction(alerts: IncomingAlert[]): Promise<IngestOutcome[]> {
    const { compiler: db, dialect } = this.#database;
    const tokenHashes = distinct(alerts.map((alert) => alert.tokenHash));
    const clientIds = distinct(alerts.flatMap((alert) => alert.parsed.fields.clientId ?? []));
    const earliest = Math.min(...alerts.map((alert) => alert.receivedAt));
    const owners = db.selectFrom('webhook_secrets').select('user_id').where('token_hash', 'in', tokenHashes);

    const lookups: CompiledQuery[] = [];
    /** Adds a lookup and returns where its result will be. */
    const lookUp = (query: CompiledQuery) => lookups.push(query) - 1;
    // Serialises ingest across every instance on one PostgreSQL (on SQLite, one process owns the database).
    if (dialect === 'postgres') lookUp(sql`select pg_advisory_xact_lock(${sql.lit(POSTGRES_INGEST_LOCK)})`.compile(db));
    const secrets = lookUp(
      db
        .selectFrom('webhook_secrets')
        .select(['user_id', 'token_hash', 'tradingview_only'])
        .where('token_hash', 'in', tokenHashes)
        .compile(),
    );
    const byClientId =
      clientIds.length === 0
        ? undefined
        : lookUp(
            db
              .selectFrom('signals')
              .select(['id', 'user_id', 'client_id', 'received_at'])
              .where('user_id', 'in', owners)
              .where('client_id', 'in', clientIds)
              .where('status', '<>', 'duplicate')
              .compile(),
          );
    const byBody = lookUp(
      db
        .selectFrom('signals')
        .select(['id', 'user_id', 'body_hash', 'received_at'])
        .where('user_id', 'in', owners)
        .where('body_hash', 'in', distinct(alerts.map((alert) => alert.bodyHash)))
        .where('received_at', '>=', earliest - DUPLICATE_WINDOW_MS)
        .where('status', '<>', 'duplicate')
        .orderBy('id')
        .compile(),
    );
    const ids = lookUp(this.#idQuery(alerts.length));

    let outcomes: IngestOutcome[] = [];
    await this.#database.transaction(lookups, (results) => {
      // Each lookup's rows have the shape BatchLookups gives them.
      const rows = (at: number | undefined) => (at === undefined ? [] : results[at]!.rows) as never[];
      const planned = planBatch(alerts, {
        secrets: rows(secrets),
        byClientId: rows(byClientId),
        byBody: rows(byBody),
        ids: this.#ids(rows(ids), alerts.length),
      });
      outcomes = planned.outcomes;
      return planned.rows.length === 0 ? [] : [db.insertInto('signals').values(planned.rows).compile()];
    });
    return outcomes;
  }

  /**
   * Ids for the batch, taken before the insert so that a duplicate can point at an original of its own batch
   * and one INSERT stores them all. Ingest batches are the only writers of signals and run one at a time (in
   * the one process that owns an SQLite database; under the advisory lock on PostgreSQL), so ids grow in commit
   * order, which the list's cursor relies on. PostgreSQL's sequence hands out one per alert; those left over are skipped.
   */
  #idQuery(count: number): CompiledQuery {
    if (this.#database.dialect === 'postgres') {
      return sql`select nextval(pg_get_serial_sequence('signals', 'id')) as id from generate_series(1, ${sql.lit(count)})`.compile(
        this.#database.compiler,
      );
    }
    // AUTOINCREMENT never reuses an id, even one whose row was deleted: start after the highest ever used.
    return sql`
      select max(
        coalesce((select seq from sqlite_sequence where name = 'signals'), 0),
        coalesce((select max(id) from signals), 0)
      ) as last
    `.compile(this.#database.compiler);
  }

  #ids(rows: { id: number; last: number }[], count: number): number[] {
    if (this.#database.dialect === 'postgres') return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    const last = rows[0]!.last;
    return Array.from({ length: count }, (_, index) => last + index + 1);
  }
}

interface BatchLookups {
  secrets: { user_id: number; token_hash: string; tradingview_only: number }[];
  byClientId: { id: number; user_id: number; client_id: string; received_at: number }[];
  byBody: { id: number; user_id: number; body_hash: string; received_at: number }[];
  /** Increasing, at least one per alert; the stored rows take them in order. */
  ids: number[];
}

/**
 * Each alert's outcome and the rows to insert: an unknown token or a refused address stores nothing; a repeat
 * (same alert id for that user, or an identical body within DUPLICATE_WINDOW_MS, earlier alerts of the same
 * batch included) is a 'duplicate' row pointing at what it repeats; anything else is a new signal.
 */
function planBatch(
  alerts: IncomingAlert[],
  lookups: BatchLookups,
): { outcomes: IngestOutcome[]; rows: Selectable<SignalsTable>[] } {
  const secretsByHash = new Map(lookups.secrets.map((secret) => [secret.token_hash, secret]));
  const byClientId = new Map<string, Original>();
  for (const row of lookups.byClientId)
    byClientId.set(key(row.user_id, row.client_id), { id: row.id, receivedAt: row.received_at });
  // Ordered by id: the newest original of a body wins.
  const byBody = new Map<string, Original>();
  for (const row of lookups.byBody)
    byBody.set(key(row.user_id, row.body_hash), { id: row.id, receivedAt: row.received_at });

  const outcomes: IngestOutcome[] = [];
  const rows: Selectable<SignalsTable>[] = [];
  for (const alert of alerts) {
    const secret = secretsByHash.get(alert.tokenHash);
    if (!secret || !sameTokenHash(secret.token_hash, alert.tokenHash)) {
      outcomes.push({ kind: 'unknown-token' });
      continue;
    }
    if (secret.tradingview_only === 1 && !isTradingViewAddress(alert.clientAddress)) {
      outcomes.push({ kind: 'forbidden' });
      continue;
    }

    const id = lookups.ids[rows.length]!;
    const userId = secret.user_id;
    const { fields, status, reason } = alert.parsed;
    const clientKey = fields.clientId === null ? undefined : key(userId, fields.clientId);
    const bodyKey = key(userId, alert.bodyHash);

    let repeat: { original: Original; why: string } | undefined;
    const sameId = clientKey === undefined ? undefined : byClientId.get(clientKey);
    const sameBody = byBody.get(bodyKey);
    if (sameId) repeat = { original: sameId, why: `same alert id ${JSON.stringify(fields.clientId)}` };
    else if (sameBody && sameBody.receivedAt >= alert.receivedAt - DUPLICATE_WINDOW_MS) {
      repeat = { original: sameBody, why: 'identical body within 60 seconds' };
    } else {
      const original = { id, receivedAt: alert.receivedAt };
      if (clientKey !== undefined) byClientId.set(clientKey, original);
      byBody.set(bodyKey, original);
    }

    const row: Selectable<SignalsTable> = {
      id,
      user_id: userId,
      ticker: storable(fields.ticker),
      action: fields.action,
      price: fields.price,
      quantity: fields.quantity,
      position_size: fields.positionSize,
      interval: fields.interval,
      alert_time: fields.alertTime,
      received_at: alert.receivedAt,
      strategy: storable(fields.strategy),
      comment: storable(fields.comment),
      client_id: storable(fields.clientId),
      body_hash: alert.bodyHash,
      status: repeat ? 'duplicate' : status,
      reason: repeat ? `Repeat of signal ${repeat.original.id} (${repeat.why})` : storable(reason),
      duplicate_of: repeat ? repeat.original.id : null,
      raw: storable(alert.raw),
    };
    rows.push(row);
    outcomes.push({ kind: 'stored', userId, signal: toSignalJson(row) });
  }
  return { outcomes, rows };
}
