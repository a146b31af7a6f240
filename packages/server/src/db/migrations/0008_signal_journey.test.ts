import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookHealth } from '../../modules/signals/health';
import { RefusalCounter } from '../../modules/signals/refusals';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { openDatabase } from '../connection';
import { migrations } from '.';
import { DEFAULT_SILENT_AFTER_MINUTES } from './0008_signal_journey';

const NOW = Date.UTC(2026, 0, 5, 9, 0);
const MINUTE = 60_000;

/** Every migration before 0008: the schema a server of the previous version left. */
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0008'));

describe.each(TEST_DIALECTS)('migration 0008 (signal journey, webhook health) on %s', (dialect) => {
  let testDatabase: TestDatabase;

  afterEach(() => testDatabase.cleanup());

  it("should keep a 0007 database's strategies, signals and outcomes, with a day's silent threshold and no journey times", async () => {
    testDatabase = await createTestDatabase(dialect);
    const old = await openDatabase(testDatabase.config, { migrations: before });
    // The previous version's tables, as it wrote them.
    const db = old.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const userId = Number(
      (
        await db
          .insertInto('users')
          .values({ name: 'Ada', email: 'ada@example.com', password_hash: 'x', created_at: NOW, updated_at: NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const strategy = async (name: string) =>
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
    const defaultId = await strategy('Default');
    const swingId = await strategy('Swing');
    const signal = (received_at: number, status: string, extra: Record<string, unknown> = {}) => ({
      user_id: userId,
      strategy_id: defaultId,
      ticker: 'BTC',
      action: 'buy',
      received_at,
      alert_time: received_at - 1_500,
      body_hash: `h${received_at}`,
      status,
      raw: '{}',
      ...extra,
    });
    await db
      .insertInto('signals')
      .values([
        signal(NOW - 30 * MINUTE, 'accepted', { market_position: 'long' }),
        signal(NOW - 20 * MINUTE, 'rejected', { reason: 'Price must be a number' }),
        signal(NOW - 10 * MINUTE, 'accepted'),
      ])
      .execute();
    const ids = (await db.selectFrom('signals').select('id').orderBy('id').execute()).map((row) => Number(row.id));
    await db
      .insertInto('signals')
      .values(signal(NOW - 10 * MINUTE + 5_000, 'duplicate', { duplicate_of: ids[2], body_hash: 'repeat' }))
      .execute();
    await db
      .insertInto('signal_outcomes')
      .values({
        signal_id: ids[0],
        strategy_id: defaultId,
        status: 'executed',
        side: 'buy',
        quantity: 0.01,
        price: 50_000,
        fee: 0.5,
        slippage: 0,
        filled_at: NOW - 29 * MINUTE,
        latency_ms: 60_000,
        reason: null,
        decided_at: NOW - 29 * MINUTE,
      })
      .execute();
    await old.close();

    const database = await openDatabase(testDatabase.config);
    try {
      // Every strategy there was gets the default threshold, a day; one created later gets it too.
      const strategies = await database.db
        .selectFrom('strategies')
        .select(['id', 'name', 'silent_after_minutes'])
        .orderBy('id')
        .execute();
      expect(strategies.map((row) => [Number(row.id), row.name, Number(row.silent_after_minutes)])).toEqual([
        [defaultId, 'Default', DEFAULT_SILENT_AFTER_MINUTES],
        [swingId, 'Swing', DEFAULT_SILENT_AFTER_MINUTES],
      ]);
      expect(DEFAULT_SILENT_AFTER_MINUTES).toBe(1440);
      const later = await database.db
        .insertInto('strategies')
        .values({
          user_id: userId,
          name: 'Later',
          settings: '{}',
          token_hash: null,
          token_ciphertext: null,
          tradingview_only: 0,
          created_at: NOW,
          updated_at: NOW,
          rotated_at: null,
        })
        .returning('silent_after_minutes')
        .executeTakeFirstOrThrow();
      expect(Number(later.silent_after_minutes)).toBe(1440);

      // The signals keep what they had; what was not recorded then stays unknown (not made up).
      const signals = await database.db
        .selectFrom('signals')
        .select(['id', 'status', 'market_position', 'duplicate_of', 'stored_at', 'prev_market_position'])
        .select('prev_position_size')
        .orderBy('id')
        .execute();
      expect(
        signals.map((row) => ({
          ...row,
          id: Number(row.id),
          duplicate_of: row.duplicate_of && Number(row.duplicate_of),
        })),
      ).toEqual([
        { id: ids[0], status: 'accepted', market_position: 'long', duplicate_of: null, ...unknownJourney },
        { id: ids[1], status: 'rejected', market_position: null, duplicate_of: null, ...unknownJourney },
        { id: ids[2], status: 'accepted', market_position: null, duplicate_of: null, ...unknownJourney },
        { id: expect.any(Number), status: 'duplicate', market_position: null, duplicate_of: ids[2], ...unknownJourney },
      ]);
      const outcome = await database.db
        .selectFrom('signal_outcomes')
        .select(['status', 'out_of_sync'])
        .executeTakeFirstOrThrow();
      expect(outcome).toEqual({ status: 'executed', out_of_sync: null });

      // The health of the migrated strategy reads the old signals: 4 in the last day, silent for 10 minutes
      // (under the day's threshold), each alert's delay of 1.5 s in its bucket.
      const refusals = new RefusalCounter(
        database.db,
        () => NOW,
        (error) => {
          throw error;
        },
      );
      const health = await webhookHealth(database.db, userId, defaultId, NOW, (user) => refusals.read(user));
      expect(health).toMatchObject({
        lastReceivedAt: NOW - 10 * MINUTE + 5_000,
        last24h: { accepted: 2, rejected: 1, duplicate: 1, total: 4 },
        silence: { thresholdMinutes: 1440, usuallyReceives: true, silent: false, silentForMinutes: 9 },
      });
      expect(health!.latency.buckets.find((bucket) => bucket.label === '1–2 s')!.count).toBe(4);
      expect(await webhookHealth(database.db, userId + 1, defaultId, NOW, (user) => refusals.read(user))).toBe(
        undefined,
      );
    } finally {
      await database.close();
    }
  });
});

const unknownJourney = { stored_at: null, prev_market_position: null, prev_position_size: null };
