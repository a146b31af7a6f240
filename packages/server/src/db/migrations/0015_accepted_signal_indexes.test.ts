import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_LOOKUPS } from '../../modules/signals/ingest-plan';
import { listSignalsQuery } from '../../modules/signals/signal-queries';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '../connection';
import type { Database as Schema } from '../schema';
import { SqliteDatabase } from '../sqlite-driver';

const TRADERS = 40;
/** Trader 1's signals, half of all: the rest are spread over the other traders. */
const BUSY = 20_000;
const OTHERS = 20_000;
const NOW = Date.UTC(2026, 0, 5, 9, 0);

/**
 * Signals as a running install has them, then ANALYZE: nine in ten carry an alert id; of every 100, 93 are accepted,
 * 5 rejected and 2 duplicates, whoever the trader, one a second up to NOW.
 */
async function seed(handle: DatabaseHandle) {
  const db = handle.db as Kysely<Schema>;
  for (let user = 1; user <= TRADERS; user++) {
    await sql`insert into users (id, name, email, password_hash, created_at, updated_at)
      values (${user}, ${`Trader ${user}`}, ${`trader-${user}@example.com`}, 'x', 0, 0)`.execute(db);
    await sql`insert into strategies (id, user_id, name, settings, created_at, updated_at)
      values (${user}, ${user}, 'Default', '{}', 0, 0)`.execute(db);
  }
  const total = BUSY + OTHERS;
  const numbers =
    handle.dialect === 'postgres'
      ? `select i from generate_series(1, ${total}) as i`
      : `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${total}) select i from n`;
  const owner = `case when i <= ${BUSY} then 1 else 2 + i % ${TRADERS - 1} end`;
  await sql
    .raw(
      `insert into signals (user_id, strategy_id, ticker, action, received_at, client_id, body_hash, status, raw)
       select ${owner}, ${owner}, case i % 3 when 0 then 'BTCUSD' when 1 then 'ETHUSD' else 'SOLUSD' end, 'buy',
         ${NOW} - (${total} - i) * 1000, case when i % 10 = 3 then null else 'alert-' || i end, 'body-' || i,
         case when i % 100 < 93 then 'accepted' when i % 100 < 98 then 'rejected' else 'duplicate' end, '{}'
       from (${numbers}) as numbers`,
    )
    .execute(db);
  await sql`analyze`.execute(db);
}

/** The indexes a statement's plan reads, in the plan's order (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite). */
async function indexesRead(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  const explain = handle.dialect === 'postgres' ? 'explain' : 'explain query plan';
  const { rows } = await handle.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
  );
  const plan = rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n');
  return [...plan.matchAll(/(?:USING (?:COVERING )?INDEX|Index (?:Only )?Scan(?: Backward)? using) (\w+)/g)].map(
    (match) => match[1]!,
  );
}

describe.each(TEST_DIALECTS)('migration 0015 (fewer indexes for an accepted signal) on %s', (dialect) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(dialect);
    handle = await openDatabase(testDatabase.config);
    await seed(handle);
  });

  afterAll(async () => {
    await handle.close();
    await testDatabase.cleanup();
  });

  const page = (userId: number, status: 'rejected' | 'duplicate', beforeId?: number) =>
    indexesRead(handle, listSignalsQuery(handle.db, userId, { status, limit: 50, beforeId }).compile());

  it.each([
    ['the busy trader', 1],
    ['a trader with few signals', 7],
  ])(
    "should read %s's pages of rejected and duplicate signals without every trader's rejected signals by time",
    async (_, userId) => {
      for (const status of ['rejected', 'duplicate'] as const) {
        for (const beforeId of [undefined, BUSY / 2]) {
          const indexes = await page(userId, status, beforeId);
          // Not every trader's rejected signals by time, kept for the notification planner.
          expect(indexes, `${status} before ${beforeId}`).not.toContain('signals_rejected_received_at');
        }
      }
    },
  );

  it("should read the notification planner's recent rejected signals from the index of rejected signals by time", async () => {
    const query = (handle.db as Kysely<Schema>)
      .selectFrom('signals')
      .select(['id', 'user_id', 'received_at'])
      .where('received_at', '>=', NOW - 60_000)
      .where('status', '=', 'rejected')
      .orderBy('received_at')
      .orderBy('id')
      .limit(5_000)
      .compile();
    expect(await indexesRead(handle, query)).toEqual(['signals_rejected_received_at']);
  });

  it.runIf(dialect === 'sqlite')(
    "should look an ingest batch's repeats up by alert id and, for alerts without one, by body, each from its index",
    async () => {
      const file = new SqliteDatabase(path.join(testDatabase.config.dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        const plan = file.prepare(`explain query plan ${SQLITE_LOOKUPS}`).all({ alerts: '[]', since: 0 }) as {
          detail: string;
        }[];
        const details = plan.map((row) => row.detail);
        expect(details).toContain('SEARCH s USING INDEX signals_strategy_id_client_id (strategy_id=? AND client_id=?)');
        expect(details).toContain(
          'SEARCH s USING INDEX signals_strategy_id_body_hash (strategy_id=? AND body_hash=? AND received_at>?)',
        );
      } finally {
        file.close();
      }
    },
  );
});
