import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../../test/database';

const NOW = Date.UTC(2026, 0, 5, 9, 0);

describe.each(TEST_DIALECTS)('migration 0006 (paper account events) on %s', (dialect) => {
  let opened: OpenTestDatabase;

  beforeEach(async () => {
    opened = await openTestDatabase(dialect);
  });

  afterEach(() => opened.cleanup());

  /** A user with one strategy; its id. */
  const strategy = async () => {
    const { db } = opened.database;
    const user = await db
      .insertInto('users')
      .values({ name: 'Ada', email: 'ada@example.com', password_hash: 'x', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await db
      .insertInto('strategies')
      .values({
        user_id: user.id,
        name: 'Default',
        settings: '{}',
        token_hash: null,
        token_ciphertext: null,
        tradingview_only: 0,
        created_at: NOW,
        updated_at: NOW,
        rotated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(created.id);
  };

  it("should keep a strategy's manual closes, and delete them with the strategy", async () => {
    const { db } = opened.database;
    const id = await strategy();
    const close = { strategy_id: id, symbol: 'BTC', time: NOW + 90_000, after_time: NOW + 60_000, price: 51_000.5 };
    await db
      .insertInto('paper_account_events')
      .values({ ...close, type: 'manual_close' })
      .execute();
    expect(await db.selectFrom('paper_account_events').selectAll().execute()).toEqual([
      { id: expect.anything(), type: 'manual_close', ...close },
    ]);

    await db.deleteFrom('strategies').where('id', '=', id).execute();
    expect(await db.selectFrom('paper_account_events').selectAll().execute()).toEqual([]);
  });

  it('should refuse an event of a kind it does not know', async () => {
    const id = await strategy();
    await expect(
      opened.database.db
        .insertInto('paper_account_events')
        .values({
          strategy_id: id,
          type: 'deposit' as 'manual_close',
          symbol: 'BTC',
          time: NOW,
          after_time: NOW,
          price: 1,
        })
        .execute(),
    ).rejects.toThrow(/constraint/i);
  });
});
