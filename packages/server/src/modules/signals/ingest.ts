import type { FastifyBaseLogger } from 'fastify';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connection';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isTransactionConflict,
  isUniqueViolation,
  retryingConflicts,
} from '../../db/errors';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { WriteGate } from '../../db/write-gate';
import { GroupCommitter } from './group-committer';
import {
  DUPLICATE_WINDOW_MS,
  noneOwned,
  ownersOf,
  planBatch,
  readAlert,
  repeatReason,
  SAME_BODY,
  SIGNAL_COLUMNS,
  windowStart,
  type AlertRequest,
  type IncomingAlert,
  type IngestOutcome,
  type Repeatable,
  type Secret,
  type SignalRow,
} from './ingest-plan';
import type { Signal } from './schemas';
import { toSignalJson } from './signal-queries';
import { SqliteIngest } from './sqlite-ingest';

export {
  DUPLICATE_WINDOW_MS,
  readAlert,
  storableText,
  type AlertRequest,
  type IncomingAlert,
  type IngestOutcome,
} from './ingest-plan';

/** 500 rows of 25 columns stay well within SQLite's and PostgreSQL's limits on statement parameters. */
const MAX_BATCH_SIZE = 500;

/**
 * PostgreSQL: batches committed at once by one instance. Batches (of this instance and of others) run side by
 * side; only two that carry the same alert meet, on the unique index or the body's claim (see #postgresBatch).
 */
const POSTGRES_CONCURRENT_BATCHES = 4;

/** Old body claims (PostgreSQL) are deleted this often: only claims within the repeat window decide anything. */
const CLAIMS_PRUNE_INTERVAL_MS = 60_000;

/** Tells the owners' live streams about a batch's committed signals (all at once: one NOTIFY statement). */
export type PublishSignals = (signals: { userId: number; signal: Signal }[]) => void;

/** Told once a batch with new accepted signals is committed (the paper executor decides their outcomes). */
export type OnAccepted = () => void;

/**
 * Where ingest's statements run. PostgreSQL: the app's pool (`compiler` compiles them), each of a batch's two
 * statements prepared once per pooled connection under `name` (their texts never change): planning them was a
 * fifth to a half of their time (see #postgresBatch for how the read's plan keeps up with the table's growth).
 * SQLite: a thread of its own that reads, looks up, plans and commits each batch (see sqlite-ingest-thread.ts).
 */
type IngestDatabase = { compiler: Kysely<Database>; close(): Promise<void> } & (
  | { dialect: 'postgres'; run<R>(name: string, query: CompiledQuery<R>): Promise<R[]> }
  | { dialect: 'sqlite'; ingest(requests: AlertRequest[], storedAt: number): Promise<IngestOutcome[]> }
);

/** Each column's PostgreSQL type, for the batch's arrays (one parameter per column, whatever the batch's size). */
const POSTGRES_TYPES: Record<keyof SignalRow, string> = {
  id: 'bigint',
  user_id: 'bigint',
  ticker: 'text',
  action: 'text',
  price: 'float8',
  quantity: 'float8',
  position_size: 'float8',
  market_position: 'text',
  stop_loss: 'float8',
  take_profit: 'float8',
  interval: 'text',
  alert_time: 'bigint',
  received_at: 'bigint',
  strategy: 'text',
  comment: 'text',
  client_id: 'text',
  body_hash: 'text',
  status: 'text',
  reason: 'text',
  duplicate_of: 'bigint',
  raw: 'text',
  strategy_id: 'bigint',
  stored_at: 'bigint',
  prev_market_position: 'text',
  prev_position_size: 'float8',
};

/** PostgreSQL: two statements on the app's pool, no transaction around them (see #postgresBatch). SQLite: a thread. */
function openIngestDatabase(database: DatabaseHandle, dataDir: string): IngestDatabase {
  if (database.dialect === 'postgres') {
    const run = database.executePrepared;
    if (!run) throw new Error('A PostgreSQL handle runs prepared statements.');
    return {
      compiler: database.db,
      dialect: 'postgres',
      run: (name, query) => run(name, query),
      close: async () => {},
    };
  }
  const thread = new SqliteIngest(dataDir, database.writeGate ?? new WriteGate());
  return {
    compiler: database.db,
    dialect: 'sqlite',
    ingest: async (requests, storedAt) => {
      if (database.isClosed?.()) throw new DatabaseUnavailableError('The database is closed.');
      return thread.ingest(requests, storedAt);
    },
    close: () => thread.close(),
  };
}

const distinct = <T>(values: T[]) => [...new Set(values)];

/** A refusal that an alert committed alone settles (see SignalIngest#retryAlone), not a fault in the batch. */
const settledAlone = (error: unknown) =>
  isUniqueViolation(error) || isForeignKeyViolation(error) || isTransactionConflict(error);

/**
 * PostgreSQL: the name the batch's read is prepared under, a new one each time the signals' ids double. A prepared
 * statement's plan is made at its first runs on a connection, for the table as it is then: one made on a new
 * install's near-empty `signals` scans it whole instead of probing its indexes, and went on doing so as it grew
 * (6 ms a batch at 40,000 signals, against 0.5 ms). Under a new name at each doubling, the plan a batch runs was
 * made on at least half the table it reads (and PostgreSQL replans it anyway once ANALYZE updates the table's
 * statistics); a process started on a large table begins with the plan for that table.
 */
const lookupsStatement = (lastId: number) => `ingest_lookups_${Math.floor(Math.log2(lastId + 1))}`;

/**
 * Stores webhook alerts through a group committer: one transaction per batch that finds each token's owner,
 * recognises repeats (an alert id already stored for that strategy, or an identical body within
 * DUPLICATE_WINDOW_MS, including earlier alerts of the same batch), and inserts every row with one multi-row
 * INSERT. Each submitter learns its outcome only after the commit; then the signal is published.
 */
export class SignalIngest {
  readonly #database: IngestDatabase;
  readonly #publish: PublishSignals;
  readonly #onAccepted: OnAccepted;
  readonly #log: FastifyBaseLogger;
  readonly #committer: GroupCommitter<AlertRequest, IngestOutcome>;
  readonly #clock: Clock;

  constructor(options: {
    database: DatabaseHandle;
    dataDir: string;
    publish: PublishSignals;
    onAccepted?: OnAccepted;
    log: FastifyBaseLogger;
    /** The time a batch's rows are stored at (their `stored_at`). */
    clock?: Clock;
  }) {
    this.#clock = options.clock ?? Date.now;
    this.#database = openIngestDatabase(options.database, options.dataDir);
    this.#publish = options.publish;
    this.#onAccepted = options.onAccepted ?? (() => {});
    this.#log = options.log;
    this.#committer = new GroupCommitter({
      commit: (alerts) => this.#commit(alerts),
      maxBatchSize: MAX_BATCH_SIZE,
      concurrency: options.database.dialect === 'postgres' ? POSTGRES_CONCURRENT_BATCHES : 1,
      // A strategy's signals commit in receipt order (its paper account executes them in that order).
      key: (alert) => alert.tokenHash,
      onBatch: (size, milliseconds) => this.#log.debug({ size, milliseconds }, 'signals committed'),
    });
  }

  /** Stores one webhook request (its body is read with its batch, see readAlert); resolves once committed. */
  submit(request: AlertRequest): Promise<IngestOutcome> {
    return this.#committer.submit(request);
  }

  /** Stops taking alerts, waits for the ones already taken to be committed, and lets go of the database. */
  async close(): Promise<void> {
    await this.#committer.close();
    await this.#database.close();
  }

  async #commit(alerts: AlertRequest[]): Promise<IngestOutcome[]> {
    const outcomes = await this.#commitOrSplit(alerts);
    if (outcomes.some((outcome) => outcome.kind === 'stored' && outcome.signal.status === 'accepted')) {
      this.#onAccepted();
    }
    const stored = outcomes.flatMap((outcome) =>
      outcome.kind === 'stored' ? [{ userId: outcome.userId, signal: outcome.signal }] : [],
    );
    try {
      if (stored.length > 0) this.#publish(stored);
    } catch (error) {
      this.#log.error({ err: error }, 'publishing signals failed');
    }
    return outcomes;
  }

  /**
   * Commits the batch in one transaction. When the database refuses it, the batch never fails as a whole: it is
   * split in halves, committed in order, until the alert at fault is alone; only that one fails (a few
   * transactions per bad alert rather than one per alert of the batch). An unreachable database fails the alerts
   * not yet committed (503, try again).
   */
  async #commitOrSplit(alerts: AlertRequest[]): Promise<IngestOutcome[]> {
    try {
      return await this.#transaction(alerts);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (alerts.length === 1) return [await this.#retryAlone(alerts[0]!, error)];
      // A race settled alert by alone (a repeat stored by another instance, an owner deleted, a deadlock beside a
      // deletion) is part of the design; anything else is a fault worth an operator's eye.
      this.#log[settledAlone(error) ? 'info' : 'error'](
        { err: error, size: alerts.length },
        'a batch of signals failed; committing it in parts',
      );
      const half = Math.ceil(alerts.length / 2);
      const outcomes: IngestOutcome[] = [];
      for (const part of [alerts.slice(0, half), alerts.slice(half)]) {
        // The part before may be committed already: its alerts keep their answers whatever happens to this one.
        const committed = await this.#commitOrSplit(part).catch((partError: unknown) =>
          part.map((): IngestOutcome => ({ kind: 'failed', error: partError })),
        );
        outcomes.push(...committed);
      }
      return outcomes;
    }
  }

  /**
   * One alert the database refused. A unique violation may be a repeat committed by a writer outside ingest's
   * order, which a second lookup sees (the alert is then recorded as its duplicate); a foreign-key violation, an
   * owner deleted since the read (its account or strategy), which a second lookup no longer finds (an unknown
   * webhook, 404); a deadlock (PostgreSQL, beside an account being deleted) kept nothing and is tried again, after
   * a growing pause while it recurs (see retryingConflicts): one that outlasts the retries is a busy database (503,
   * nothing stored), not the alert's fault. Anything else, or a second refusal, is this alert's own failure.
   */
  async #retryAlone(alert: AlertRequest, error: unknown): Promise<IngestOutcome> {
    if (settledAlone(error)) {
      try {
        return (await retryingConflicts(() => this.#transaction([alert])))[0]!;
      } catch (retryError) {
        if (isDatabaseUnavailable(retryError)) throw retryError;
        error = retryError;
      }
    }
    // Not a race that settles: a fault in this alert or in the database, worth an operator's eye.
    this.#log.error({ err: error }, 'a signal could not be stored');
    return { kind: 'failed', error };
  }

  /**
   * SQLite: the batch on ingest's thread (read, looked up, planned, committed; see sqlite-ingest-thread.ts).
   * PostgreSQL: the alerts read here, then #postgresBatch.
   */
  async #transaction(requests: AlertRequest[]): Promise<IngestOutcome[]> {
    const database = this.#database;
    if (database.dialect === 'sqlite') return database.ingest(requests, this.#clock());
    return this.#postgresBatch(database, requests.map(readAlert));
  }

  /**
   * PostgreSQL: a batch in two statements, with no transaction or lock around them.
   *
   * 1. A read: the owners of the batch's tokens; the signals its alerts may repeat (by alert id, and by body within
   *    the window), as committed when it runs; and ids for its rows from the sequence.
   * 2. One INSERT of every row, planned from that read (planBatch, as on SQLite). It is atomic on its own (a single
   *    statement commits as a whole), and it settles what the read could not see, a batch committed in between by
   *    this instance or another:
   *    - the same alert id: the unique index on (strategy, alert id) refuses the second original; the batch is
   *      split until that alert is alone, which is read again and stored as a duplicate of the first (#retryAlone);
   *    - the same body without an alert id: each new original claims its (strategy, body) in signal_body_claims in
   *      the same statement. A claim held within the window wins, and the row is stored as its duplicate instead
   *      (so are the batch's repeats of that row); a claim being written by another statement is waited for.
   *      (A body with an alert id needs no claim: identical bodies carry the same alert id.)
   */
  async #postgresBatch(
    database: Extract<IngestDatabase, { dialect: 'postgres' }>,
    alerts: IncomingAlert[],
  ): Promise<IngestOutcome[]> {
    const [found] = await database.run(lookupsStatement(this.#lastId), this.#postgresLookups(alerts));
    this.#lastId = Math.max(this.#lastId, ...found!.ids);
    const owned = ownersOf(alerts, found!.owners);
    const unowned = noneOwned(owned);
    if (unowned) return unowned;

    const planned = planBatch(owned, {
      byClientId: found!.by_client_id,
      byBody: found!.by_body,
      ids: found!.ids,
      storedAt: this.#clock(),
    });
    const stored = await database.run('ingest_insert', this.#postgresInsert(planned.rows));
    this.#pruneClaims();

    // A row that lost its body's claim to another batch is a duplicate of that batch's signal.
    const settled = new Map(stored.map((row) => [Number(row.id), row]));
    const rows = new Map(planned.rows.map((row) => [row.id, row]));
    return planned.outcomes.map((outcome) => {
      if (outcome.kind !== 'stored') return outcome;
      const row = rows.get(Number(outcome.signal.id))!;
      const final = settled.get(row.id)!;
      if (final.duplicate_of === null || Number(final.duplicate_of) === row.duplicate_of) return outcome;
      const duplicate = {
        ...row,
        status: 'duplicate' as const,
        reason: final.reason,
        duplicate_of: Number(final.duplicate_of),
      };
      return { ...outcome, signal: toSignalJson({ ...duplicate, outcome: null, decided_at: null, repeats: 0 }) };
    });
  }

  /** PostgreSQL, a batch's first statement (see #postgresBatch): owners, repeatable signals and ids, as JSON. */
  #postgresLookups(alerts: IncomingAlert[]): CompiledQuery<PostgresLookups> {
    const tokens = alerts.map((alert) => alert.tokenHash);
    const clientIds = alerts.map((alert) => alert.parsed.fields.clientId);
    const bodies = alerts.map((alert) => alert.bodyHash);
    const repeatable = (column: 'client_id' | 'body_hash') =>
      sql`coalesce(json_agg(json_build_object('id', s.id, 'strategy_id', s.strategy_id, 'value', s.${sql.ref(column)}, 'received_at', s.received_at) order by s.id), '[]')`;
    return sql<PostgresLookups>`
      with owners as (
        select id, user_id, token_hash, tradingview_only from strategies
        where token_hash = any(${distinct(tokens)}::text[])
      ),
      pairs as (
        select distinct o.id as strategy_id, i.client_id, i.body_hash
        from unnest(${tokens}::text[], ${clientIds}::text[], ${bodies}::text[]) as i(token_hash, client_id, body_hash)
        join owners as o on o.token_hash = i.token_hash
      )
      select
        (select coalesce(json_agg(o), '[]') from owners as o) as owners,
        (
          select ${repeatable('client_id')}
          from (select distinct strategy_id, client_id from pairs where client_id is not null) as p
          join signals as s on s.strategy_id = p.strategy_id and s.client_id = p.client_id
          where s.status <> 'duplicate'
        ) as by_client_id,
        (
          select ${repeatable('body_hash')}
          from (select distinct strategy_id, body_hash from pairs where client_id is null) as p
          join signals as s on s.strategy_id = p.strategy_id and s.body_hash = p.body_hash
          where s.client_id is null and s.status <> 'duplicate' and s.received_at >= ${windowStart(alerts)}
        ) as by_body,
        (
          select json_agg(nextval(pg_get_serial_sequence('signals', 'id')))
          from generate_series(1, ${alerts.length}::int)
        ) as ids
    `.compile(this.#database.compiler);
  }

  /**
   * PostgreSQL, a batch's second statement (see #postgresBatch): the rows go in as one array per column; of the new
   * originals without an alert id, the newest per body claims it (a batch spanning more than the window can hold two),
   * and it and the rows planned as its repeats are inserted as the claim settled it. Rows enter the unique index in
   * (strategy, alert id) order, and claims are taken in (strategy, body) order: two batches carrying the same alerts
   * wait for each other in one order, never in a circle.
   */
  #postgresInsert(
    rows: SignalRow[],
  ): CompiledQuery<{ id: number; reason: string | null; duplicate_of: number | null }> {
    const columns = SIGNAL_COLUMNS.map(
      (column) => sql`${rows.map((row) => row[column])}::${sql.raw(POSTGRES_TYPES[column])}[]`,
    );
    const names = sql.join(SIGNAL_COLUMNS.map((column) => sql.ref(column)));
    const kept = SIGNAL_COLUMNS.filter((column) => !['status', 'reason', 'duplicate_of'].includes(column));
    // The claim's holder, when it is another signal than the one this row was planned as, or repeats.
    const lost = sql`r.holder is not null and r.holder <> coalesce(r.duplicate_of, r.id)`;
    return sql<{ id: number; reason: string | null; duplicate_of: number | null }>`
      with planned as (
        select * from unnest(${sql.join(columns)}) as p(${names})
      ),
      claimants as (
        select distinct on (strategy_id, body_hash) strategy_id, body_hash, id, received_at from planned
        where status <> 'duplicate' and client_id is null
        order by strategy_id, body_hash, received_at desc, id desc
      ),
      claims as (
        insert into signal_body_claims as c (strategy_id, body_hash, signal_id, received_at)
        select strategy_id, body_hash, id, received_at from claimants
        order by strategy_id, body_hash
        on conflict (strategy_id, body_hash) do update set
          signal_id = case when c.received_at < excluded.received_at - ${DUPLICATE_WINDOW_MS} then excluded.signal_id else c.signal_id end,
          received_at = case when c.received_at < excluded.received_at - ${DUPLICATE_WINDOW_MS} then excluded.received_at else c.received_at end
        returning c.strategy_id, c.body_hash, c.signal_id
      ),
      resolved as (
        select p.*, c.signal_id as holder
        from planned as p
        left join claimants as k
          on p.client_id is null and k.strategy_id = p.strategy_id and k.body_hash = p.body_hash
          and k.id = coalesce(p.duplicate_of, p.id)
        left join claims as c on k.id is not null and c.strategy_id = k.strategy_id and c.body_hash = k.body_hash
      )
      insert into signals (${sql.join([...kept, 'status', 'reason', 'duplicate_of'].map((column) => sql.ref(column)))})
      select
        ${sql.join(kept.map((column) => sql`r.${sql.ref(column)}`))},
        case when ${lost} then 'duplicate' else r.status end,
        case when ${lost} then replace(${repeatReason('$id', SAME_BODY)}, '$id', r.holder::text) else r.reason end,
        case when ${lost} then r.holder else r.duplicate_of end
      from resolved as r
      order by r.strategy_id, r.client_id, r.id
      returning id, reason, duplicate_of
    `.compile(this.#database.compiler);
  }

  #lastPrune = -Infinity;
  /** PostgreSQL: the highest signal id a batch's read has handed out (see lookupsStatement). */
  #lastId = 0;

  /** PostgreSQL: deletes, about once a minute and beside the batches, the body claims older than the window. */
  #pruneClaims(): void {
    const now = this.#clock();
    if (now - this.#lastPrune < CLAIMS_PRUNE_INTERVAL_MS) return;
    this.#lastPrune = now;
    // Claims a batch is taking over are skipped (their rows stay locked until it commits), never waited for.
    void sql`
      delete from signal_body_claims where ctid in (
        select ctid from signal_body_claims where received_at < ${now - 2 * DUPLICATE_WINDOW_MS} for update skip locked
      )
    `
      .execute(this.#database.compiler)
      .catch((error: unknown) => this.#log.error({ err: error }, 'pruning old body claims failed'));
  }
}

/** PostgreSQL: a batch's first statement's one row (JSON columns, read back as such by the driver). */
interface PostgresLookups {
  owners: Secret[];
  by_client_id: Repeatable[];
  /** Oldest first. */
  by_body: Repeatable[];
  /** One per alert of the batch, increasing. */
  ids: number[];
}
