import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { strategyNameKey } from '../../modules/paper/service';
import { MAX_STRATEGY_NAME_LENGTH } from '../../modules/paper/schemas';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { openDatabase } from '../connection';
import { migrations } from '.';

const NOW = Date.UTC(2026, 0, 5, 9, 0);

/** Every migration before 0014: the schema a server of the previous version left. */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0014'));

/** 64 characters whose 60th and 61st are one emoji: cut at 60 code units, it would be half a character. */
const LONG = `${'a'.repeat(59)}😀bbb`;

describe.each(TEST_DIALECTS)('migration 0014 (distinct strategy names) on %s', (dialect) => {
  let testDatabase: TestDatabase;

  afterEach(() => testDatabase.cleanup());

  it("should number each trader's repeated strategy names after the oldest, and leave every other name", async () => {
    testDatabase = await createTestDatabase(dialect);
    const old = await openDatabase(testDatabase.config, { migrations: before });
    // The previous version's tables, as it wrote them: the same name given twice was taken.
    const db = old.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const user = async (name: string) =>
      Number(
        (
          await db
            .insertInto('users')
            .values({ name, email: `${name}@example.com`, password_hash: 'x', created_at: NOW, updated_at: NOW })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const strategy = async (userId: number, name: string) =>
      Number(
        (
          await db
            .insertInto('strategies')
            .values({
              user_id: userId,
              name,
              settings: '{}',
              token_hash: null,
              token_ciphertext: null,
              tradingview_only: 0,
              created_at: NOW,
              updated_at: NOW,
              rotated_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const ada = await user('ada');
    const grace = await user('grace');
    const expected: [number, string][] = [];
    const add = async (userId: number, name: string, after = name) =>
      expected.push([await strategy(userId, name), after]);
    await add(ada, 'Default');
    await add(ada, 'Scalper 5m');
    await add(grace, 'Default');
    await add(grace, 'Scalper 5m');
    await add(ada, 'SCALPER 5M', 'SCALPER 5M (3)');
    await add(ada, 'Scalper 5m (2)');
    await add(ada, 'Scalper 5m', 'Scalper 5m (4)');
    await add(ada, 'default', 'default (2)');
    await add(ada, LONG);
    await add(ada, LONG, `${'a'.repeat(59)} (2)`);
    await add(ada, 'Swing');
    await add(grace, 'scalper 5m', 'scalper 5m (2)');
    await old.close();

    const database = await openDatabase(testDatabase.config);
    try {
      const rows = await database.db.selectFrom('strategies').select(['id', 'user_id', 'name']).orderBy('id').execute();
      expect(rows.map((row) => [Number(row.id), row.name])).toEqual(expected);
      // Each trader's names are now distinct, and none is longer than a name may be.
      for (const userId of [ada, grace]) {
        const keys = rows.filter((row) => Number(row.user_id) === userId).map((row) => strategyNameKey(row.name));
        expect(new Set(keys).size).toBe(keys.length);
      }
      for (const row of rows) expect(row.name.length).toBeLessThanOrEqual(MAX_STRATEGY_NAME_LENGTH);
    } finally {
      await database.close();
    }
  });

  it('should run on a database without strategies', async () => {
    testDatabase = await createTestDatabase(dialect);
    const database = await openDatabase(testDatabase.config);
    try {
      expect(await database.db.selectFrom('strategies').select('id').execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
