import { hash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { openSqliteReadConnection, SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from '../../db/connection';
import { DatabaseUnavailableError, isDatabaseUnavailable, isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../clock';
import type { Database, SignalsTable } from '../../db/schema';
import { SqliteWriter } from '../../db/sqlite-writer';
import { WriteGate } from '../../db/write-gate';
import { parseAlert, type ParsedAlert } from './alert';
import { GroupCommitter } from './group-committer';
import type { Signal } from './schemas';
import { toSignalJson } from './signal-queries';
import { isTradingViewAddress, sameTokenHash } from './webhook-secrets';

/** An identical body posted to the same strategy within this long is a repeat of the first. */
export const DUPLICATE_WINDOW_MS = 60_000;

/** 500 rows of 25 columns stay well within SQLite's and PostgreSQL's limits on statement parameters. */
const MAX_BATCH_SIZE = 500;

/**
 * PostgreSQL: batches committed at once by one instance. Batches (of this instance and of others) run side by
 * side; only two that carry the same alert meet, on the unique index or the body's claim (see #postgresBatch).
 */
const POSTGRES_CONCURRENT_BATCHES = 4;

/** Old body claims (PostgreSQL) are deleted this often: only claims within the repeat window decide anything. */
const CLAIMS_PRUNE_INTERVAL_MS = 60_000;

const SAME_BODY = 'identical body within 60 seconds';
const repeatReason = (originalId: number | string, why: string) => `Repeat of signal ${originalId} (${why})`;

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

/** NUL (which PostgreSQL text cannot hold) and lone surrogates (which no database stores as sent). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as both databases store it: NUL and lone surrogates become U+FFFD. Applied once, before anything is
 * hashed, looked up or stored, so that a lookup compares the very value the row holds (an alert id that the
 * database stored differently from the lookup's value would slip past the repeat check into the unique index).
 */
export function storableText<T extends string | null>(text: T): T {
  return (text === null ? text : text.replace(UNSTORABLE, '\uFFFD')) as T;
}

function storableAlert(parsed: ParsedAlert): ParsedAlert {
  const { fields } = parsed;
  const storableFields = {
    ...fields,
    ticker: storableText(fields.ticker),
    strategy: storableText(fields.strategy),
    comment: storableText(fields.comment),
    clientId: storableText(fields.clientId),
  };
  return parsed.status === 'accepted'
    ? { ...parsed, fields: storableFields }
    : { ...parsed, fields: storableFields, reason: storableText(parsed.reason) };
}

/**
 * Reads a webhook request's body (outside the transaction, which only has to look things up and insert). The
 * body is parsed as received, then it and every text field are made storable (see storableText).
 */
export function readAlert(request: Omit<IncomingAlert, 'bodyHash' | 'parsed'>): IncomingAlert {
  const raw = storableText(request.raw);
  return {
    ...request,
    raw,
    bodyHash: hash('sha256', raw, 'hex'),
    parsed: storableAlert(parseAlert(request.raw)),
  };
}

export type IngestOutcome =
  | { kind: 'unknown-token' }
  | { kind: 'forbidden' }
  | { kind: 'stored'; userId: number; signal: Signal }
  /** Only when this alert's row was refused on its own while the rest of its batch was stored. */
  | { kind: 'failed'; error: unknown };

/** Tells the owners' live streams about a batch's committed signals (all at once: one NOTIFY statement). */
export type PublishSignals = (signals: { userId: number; signal: Signal }[]) => void;

/** Told once a batch with new accepted signals is committed (the paper executor decides their outcomes). */
export type OnAccepted = () => void;

interface Original {
  id: number;
  receivedAt: number;
}

type SignalRow = Selectable<SignalsTable>;

/** Where ingest's statements run; `compiler` (the app's handle) compiles them, and runs PostgreSQL's. */
type IngestDatabase = { compiler: Kysely<Database>; close(): Promise<void> } & (
  | {
      dialect: 'postgres';
      /**
       * Runs the batch's INSERT as a statement prepared once per pooled connection (its text never changes): its
       * planning was a fifth of its time. Its plan reads no table a lookup would scan (the claims are found by
       * their unique index), so a plan made once holds whatever the tables grow to.
       */
      insert<R>(query: CompiledQuery<R>): Promise<R[]>;
    }
  | {
      dialect: 'sqlite';
      /** A batch's lookups (see SQLITE_LOOKUPS), in one statement on a read-only connection. */
      lookUp(alerts: IncomingAlert[]): BatchFound;
      /** Inserts the rows in one write transaction; resolves once committed. */
      insert(rows: SignalRow[]): Promise<void>;
    }
);

/** The signals table's columns, in the order of the SQLite worker's INSERT. */
const SIGNAL_COLUMNS: readonly (keyof SignalRow)[] = [
  'id',
  'user_id',
  'ticker',
  'action',
  'price',
  'quantity',
  'position_size',
  'market_position',
  'stop_loss',
  'take_profit',
  'interval',
  'alert_time',
  'received_at',
  'strategy',
  'comment',
  'client_id',
  'body_hash',
  'status',
  'reason',
  'duplicate_of',
  'raw',
  'strategy_id',
  'stored_at',
  'prev_market_position',
  'prev_position_size',
];
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
/**
 * SQLite, a batch's one read (see openIngestDatabase): the owners of its tokens; the signals its alerts may repeat,
 * by alert id and by body within the window; and the highest id ever used (AUTOINCREMENT never reuses an id, even
 * one whose row was deleted). The alerts go in as one JSON parameter of [token hash, alert id, body hash], so the
 * statement is prepared once whatever the batch; each (strategy, value) pair is one probe of the (strategy_id,
 * column) index. The lists come back as JSON: one statement instead of four, each a turn through the driver.
 */
const SQLITE_LOOKUPS = `
  with alerts as (
    select value ->> 0 as token_hash, value ->> 1 as client_id, value ->> 2 as body_hash from json_each(:alerts)
  ),
  owners as (
    select id, user_id, token_hash, tradingview_only from strategies
    where token_hash in (select token_hash from alerts)
  ),
  pairs as (
    select distinct o.id as strategy_id, a.client_id, a.body_hash
    from alerts as a join owners as o on o.token_hash = a.token_hash
  )
  select
    (
      select json_group_array(json_object('id', id, 'user_id', user_id, 'token_hash', token_hash, 'tradingview_only', tradingview_only))
      from owners
    ) as owners,
    (
      select json_group_array(json_object('id', s.id, 'strategy_id', s.strategy_id, 'value', s.client_id, 'received_at', s.received_at))
      from (select distinct strategy_id, client_id from pairs where client_id is not null) as p
      join signals as s on s.strategy_id = p.strategy_id and s.client_id = p.client_id
      where s.status <> 'duplicate'
    ) as by_client_id,
    (
      select json_group_array(json_object('id', s.id, 'strategy_id', s.strategy_id, 'value', s.body_hash, 'received_at', s.received_at))
      from (select distinct strategy_id, body_hash from pairs) as p
      join signals as s on s.strategy_id = p.strategy_id and s.body_hash = p.body_hash
      where s.status <> 'duplicate' and s.received_at >= :since
    ) as by_body,
    max(
      coalesce((select seq from sqlite_sequence where name = 'signals'), 0),
      coalesce((select max(id) from signals), 0)
    ) as last
`;

const SQLITE_INSERT = `insert into signals (${SIGNAL_COLUMNS.join(', ')}) values (${SIGNAL_COLUMNS.map(() => '?').join(', ')})`;

/**
 * PostgreSQL: two statements on the app's pool, no transaction around them (see #postgresBatch). SQLite: the
 * lookups are one statement on a read-only connection of its own (so that the app's transactions, the paper
 * executor's above all, never hold them up), prepared once and run straight on the driver, and the rows go to a
 * connection of its own on a worker thread (see db/sqlite-writer.ts), inserted between one BEGIN IMMEDIATE and
 * COMMIT once the process's write gate is free (see db/write-gate.ts). The read is as good as a transaction's: one
 * process owns the data directory (data-dir lock), only ingest writes signals, and its batches run one after
 * another, so they see every signal committed before; the unique index on alert ids backs this up (a violation
 * retries the batch).
 */
function openIngestDatabase(database: DatabaseHandle, dataDir: string): IngestDatabase {
  if (database.dialect === 'postgres') {
    const run = database.executePrepared;
    if (!run) throw new Error('A PostgreSQL handle runs prepared statements.');
    return {
      compiler: database.db,
      dialect: 'postgres',
      insert: (query) => run('ingest_insert', query),
      close: async () => {},
    };
  }
  const worker = new SqliteWriter(dataDir);
  const gate = database.writeGate ?? new WriteGate();
  const reader = openSqliteReadConnection(dataDir);
  const lookups = reader.prepare<{ alerts: string; since: number }, SqliteLookups>(SQLITE_LOOKUPS);
  const open = () => {
    if (database.isClosed?.() || !reader.open) throw new DatabaseUnavailableError('The database is closed.');
  };
  return {
    compiler: database.db,
    dialect: 'sqlite',
    lookUp: (alerts) => {
      open();
      const found = lookups.get({
        alerts: JSON.stringify(alerts.map((alert) => [alert.tokenHash, alert.parsed.fields.clientId, alert.bodyHash])),
        since: windowStart(alerts),
      })!;
      const byId = (rows: Repeatable[]) => rows.sort((a, b) => a.id - b.id);
      return {
        owners: JSON.parse(found.owners) as Secret[],
        byClientId: JSON.parse(found.by_client_id) as Repeatable[],
        byBody: byId(JSON.parse(found.by_body) as Repeatable[]),
        ids: (count) => Array.from({ length: count }, (_, index) => found.last + index + 1),
      };
    },
    insert: async (rows) => {
      open();
      const runs = rows.map((row) => SIGNAL_COLUMNS.map((column) => row[column]));
      await gate.run(() => worker.writeTransaction(SQLITE_INSERT, runs), SQLITE_BUSY_TIMEOUT_MS);
    },
    close: async () => {
      await worker.close();
      reader.close();
    },
  };
}

const key = (strategyId: number, value: string) => `${strategyId}\n${value}`;
const distinct = <T>(values: T[]) => [...new Set(values)];

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
  readonly #committer: GroupCommitter<IncomingAlert, IngestOutcome>;
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

  submit(alert: IncomingAlert): Promise<IngestOutcome> {
    return this.#committer.submit(alert);
  }

  /** Stops taking alerts, waits for the ones already taken to be committed, and lets go of the database. */
  async close(): Promise<void> {
    await this.#committer.close();
    await this.#database.close();
  }

  async #commit(alerts: IncomingAlert[]): Promise<IngestOutcome[]> {
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
  async #commitOrSplit(alerts: IncomingAlert[]): Promise<IngestOutcome[]> {
    try {
      return await this.#transaction(alerts);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (alerts.length === 1) return [await this.#retryAlone(alerts[0]!, error)];
      this.#log.error({ err: error, size: alerts.length }, 'a batch of signals failed; committing it in parts');
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
   * order, which a second lookup sees (the alert is then recorded as its duplicate); anything else, or a second
   * refusal, is this alert's own failure.
   */
  async #retryAlone(alert: IncomingAlert, error: unknown): Promise<IngestOutcome> {
    if (isUniqueViolation(error)) {
      try {
        return (await this.#transaction([alert]))[0]!;
      } catch (retryError) {
        if (isDatabaseUnavailable(retryError)) throw retryError;
        error = retryError;
      }
    }
    return { kind: 'failed', error };
  }

  /**
   * SQLite: the batch's one read (the owners of its tokens, the signals its alerts may repeat by alert id and by
   * body within the window, the last id used), then one INSERT of the rows planned from it, ids following the last.
   */
  async #transaction(alerts: IncomingAlert[]): Promise<IngestOutcome[]> {
    const database = this.#database;
    if (database.dialect === 'postgres') return this.#postgresBatch(database, alerts);
    const found = database.lookUp(alerts);
    const owned = ownersOf(alerts, found.owners);
    const admitted = owned.filter((owner): owner is Owned => typeof owner !== 'string');
    if (admitted.length === 0) return owned.map((owner) => ({ kind: owner as 'unknown-token' | 'forbidden' }));
    const planned = planBatch(owned, {
      byClientId: found.byClientId,
      byBody: found.byBody,
      ids: found.ids(admitted.length),
      storedAt: this.#clock(),
    });
    await database.insert(planned.rows);
    return planned.outcomes;
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
    // Planned each time, not prepared: a plan made once, while the signals table is small (a new install), scans it
    // whole rather than probing its indexes, and goes on doing so as it grows (13 ms a batch at 25,000 signals,
    // against 0.6 ms planned and run).
    const [found] = (await database.compiler.executeQuery(this.#postgresLookups(alerts))).rows;
    const owned = ownersOf(alerts, found!.owners);
    const admitted = owned.filter((owner): owner is Owned => typeof owner !== 'string');
    if (admitted.length === 0) return owned.map((owner) => ({ kind: owner as 'unknown-token' | 'forbidden' }));

    const planned = planBatch(owned, {
      byClientId: found!.by_client_id,
      byBody: found!.by_body,
      ids: found!.ids,
      storedAt: this.#clock(),
    });
    const stored = await database.insert(this.#postgresInsert(planned.rows));
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
          from (select distinct strategy_id, body_hash from pairs) as p
          join signals as s on s.strategy_id = p.strategy_id and s.body_hash = p.body_hash
          where s.status <> 'duplicate' and s.received_at >= ${windowStart(alerts)}
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

interface Owned {
  userId: number;
  strategyId: number;
  alert: IncomingAlert;
}

/** Each alert's owner, or why it has none: its token is unknown, or its owner takes only TradingView's addresses. */
interface Secret {
  id: number;
  user_id: number;
  token_hash: string | null;
  tradingview_only: number;
}

function ownersOf(alerts: IncomingAlert[], secrets: Secret[]): (Owned | 'unknown-token' | 'forbidden')[] {
  const byHash = new Map(secrets.map((secret) => [secret.token_hash, secret]));
  return alerts.map((alert) => {
    const secret = byHash.get(alert.tokenHash);
    if (!secret?.token_hash || !sameTokenHash(secret.token_hash, alert.tokenHash)) return 'unknown-token';
    if (secret.tradingview_only === 1 && !isTradingViewAddress(alert.clientAddress)) return 'forbidden';
    return { userId: secret.user_id, strategyId: secret.id, alert };
  });
}

/** The earliest receipt an original of these alerts may have to be repeated by them. */
const windowStart = (alerts: IncomingAlert[]) =>
  Math.min(...alerts.map((alert) => alert.receivedAt)) - DUPLICATE_WINDOW_MS;

/** PostgreSQL: a batch's first statement's one row (JSON columns, read back as such by the driver). */
interface PostgresLookups {
  owners: Secret[];
  by_client_id: Repeatable[];
  /** Oldest first. */
  by_body: Repeatable[];
  /** One per alert of the batch, increasing. */
  ids: number[];
}

/** SQLite: the batch's read's one row (the lists as JSON text). */
interface SqliteLookups {
  owners: string;
  by_client_id: string;
  by_body: string;
  last: number;
}

/** SQLite: what a batch's read found, the lists parsed. */
interface BatchFound {
  owners: Secret[];
  byClientId: Repeatable[];
  /** Oldest first. */
  byBody: Repeatable[];
  /** Ids for `count` new rows, increasing. */
  ids(count: number): number[];
}

/** A signal an alert may repeat: `value` is its alert id or its body's hash. */
interface Repeatable {
  id: number;
  strategy_id: number;
  value: string;
  received_at: number;
}

interface BatchLookups {
  byClientId: Repeatable[];
  /** Oldest first. */
  byBody: Repeatable[];
  /** Increasing, one per owned alert. */
  ids: number[];
  /** When the batch's rows are written (in its transaction, just before the INSERT). */
  storedAt: number;
}

/**
 * Each alert's outcome and the rows to insert: an alert without an owner stores nothing; a repeat (same alert
 * id for that strategy, or an identical body within DUPLICATE_WINDOW_MS, earlier alerts of the same batch included)
 * is a 'duplicate' row pointing at what it repeats; anything else is a new signal.
 */
function planBatch(
  owned: (Owned | 'unknown-token' | 'forbidden')[],
  lookups: BatchLookups,
): { outcomes: IngestOutcome[]; rows: SignalRow[] } {
  // Keyed by strategy and value; oldest first, so the newest original of a body wins.
  const originals = (rows: Repeatable[]) =>
    new Map<string, Original>(
      rows.map((row) => [key(Number(row.strategy_id), row.value), { id: row.id, receivedAt: row.received_at }]),
    );
  const byClientId = originals(lookups.byClientId);
  const byBody = originals(lookups.byBody);

  const outcomes: IngestOutcome[] = [];
  const rows: SignalRow[] = [];
  for (const owner of owned) {
    if (typeof owner === 'string') {
      outcomes.push({ kind: owner });
      continue;
    }
    const { userId, strategyId, alert } = owner;
    const id = lookups.ids[rows.length]!;
    const { fields, status, reason } = alert.parsed;
    const clientKey = fields.clientId === null ? undefined : key(strategyId, fields.clientId);
    const bodyKey = key(strategyId, alert.bodyHash);

    let repeat: { original: Original; why: string } | undefined;
    const sameId = clientKey === undefined ? undefined : byClientId.get(clientKey);
    const sameBody = byBody.get(bodyKey);
    if (sameId) repeat = { original: sameId, why: `same alert id ${JSON.stringify(fields.clientId)}` };
    else if (sameBody && sameBody.receivedAt >= alert.receivedAt - DUPLICATE_WINDOW_MS) {
      repeat = { original: sameBody, why: SAME_BODY };
    } else {
      const original = { id, receivedAt: alert.receivedAt };
      if (clientKey !== undefined) byClientId.set(clientKey, original);
      byBody.set(bodyKey, original);
    }

    const row: SignalRow = {
      id,
      user_id: userId,
      ticker: fields.ticker,
      action: fields.action,
      price: fields.price,
      quantity: fields.quantity,
      position_size: fields.positionSize,
      market_position: fields.marketPosition,
      prev_market_position: fields.prevMarketPosition,
      prev_position_size: fields.prevPositionSize,
      stop_loss: fields.stopLoss,
      take_profit: fields.takeProfit,
      interval: fields.interval,
      alert_time: fields.alertTime,
      received_at: alert.receivedAt,
      strategy: fields.strategy,
      comment: fields.comment,
      client_id: fields.clientId,
      body_hash: alert.bodyHash,
      status: repeat ? 'duplicate' : status,
      reason: repeat ? repeatReason(repeat.original.id, repeat.why) : reason,
      duplicate_of: repeat ? repeat.original.id : null,
      raw: alert.raw,
      strategy_id: strategyId,
      stored_at: lookups.storedAt,
    };
    rows.push(row);
    outcomes.push({
      kind: 'stored',
      userId,
      signal: toSignalJson({ ...row, outcome: null, decided_at: null, repeats: 0 }),
    });
  }
  return { outcomes, rows };
}
