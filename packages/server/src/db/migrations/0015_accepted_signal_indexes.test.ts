import path from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_LOOKUPS } from '../../modules/signals/ingest-plan';
import { listSignalsQuery } from '../../modules/signals/signal-queries';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from '../connection';
import type { Database as Schema } from '../schema';

/** The indexes a statement's plan names (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite). */
async function indexesRead(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  const db = handle.db as Kysely<Schema>;
  const plan =
    handle.dialect === 'postgres'
      ? // Empty tables cost nothing to scan: without sequential scans, the plan shows what the index serves.
        await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
          );
          return rows.map((row) => row['QUERY PLAN']);
        })
      : (
          await db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
          )
        ).rows.map((row) => row.detail);
  return [
    ...plan.join('\n').matchAll(/(?:INDEX|Index Scan(?: Backward)? using|Index Only Scan(?: Backward)? using) (\w+)/g),
  ].map((match) => match[1]!);
}

describe.each(TEST_DIALECTS)('migration 0015 (fewer indexes for an accepted signal) on %s', (dialect) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;

  afterEach(async () => {
    await handle.close();
    await testDatabase.cleanup();
  });

  it('should read a page of rejected or duplicate signals from their own index, and accepted ones by user and id', async () => {
    testDatabase = await createTestDatabase(dialect);
    handle = await openDatabase(testDatabase.config);
    const db = handle.db;
    const page = (status: 'accepted' | 'rejected' | 'duplicate') =>
      indexesRead(handle, listSignalsQuery(db, 1, { status, limit: 50, beforeId: 1_000 }).compile());

    expect(await page('rejected')).toContain('signals_user_id_status_id');
    expect(await page('duplicate')).toContain('signals_user_id_status_id');
    expect(await page('accepted')).not.toContain('signals_user_id_status_id');
  });

  it("should read the notification planner's recent rejected signals from the index of rejected signals by time", async () => {
    testDatabase = await createTestDatabase(dialect);
    handle = await openDatabase(testDatabase.config);
    const query = (handle.db as Kysely<Schema>)
      .selectFrom('signals')
      .select(['id', 'received_at'])
      .where('received_at', '>=', 1_000)
      .where('status', '=', 'rejected')
      .orderBy('received_at')
      .compile();
    expect(await indexesRead(handle, query)).toContain('signals_rejected_received_at');
  });

  it.runIf(dialect === 'sqlite')(
    "should look an ingest batch's repeats up by alert id and, for alerts without one, by body, each from its index",
    async () => {
      testDatabase = await createTestDatabase(dialect);
      handle = await openDatabase(testDatabase.config);
      const file = new Database(path.join(testDatabase.config.dataDir, SQLITE_FILE_NAME), { readonly: true });
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
