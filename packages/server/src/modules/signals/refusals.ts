import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';

/** The answers that turn a webhook post away before anything is stored: rate limit, sender, size, content type. */
export const REFUSED_STATUSES: ReadonlySet<number> = new Set([403, 413, 415, 429]);

/** Counts are written this often at most, so that a flood of refused posts costs no write per post. */
const FLUSH_EVERY_MS = 2_000;
/** Token hashes looked up per query when the counts are written. */
export const LOOKUP_BATCH = 500;
/** Distinct (token, status) pairs held before a write is started without waiting for the timer. */
const FLUSH_AT_PENDING = 5_000;

export interface Refusals {
  count: number;
  /** When the latest one was refused, ms since 1970; null when none was. */
  lastAt: number | null;
  /** Per HTTP status, e.g. `{"429": 3}`. */
  byStatus: Record<string, number>;
}

const shared = new WeakMap<Kysely<Database>, RefusalCounter>();

/**
 * The app's one counter for `db` (the signals module records and closes it; the paper module reads it per
 * strategy), so a read anywhere includes what this instance has counted but not yet written.
 */
export function sharedRefusalCounter(
  db: Kysely<Database>,
  clock: Clock,
  onError: (error: unknown) => void,
): RefusalCounter {
  let counter = shared.get(db);
  if (!counter) {
    counter = new RefusalCounter(db, clock, onError);
    shared.set(db, counter);
  }
  return counter;
}

const summary = (rows: { status: number; count: number | string; last_at: number | string }[]): Refusals => ({
  count: rows.reduce((sum, row) => sum + Number(row.count), 0),
  lastAt: rows.length === 0 ? null : Math.max(...rows.map((row) => Number(row.last_at))),
  byStatus: Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)])),
});

/**
 * Counts webhook posts that were refused, per webhook owner and status, and per strategy (URL) and status. Posts are counted in memory by token
 * hash and written every couple of seconds (and before a read, and at close) as one upsert per owner and
 * status and one per strategy and status, adding to what every instance wrote; a token that belongs to nobody
 * counts for nobody.
 */
export class RefusalCounter {
  #pending = new Map<string, { tokenHash: string; status: number; count: number; lastAt: number }>();
  #flushing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(tokenHash: string, status: number): void {
    const key = `${tokenHash}|${status}`;
    const now = this.clock();
    const entry = this.#pending.get(key);
    if (entry) {
      entry.count += 1;
      entry.lastAt = Math.max(entry.lastAt, now);
    } else {
      this.#pending.set(key, { tokenHash, status, count: 1, lastAt: now });
      // A flood of made-up tokens is written (and forgotten) early rather than held until the timer.
      if (this.#pending.size >= FLUSH_AT_PENDING) this.flush().catch(this.onError);
    }
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.flush().catch(this.onError);
    }, FLUSH_EVERY_MS).unref();
  }

  /** Writes what was counted since the last write; resolves once written. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(
      () => this.#write(),
      () => this.#write(),
    );
    return this.#flushing;
  }

  async read(userId: number): Promise<Refusals> {
    await this.flush();
    const rows = await this.db
      .selectFrom('webhook_refusals')
      .select(['status', 'count', 'last_at'])
      .where('user_id', '=', userId)
      .orderBy('status')
      .execute();
    return summary(rows);
  }

  /** Per strategy of the user (by id), what its URL refused; a strategy with none is left out. */
  async readStrategies(userId: number): Promise<Map<number, Refusals>> {
    await this.flush();
    const rows = await this.db
      .selectFrom('strategy_refusals as r')
      .innerJoin('strategies as s', 's.id', 'r.strategy_id')
      .select(['r.strategy_id', 'r.status', 'r.count', 'r.last_at'])
      .where('s.user_id', '=', userId)
      .orderBy('r.strategy_id')
      .orderBy('r.status')
      .execute();
    const byStrategy = new Map<number, typeof rows>();
    for (const row of rows) {
      const id = Number(row.strategy_id);
      byStrategy.set(id, [...(byStrategy.get(id) ?? []), row]);
    }
    return new Map([...byStrategy].map(([id, strategyRows]) => [id, summary(strategyRows)]));
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const pending = [...this.#pending.values()];
    this.#pending = new Map();
    // Random tokens are free to send: their hashes are looked up a bounded number at a time, never one query
    // with as many parameters as a flood brought (SQLite and PostgreSQL both cap a statement's parameters).
    const hashes = [...new Set(pending.map((entry) => entry.tokenHash))];
    const ownerOf = new Map<string, { id: number; user_id: number }>();
    for (let start = 0; start < hashes.length; start += LOOKUP_BATCH) {
      const owners = await this.db
        .selectFrom('strategies')
        .select(['id', 'user_id', 'token_hash'])
        .where('token_hash', 'in', hashes.slice(start, start + LOOKUP_BATCH))
        .execute();
      for (const owner of owners) if (owner.token_hash !== null) ownerOf.set(owner.token_hash, owner);
    }
    for (const { tokenHash, status, count, lastAt } of pending) {
      const owner = ownerOf.get(tokenHash);
      if (owner === undefined) continue;
      const userId = owner.user_id;
      await this.db
        .insertInto('strategy_refusals')
        .values({ strategy_id: owner.id, status, count, last_at: lastAt })
        .onConflict((conflict) =>
          conflict.columns(['strategy_id', 'status']).doUpdateSet((update) => ({
            count: update('strategy_refusals.count', '+', update.ref('excluded.count')),
            last_at: sql<number>`case when excluded.last_at > strategy_refusals.last_at then excluded.last_at else strategy_refusals.last_at end`,
          })),
        )
        .execute();
      await this.db
        .insertInto('webhook_refusals')
        .values({ user_id: userId, status, count, last_at: lastAt })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'status']).doUpdateSet((update) => ({
            count: update('webhook_refusals.count', '+', update.ref('excluded.count')),
            // greatest() on PostgreSQL is max() on SQLite: a CASE reads the same on both.
            last_at: sql<number>`case when excluded.last_at > webhook_refusals.last_at then excluded.last_at else webhook_refusals.last_at end`,
          })),
        )
        .execute();
    }
  }
}
