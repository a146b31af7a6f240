import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { USER_TABLES } from '../modules/account/service';
import { upsertCandles } from '../modules/market/store';
import { flatCandle } from '../modules/paper/test-helpers';
import type { Dialect } from '../db/connection';
import { createTestApp, manualClock, type TestApp } from '../test/app';
import { TEST_DIALECTS } from '../test/database';
import { signUpTrader, TRADER_PASSWORD, type SignedInTrader } from '../test/traders';
import { countRows } from './support/inject';

/*
 * Deleting an account removes every row of that trader and nothing of anyone else's. Two traders fill every table a
 * trader owns through the product's own paths (alerts accepted and rejected, fills, a closed and an open trade, a
 * position closed by hand, refused posts, a second strategy); one deletes their account. Then each of those tables
 * holds 0 rows of theirs, the other trader's rows are exactly as they were, and the shared market data stays.
 * Every table of the schema is either listed as a trader's (and so deleted) or as shared: a new table must say which.
 */

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 9, 0);
const SHARED_TABLES = [
  'users',
  'candles_1m',
  'candles_1h',
  'webhook_encryption_keys',
  'notification_planner',
  'kysely_migration',
];
const BY_USER = USER_TABLES.byUser;
const BY_STRATEGY = USER_TABLES.byStrategy;

describe.each(TEST_DIALECTS)('deleting an account on %s', (dialect: Dialect) => {
  let testApp: TestApp;
  const clock = manualClock(START);
  let ada: SignedInTrader;
  let grace: SignedInTrader;

  const call = (trader: SignedInTrader, method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: trader.headers, ...(payload && { payload }) });

  const alert = async (trader: SignedInTrader, path: string, at: number, body: string, status = 202) => {
    clock.advance(at - clock());
    const response = await testApp.app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode, response.body).toBe(status);
    await testApp.app.paper.run();
  };

  /** Rows of `userId` in every table a trader owns. */
  async function rowsOf(userId: number, strategyIds: number[]): Promise<Record<string, number>> {
    const count = async (table: string, where: RawBuilder<unknown>) => {
      const { rows } = await sql<{
        rows: number | string;
      }>`select count(*) as rows from ${sql.table(table)} where ${where}`.execute(testApp.database.db);
      return Number(rows[0]!.rows);
    };
    const counts: Record<string, number> = {};
    for (const table of BY_USER) counts[table] = await count(table, sql`user_id = ${userId}`);
    for (const table of BY_STRATEGY) {
      counts[table] = await count(table, sql`strategy_id in (${sql.join(strategyIds)})`);
    }
    counts.users = await count('users', sql`id = ${userId}`);
    return counts;
  }

  /** Fills every table a trader owns for `trader`, through the API and the executor. */
  async function trade(trader: SignedInTrader, offset: number) {
    const second = await call(trader, 'POST', '/api/strategies', { name: 'Breakout' });
    expect(second.statusCode, second.body).toBe(201);
    const channel = await call(trader, 'POST', '/api/notifications/channels', {
      name: 'Desk',
      kind: 'webhook',
      events: ['signal_rejected', 'trade_opened', 'trade_closed'],
      url: 'http://127.0.0.1:9/hooks/desk',
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const preferences = await testApp.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: trader.headers,
      payload: { timeZone: 'Europe/Paris', dailySummaryHour: 7 },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    const at = (minutes: number) => START + minutes * MINUTE + 1000 + offset;
    await alert(trader, trader.webhookPath, at(1), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"a1"}');
    await alert(trader, trader.webhookPath, at(2), '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"id":"a2"}');
    await alert(trader, trader.webhookPath, at(2), 'not an alert', 202);
    await alert(trader, trader.webhookPath, at(2), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"a3"}');
    const positions = (await call(trader, 'GET', '/api/positions')).json<{ data: { id: string }[] }>().data;
    expect(positions.length).toBeGreaterThan(0);
    expect((await call(trader, 'POST', `/api/positions/${positions[0]!.id}/close`)).statusCode).toBe(200);
    await alert(trader, trader.webhookPath, at(2), '{"ticker":"ETHUSD","action":"buy","quantity":1,"id":"a4"}');
    // A body over the limit is refused (413) and counted against the URL; reading the webhook settings writes the count.
    const refused = await testApp.app.inject({
      method: 'POST',
      url: trader.webhookPath,
      payload: 'x'.repeat(200 * 1024),
      headers: { 'content-type': 'text/plain' },
    });
    expect(refused.statusCode).toBe(413);
    expect((await call(trader, 'GET', '/api/webhook')).statusCode).toBe(200);
    // The notifications of what happened: in-app items and outbox rows.
    await testApp.app.notifications.planner.run();
  }

  const strategiesOf = async (userId: number) =>
    (await testApp.database.db.selectFrom('strategies').select('id').where('user_id', '=', userId).execute()).map(
      (row) => Number(row.id),
    );

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      { RATE_LIMIT_REGISTER_PER_MINUTE: '100', NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1' },
      { clock },
    );
    // The notification planner's origin: what follows is notified.
    await testApp.app.notifications.planner.run();
    await upsertCandles(
      testApp.database.db,
      'BTC',
      [0, 1, 2, 3].map((minute) => flatCandle(START + minute * MINUTE, 50_000 + minute * 100)),
    );
    await upsertCandles(
      testApp.database.db,
      'ETH',
      [0, 1, 2, 3].map((minute) => flatCandle(START + minute * MINUTE, 3_000)),
    );
    ada = await signUpTrader(testApp.app, 'Ada');
    grace = await signUpTrader(testApp.app, 'Grace');
    await trade(ada, 0);
    await trade(grace, 10);
  });

  afterAll(async () => {
    await testApp?.cleanup();
  });

  it("should know every table of the schema as a trader's or as shared", async () => {
    // The catalog of this schema alone: Kysely's introspection reads every schema's tables and looks them up by
    // name, so it fails when another test file drops its schema at that moment.
    const { rows } = await (
      dialect === 'postgres'
        ? sql<{ name: string }>`select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p')`
        : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
    ).execute(testApp.database.db);
    const tables = rows.map((row) => row.name);
    expect(tables).toContain('signals');
    const known = [...SHARED_TABLES, ...BY_USER, ...BY_STRATEGY];
    expect(tables.filter((table) => !known.includes(table))).toEqual([]);
  });

  it("should leave 0 rows of the deleted trader in every table they owned, and the other trader's rows as they were", async () => {
    const adaStrategies = await strategiesOf(ada.id);
    const graceStrategies = await strategiesOf(grace.id);
    const adaBefore = await rowsOf(ada.id, adaStrategies);
    const graceBefore = await rowsOf(grace.id, graceStrategies);
    // Each trader has rows in every table, so the counts after mean something (body claims are PostgreSQL
    // ingest's alone: SQLite's batches run one at a time and need none).
    const filled = (table: string) => dialect === 'postgres' || table !== 'signal_body_claims';
    for (const [table, rows] of Object.entries(adaBefore)) {
      if (filled(table)) expect(rows, `ada's ${table}`).toBeGreaterThan(0);
    }
    for (const [table, rows] of Object.entries(graceBefore)) {
      if (filled(table)) expect(rows, `grace's ${table}`).toBeGreaterThan(0);
    }
    const candles = await countRows(testApp.database.db, 'candles_1m');

    const deleted = await call(ada, 'POST', '/api/account/delete', {
      email: ada.email,
      current_password: TRADER_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const adaAfter = await rowsOf(ada.id, adaStrategies);
    expect(adaAfter).toEqual(Object.fromEntries(Object.keys(adaBefore).map((table) => [table, 0])));
    expect(await rowsOf(grace.id, graceStrategies)).toEqual(graceBefore);
    expect(await countRows(testApp.database.db, 'candles_1m')).toBe(candles);

    // Grace still works as before: her data is whole and her URL still takes alerts.
    expect((await call(grace, 'GET', '/api/signals')).json<{ data: unknown[] }>().data.length).toBe(
      graceBefore.signals,
    );
    await alert(grace, grace.webhookPath, START + 3 * MINUTE + 5000, '{"ticker":"BTCUSD","action":"buy","id":"g9"}');
  });
});
