import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { WebhookSecrets } from '../../modules/signals/webhook-secrets';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { openDatabase } from '../connection';
import { migrations } from '.';

/** The migration opens every account when it runs: before is a minute ago, after is the real clock. */
const NOW = Date.now() - 60_000;
const clock = Date.now;

/** Every migration before 0005: the schema a server of the previous version left. */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0005'));

describe.each(TEST_DIALECTS)('migration 0005 (paper trading) on %s', (dialect) => {
  let testDatabase: TestDatabase;

  afterEach(() => testDatabase.cleanup());

  it("should move each user's webhook to a Default strategy that keeps its URL, and give the signals to it", async () => {
    testDatabase = await createTestDatabase(dialect);
    const old = await openDatabase(testDatabase.config, { migrations: before });
    // The previous version's tables, as it wrote them (the current schema type no longer has webhook_secrets).
    const db = old.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const user = async (email: string) =>
      Number(
        (
          await db
            .insertInto('users')
            .values({ name: email, email, password_hash: 'x', created_at: NOW - 10, updated_at: NOW - 10 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const withWebhook = await user('ada@example.com');
    const withoutWebhook = await user('grace@example.com');
    const { token, ...columns } = await new WebhookSecrets(old.db, clock).newToken(withWebhook);
    await db
      .insertInto('webhook_secrets')
      .values({ user_id: withWebhook, ...columns, tradingview_only: 1, created_at: NOW - 5, rotated_at: null })
      .execute();
    const signal = (received_at: number) => ({
      user_id: withWebhook,
      ticker: 'BTC',
      action: 'buy',
      received_at,
      body_hash: `h${received_at}`,
      status: 'accepted',
      raw: '{}',
    });
    await db
      .insertInto('signals')
      .values([signal(NOW - 3), signal(NOW - 2)])
      .execute();
    await old.close();

    const database = await openDatabase(testDatabase.config);
    try {
      const strategies = await database.db.selectFrom('strategies').selectAll().orderBy('user_id').execute();
      expect(strategies).toEqual([
        expect.objectContaining({
          user_id: withWebhook,
          name: 'Default',
          token_hash: columns.token_hash,
          token_ciphertext: columns.token_ciphertext,
          tradingview_only: 1,
        }),
        expect.objectContaining({ user_id: withoutWebhook, name: 'Default', token_hash: null }),
      ]);
      expect(JSON.parse(strategies[0]!.settings)).toMatchObject({ feeBps: 10, startingBalance: 10_000 });
      const signals = await database.db.selectFrom('signals').select('strategy_id').execute();
      expect(signals.map((row) => row.strategy_id)).toEqual([strategies[0]!.id, strategies[0]!.id]);

      // The URL the trader had still names them, and still takes alerts (the sender restriction kept).
      const secrets = new WebhookSecrets(database.db, clock);
      expect((await secrets.get(withWebhook)).token).toBe(token);
      const app = await buildApp({ config: testDatabase.config, database, logger: false, clock });
      try {
        const posted = await app.inject({
          method: 'POST',
          url: `/api/webhooks/${token}`,
          payload: '{"ticker": "BTCUSD", "action": "sell"}',
          remoteAddress: '52.89.214.238',
        });
        expect(posted.statusCode).toBe(202);
        await app.paper.run();
        const outcomes = await database.db
          .selectFrom('signal_outcomes')
          .select(['signal_id', 'strategy_id', 'status', 'reason'])
          .orderBy('signal_id')
          .execute();
        // The signals stored before the migration are not traded: the account opened with it. The new one is
        // accepted on the Default and waits for BTC's market data, of which none is stored here.
        expect(outcomes.map((row) => [row.strategy_id, row.status, row.reason])).toEqual([
          [strategies[0]!.id, 'ignored', 'received before this paper account was opened (created or reset)'],
          [strategies[0]!.id, 'ignored', 'received before this paper account was opened (created or reset)'],
        ]);
        const accepted = await database.db
          .selectFrom('signals')
          .select(['id', 'strategy_id', 'status'])
          .where('id', '=', Number(posted.json<{ id: string }>().id))
          .execute();
        expect(accepted).toEqual([expect.objectContaining({ strategy_id: strategies[0]!.id, status: 'accepted' })]);
      } finally {
        await app.close();
      }
      // A user who never asked for a URL gets one on first use, on their Default.
      const graceUrl = await secrets.get(withoutWebhook);
      expect(graceUrl.token).not.toBe(token);
    } finally {
      await database.close();
    }
  });
});
