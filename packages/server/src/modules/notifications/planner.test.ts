import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candle } from '../market/markets';
import { upsertCandles } from '../market/store';
import { flatCandle } from '../paper/test-helpers';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { EventStreamClient } from '../../test/event-stream';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { NOTIFICATION_EVENTS } from './contract';
import { NotificationPlanner } from './planner';
import { WriteGate } from '../../db/write-gate';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 9, 0);
const at = (minutes: number, seconds = 0) => START + minutes * MINUTE + seconds * 1000;

/** Posts `body` to `trader`'s webhook URL at `time` (the clock moved there), then lets the paper executor decide it. */
async function postAlert(
  testApp: TestApp,
  clock: ReturnType<typeof manualClock>,
  trader: SignedInTrader,
  time: number,
  body: string,
) {
  clock.advance(time - clock());
  const response = await testApp.app.inject({
    method: 'POST',
    url: trader.webhookPath,
    payload: body,
    headers: { 'content-type': 'text/plain' },
  });
  expect(response.statusCode, response.body).toBe(202);
  await testApp.app.paper.run();
}

/*
 * The planner reads what the product stored (alerts, outcomes, trades, silences, the day) and records each event
 * once: one in-app item, and one outbox row per enabled channel that chose it. Events are produced through the
 * product's own paths: alerts posted to the webhook URL, the paper executor, candles that hit a stop.
 */
describe.each(TEST_DIALECTS)('the notification planner on %s', (dialect) => {
  let testApp: TestApp;
  const clock = manualClock(START);
  let ada: SignedInTrader;
  let grace: SignedInTrader;
  const channels: Record<string, number> = {};

  const alert = (trader: SignedInTrader, time: number, body: string) => postAlert(testApp, clock, trader, time, body);
  const plan = () => testApp.app.notifications.planner.run();
  const channel = async (trader: SignedInTrader, name: string, events: readonly string[]) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/channels',
      headers: trader.headers,
      payload: { name, kind: 'webhook', events, url: 'http://127.0.0.1:9/hooks/x' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ channel: { id: number } }>().channel.id;
  };
  /** An open BTC long of Grace's strategy, stored as the executor stores one (opened by signal `number`). */
  const newTrade = (strategyId: number, number: number, openedAt: number) => ({
    strategy_id: strategyId,
    user_id: grace.id,
    number,
    symbol: 'BTC',
    side: 'long' as const,
    status: 'open' as const,
    quantity: 0.01,
    entry_price: 50_000,
    exit_price: null,
    entry_fee: 0,
    exit_fee: null,
    gross_pnl: null,
    net_pnl: null,
    return_pct: null,
    stop_loss: null,
    take_profit: null,
    opened_at: openedAt,
    closed_at: null,
    entry_signal_ids: `[${number}]`,
    exit_signal_id: null,
    exit_reason: null,
  });
  /** The trade_opened key of such a trade: its strategy, pair, opening time and opening signal. */
  const openedKey = (strategyId: number, row: { number: number; opened_at: number }) =>
    `trade_opened:${strategyId}:BTC:${row.opened_at}:${row.number}`;
  /** The id of the trader's first strategy (their Default one). */
  const strategyOf = async (trader: SignedInTrader) =>
    Number(
      (await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: trader.headers })).json<{
        data: { id: string }[];
      }>().data[0]!.id,
    );
  /** A planner of the test's own on the app's database (the app's is never started here). */
  const ownPlanner = (options: Partial<ConstructorParameters<typeof NotificationPlanner>[0]> = {}) =>
    new NotificationPlanner({
      db: testApp.database.db,
      dialect,
      clock,
      log: testApp.app.log,
      onRecorded: () => {},
      ...options,
    });
  const feedOf = async (userId: number) =>
    testApp.database.db
      .selectFrom('notifications')
      .select(['event', 'title', 'link', 'event_key'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const outboxOf = async (channelId: number) =>
    (
      await testApp.database.db
        .selectFrom('notification_deliveries')
        .select(['event', 'event_key', 'state', 'message_id'])
        .where('channel_id', '=', channelId)
        .orderBy('id')
        .execute()
    ).map((row) => row.event);

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      { RATE_LIMIT_REGISTER_PER_MINUTE: '100', NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1' },
      { clock },
    );
    const prices: Candle[] = [0, 1, 2, 3, 4].map((minute) => flatCandle(at(minute), 50_000));
    // Minute 5 dips to 48,000: a stop at 49,000 is hit.
    prices.push({ time: at(5), open: 50_000, high: 50_000, low: 48_000, close: 48_500, volume: 1 });
    for (const minute of [6, 7, 8, 9, 10]) prices.push(flatCandle(at(minute), 48_500));
    await upsertCandles(testApp.database.db, 'BTC', prices);
    ada = await signUpTrader(testApp.app, 'Ada');
    grace = await signUpTrader(testApp.app, 'Grace');
    channels.all = await channel(ada, 'Everything', NOTIFICATION_EVENTS);
    channels.closes = await channel(ada, 'Closes', ['trade_closed']);
    channels.off = await channel(ada, 'Off', NOTIFICATION_EVENTS);
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/notifications/channels/${channels.off}`,
      headers: ada.headers,
      payload: { enabled: false },
    });
    channels.grace = await channel(grace, 'Grace', NOTIFICATION_EVENTS);
  });
  afterAll(async () => {
    await testApp?.cleanup();
  });

  it('should not notify what happened before its first run', async () => {
    await alert(ada, at(0, 10), 'not an alert at all');
    clock.advance(at(0, 20) - clock());
    await plan();
    expect(await feedOf(ada.id)).toEqual([]);
  });

  it('should record each event once in the feed and once per channel that chose it', async () => {
    await alert(ada, at(1, 1), 'still not an alert');
    await alert(ada, at(1, 2), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"a1"}');
    await alert(ada, at(2, 1), '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"id":"a2"}');
    await alert(ada, at(2, 2), '{"ticker":"ETHUSD","action":"buy","quantity":1,"id":"a3"}');
    await alert(
      ada,
      at(3, 1),
      '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"a4","prev_market_position":"long","prev_market_position_size":0.1,"stop_loss":49000}',
    );
    clock.advance(at(7, 10) - clock());
    await testApp.app.paper.run();
    await plan();

    const feed = await feedOf(ada.id);
    expect(feed.map((item) => item.event).sort()).toEqual(
      [
        'signal_rejected',
        'trade_opened', // a1 opens a long
        'trade_closed', // a2 closes it (and reverses: onOpposite is reverse)
        'trade_opened',
        'signal_ignored',
        'out_of_sync', // a4 says TradingView was long; the paper account was short
        'trade_closed', // a4 closes the short and opens a long with a stop
        'trade_opened',
        'exit_hit', // the stop at 49,000
      ].sort(),
    );
    // Recorded in the order things happened, a reversal's close before its new position: the bell (newest first)
    // lists the new position above the one it closed.
    const trades = feed.filter((item) => item.event.startsWith('trade_') || item.event === 'exit_hit');
    expect(trades.map((item) => item.event)).toEqual([
      'trade_opened', // a1
      'trade_closed', // a2's reversal: the long closed...
      'trade_opened', // ...then the short opened
      'trade_closed', // a4's reversal: the short closed...
      'trade_opened', // ...then the long opened
      'exit_hit', // its stop
    ]);
    const rejected = feed.find((item) => item.event === 'signal_rejected')!;
    expect(rejected.link).toMatch(/^\/signals\?selected=\d+$/);
    expect(feed.find((item) => item.event === 'signal_ignored')!.title).toBe('Signal ignored: no market data for ETH');
    expect(feed.find((item) => item.event === 'trade_closed')!.title).toMatch(
      /^Trade closed: BTC long, P&L [+\u2212]\$/,
    );
    expect(feed.find((item) => item.event === 'exit_hit')!.title).toMatch(
      /^Stop loss hit: BTC long closed, P&L \u2212\$/,
    );

    expect((await outboxOf(channels.all!)).sort()).toEqual(feed.map((item) => item.event).sort());
    // A channel that chose trade_closed only hears of the stop as a trade closed.
    expect(await outboxOf(channels.closes!)).toEqual(['trade_closed', 'trade_closed', 'trade_closed']);
    expect(await outboxOf(channels.off!)).toEqual([]);
    expect(await outboxOf(channels.grace!)).toEqual([]);
    expect(await feedOf(grace.id)).toEqual([]);
  });

  it('should record nothing twice: not on a second scan, nor from a second planner on the same database', async () => {
    const before = { feed: (await feedOf(ada.id)).length, all: (await outboxOf(channels.all!)).length };
    await plan();
    const other = ownPlanner();
    await Promise.all([other.run(), plan()]);
    clock.advance(MINUTE);
    await other.run();
    expect((await feedOf(ada.id)).length).toBe(before.feed);
    expect((await outboxOf(channels.all!)).length).toBe(before.all);
  });

  it('should tell of a strategy gone silent once per silence', async () => {
    const strategyId = await strategyOf(ada);
    const set = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/strategies/${strategyId}`,
      headers: ada.headers,
      payload: { silentAfterMinutes: 30 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const silences = async () => (await feedOf(ada.id)).filter((item) => item.event === 'webhook_silent');
    clock.advance(at(3, 1) + 29 * MINUTE - clock());
    await plan();
    expect(await silences()).toHaveLength(0);
    clock.advance(2 * MINUTE);
    await plan();
    clock.advance(5 * MINUTE);
    await plan();
    expect((await silences()).map((item) => item.title)).toEqual([
      'Webhook silent: Default has had no alert for 30 minutes',
    ]);
    // An alert ends the silence; the next one is told again.
    await alert(ada, clock() + 1000, '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"id":"a5"}');
    clock.advance(31 * MINUTE);
    await plan();
    expect(await silences()).toHaveLength(2);
    expect((await outboxOf(channels.all!)).filter((event) => event === 'webhook_silent')).toHaveLength(2);
    // A setting beyond the API's limit, written some other way, still leaves the scan working (on PostgreSQL its
    // milliseconds are beyond a 32-bit integer).
    await testApp.database.db
      .updateTable('strategies')
      .set({ silent_after_minutes: 40_000 })
      .where('id', '=', Number(strategyId))
      .execute();
    await expect(plan()).resolves.toBeUndefined();
    expect(await silences()).toHaveLength(2);
  });

  it("should send the daily summary at the trader's hour in their time zone, once a day", async () => {
    const set = await testApp.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: ada.headers,
      // 11:00 in Paris is 10:00 UTC in January.
      payload: { timeZone: 'Europe/Paris', dailySummaryHour: 11 },
    });
    expect(set.statusCode).toBe(200);
    const summaries = async () => (await feedOf(ada.id)).filter((item) => item.event === 'daily_summary');
    clock.advance(Date.UTC(2026, 0, 5, 9, 59) - clock());
    await plan();
    expect(await summaries()).toHaveLength(0);
    clock.advance(2 * MINUTE);
    await plan();
    clock.advance(30 * MINUTE);
    await plan();
    const [summary, ...more] = await summaries();
    expect(more).toEqual([]);
    expect(summary!.event_key).toBe('daily_summary:2026-01-05');
    // 7 alerts: 2 rejected, 5 accepted; 3 trades closed (two by signals, one by its stop).
    expect(summary!.title).toMatch(/^Daily summary: 7 signals, 3 trades closed, P&L [+\u2212]?\$[\d,.]+$/);
    expect((await outboxOf(channels.all!)).filter((event) => event === 'daily_summary')).toHaveLength(1);
    expect((await outboxOf(channels.closes!)).filter((event) => event === 'daily_summary')).toHaveLength(0);
    // Grace chose it too but keeps the default 08:00 UTC: nothing at 10:00 UTC.
    expect((await feedOf(grace.id)).filter((item) => item.event === 'daily_summary')).toEqual([]);
    clock.advance(Date.UTC(2026, 0, 6, 10, 5) - clock());
    await plan();
    expect(await summaries()).toHaveLength(2);
  });

  it("should push each new feed item to its owner's live stream with the unread count, and to no one else", async () => {
    const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const adaStream = await EventStreamClient.open(url, ada.authorization);
    const graceStream = await EventStreamClient.open(url, grace.authorization);
    try {
      await adaStream.opened();
      await graceStream.opened();
      const unread = (
        await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: ada.headers })
      ).json<{ unread: number }>().unread;
      await alert(ada, clock() + 1000, 'no alert here either');
      await plan();
      const event = await adaStream.waitFor(
        (received) =>
          received.event === 'notification' && (received.data as { event: string }).event === 'signal_rejected',
      );
      expect(event.data).toMatchObject({ link: expect.stringMatching(/^\/signals\?selected=\d+$/), readAt: null });
      const now = (await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: ada.headers })).json<{
        unread: number;
      }>().unread;
      expect((event.data as { unread: number }).unread).toBeGreaterThan(unread);
      expect((event.data as { unread: number }).unread).toBeLessThanOrEqual(now);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(graceStream.events.filter((received) => received.event === 'notification')).toEqual([]);
    } finally {
      adaStream.close();
      graceStream.close();
    }
  });

  it('should not notify again the outcomes a replay re-decides, however old', async () => {
    const strategyId = await strategyOf(ada);
    await plan();
    // As if the ignored and out-of-sync signals had come before the planner's origin: not in the feed.
    await testApp.database.db
      .deleteFrom('notifications')
      .where('user_id', '=', ada.id)
      .where('event', 'in', ['signal_ignored', 'out_of_sync'])
      .execute();
    const before = (await feedOf(ada.id)).length;
    const replay = await testApp.app.inject({
      method: 'POST',
      url: `/api/strategies/${strategyId}/replay`,
      headers: ada.headers,
      payload: {},
    });
    expect(replay.statusCode, replay.body).toBe(200);
    const decidedNow = await testApp.database.db
      .selectFrom('signal_outcomes')
      .select('signal_id')
      .where('decided_at', '=', clock())
      .execute();
    expect(decidedNow.length).toBeGreaterThan(0);
    await plan();
    expect((await feedOf(ada.id)).length).toBe(before);
  });

  it('should notify the trades of a strategy after it was reset', async () => {
    const strategyId = await strategyOf(ada);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: `/api/strategies/${strategyId}/reset`,
      headers: ada.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const minute = Math.floor(clock() / MINUTE) * MINUTE;
    await upsertCandles(
      testApp.database.db,
      'BTC',
      [0, 1, 2, 3].map((offset) => flatCandle(minute + offset * MINUTE, 51_000)),
    );
    const closes = async () =>
      (await feedOf(ada.id)).filter((item) => item.event === 'trade_closed' || item.event === 'exit_hit').length;
    const before = await closes();
    await alert(
      ada,
      minute + MINUTE + 1000,
      '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"market_position":"long"}',
    );
    await alert(
      ada,
      minute + 2 * MINUTE + 1000,
      '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"market_position":"flat"}',
    );
    await plan();
    expect(await closes()).toBe(before + 1);
  });

  it('should reach a new trade however many trades of its window were notified before it', async () => {
    const strategyId = await strategyOf(grace);
    const earliest = clock() - 20 * MINUTE;
    // More trades than one query of the planner reads, all in the feed already, all older than the new one.
    const notified = Array.from({ length: 5_000 }, (_, index) =>
      newTrade(strategyId, 100_000 + index, earliest + index),
    );
    for (let start = 0; start < notified.length; start += 500) {
      const part = notified.slice(start, start + 500);
      await testApp.database.db.insertInto('paper_trades').values(part).execute();
      await testApp.database.db
        .insertInto('notifications')
        .values(
          part.map((row) => ({
            user_id: grace.id,
            event_key: openedKey(strategyId, row),
            event: 'trade_opened',
            title: 'Trade opened',
            body: '',
            link: null,
            created_at: clock(),
            read_at: null,
          })),
        )
        .execute();
    }
    const fresh = newTrade(strategyId, 200_000, clock() - MINUTE);
    await testApp.database.db.insertInto('paper_trades').values(fresh).execute();

    await plan();
    const keys = (await feedOf(grace.id)).map((item) => item.event_key);
    expect(keys).toContain(openedKey(strategyId, fresh));
    expect(keys.length).toBe(5_001);
  });

  it('should record a burst of events in groups, and one event the database refuses holds back none of the others', async () => {
    const strategyId = await strategyOf(grace);
    const burst = Array.from({ length: 130 }, (_, index) =>
      newTrade(strategyId, 300_000 + index, clock() - 1000 + index),
    );
    await testApp.database.db.insertInto('paper_trades').values(burst).execute();
    const keyOf = (row: { number: number; opened_at: number }) => openedKey(strategyId, row);
    const refused = keyOf(burst[70]!);
    const { db } = testApp.database;
    if (dialect === 'sqlite') {
      await sql`create temp trigger refuse_one before insert on notifications when new.event_key = ${sql.lit(refused)}
        begin select raise(abort, 'refused by the test'); end`.execute(db);
    } else {
      await sql`create function refuse_one() returns trigger language plpgsql as $$
        begin if new.event_key = ${sql.lit(refused)} then raise exception 'refused by the test'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_one before insert on notifications for each row execute function refuse_one()`.execute(
        db,
      );
    }
    const published: number[] = [];
    const planner = ownPlanner({
      onRecorded: (items) => published.push(items.length),
    });
    try {
      await planner.run();
      const keys = new Set((await feedOf(grace.id)).map((item) => item.event_key));
      expect(burst.filter((row) => keys.has(keyOf(row))).length).toBe(129);
      expect(keys.has(refused)).toBe(false);
      // Told group by group (25 events each), each group once its transaction committed.
      expect(published).toEqual([25, 25, 24, 25, 25, 5]);
    } finally {
      if (dialect === 'sqlite') await sql`drop trigger refuse_one`.execute(db);
      else await sql`drop function refuse_one() cascade`.execute(db);
    }
    // The next scan records the one that was refused.
    await planner.run();
    expect((await feedOf(grace.id)).map((item) => item.event_key)).toContain(refused);
    // Each group read its traders' channels once: every event reached Grace's channel, and no one else's.
    const delivered = await db
      .selectFrom('notification_deliveries')
      .select(['channel_id', 'event_key'])
      .where(
        'event_key',
        'in',
        burst.map((row) => keyOf(row)),
      )
      .execute();
    expect(delivered.filter((row) => Number(row.channel_id) === channels.grace)).toHaveLength(130);
    expect(delivered).toHaveLength(130);
  });

  it('should end a group after the event in hand while another writer waits for the write gate, and still record every event', async () => {
    const strategyId = await strategyOf(grace);
    // A gate of the test's own with one writer waiting throughout (an ingest batch, as the planner sees it).
    const gate = new WriteGate();
    const holder = await gate.acquire();
    const waiter = gate.acquire();
    const published: number[] = [];
    const planner = ownPlanner({
      writeGate: gate,
      onRecorded: (items) => published.push(items.length),
    });
    // Its first run starts the feed (nothing before it is notified); the burst comes after.
    await planner.run();
    clock.advance(2_000);
    const burst = Array.from({ length: 30 }, (_, index) =>
      newTrade(strategyId, 400_000 + index, clock() - 1000 + index),
    );
    await testApp.database.db.insertInto('paper_trades').values(burst).execute();
    published.length = 0;
    await planner.run();
    holder();
    (await waiter)();
    expect(published).toEqual(Array.from({ length: 30 }, () => 1));
    const keys = new Set((await feedOf(grace.id)).map((item) => item.event_key));
    expect(burst.every((row) => keys.has(openedKey(strategyId, row)))).toBe(true);
  });

  it('should end a scan after the group in hand when stopped, and record the rest at the next scan', async () => {
    const strategyId = await strategyOf(grace);
    let stopped: Promise<void> | undefined;
    const published: number[] = [];
    const planner = ownPlanner({
      // A shutdown that comes while the scan records its first group.
      onRecorded: (items) => {
        published.push(items.length);
        stopped ??= planner.stop();
      },
    });
    await planner.run();
    clock.advance(2_000);
    const burst = Array.from({ length: 60 }, (_, index) =>
      newTrade(strategyId, 500_000 + index, clock() - 1000 + index),
    );
    await testApp.database.db.insertInto('paper_trades').values(burst).execute();
    published.length = 0;
    await planner.run();
    await stopped;
    expect(published).toEqual([25]);
    const told = async () => {
      const keys = new Set((await feedOf(grace.id)).map((item) => item.event_key));
      return burst.filter((row) => keys.has(openedKey(strategyId, row))).length;
    };
    expect(await told()).toBe(25);
    // After a restart (start() runs a scan at once), the next scan records the rest.
    const next = ownPlanner();
    await next.run();
    expect(await told()).toBe(60);
  });

  it('should send to a channel added after a first event, and count each event its own deliveries in a group', async () => {
    const ida = await signUpTrader(testApp.app, 'Ida');
    const strategyId = await strategyOf(ida);
    const deliveries: number[] = [];
    const planner = ownPlanner({
      onRecorded: (_items, count) => deliveries.push(count),
    });
    await planner.run();
    const open = async (number: number) => {
      clock.advance(2_000);
      const row = { ...newTrade(strategyId, number, clock() - 1000), user_id: ida.id };
      await testApp.database.db.insertInto('paper_trades').values(row).execute();
      return openedKey(strategyId, row);
    };
    const outboxKeys = async (channelId: number) =>
      (
        await testApp.database.db
          .selectFrom('notification_deliveries')
          .select('event_key')
          .where('channel_id', '=', channelId)
          .execute()
      ).map((row) => row.event_key);

    const first = await open(600_000);
    await planner.run();
    expect((await feedOf(ida.id)).map((item) => item.event_key)).toEqual([first]);
    expect(deliveries).toEqual([0]);

    const opens = await channel(ida, 'Opens', ['trade_opened']);
    const both = await channel(ida, 'Both', ['trade_opened', 'trade_closed']);
    const second = await open(600_001);
    const third = await open(600_002);
    deliveries.length = 0;
    await planner.run();
    expect((await feedOf(ida.id)).map((item) => item.event_key)).toEqual([first, second, third]);
    expect(await outboxKeys(opens)).toEqual([second, third]);
    expect(await outboxKeys(both)).toEqual([second, third]);
    expect(deliveries).toEqual([4]);
  });

  /** A trader of their own, their strategy's id, and a channel of theirs that chose `trade_opened` only. */
  const openingTrader = async (name: string) => {
    const trader = await signUpTrader(testApp.app, name);
    const strategyId = await strategyOf(trader);
    return { trader, strategyId, channelId: await channel(trader, 'Opens', ['trade_opened']) };
  };
  /** Fresh BTC prices (50,000) for the next minutes; returns the start of the first minute alerts can trade in. */
  const freshPrices = async () => {
    const minute = Math.floor(clock() / MINUTE) * MINUTE;
    await upsertCandles(
      testApp.database.db,
      'BTC',
      [0, 1, 2, 3, 4].map((offset) => flatCandle(minute + offset * MINUTE, 50_000)),
    );
    return minute + MINUTE;
  };
  const eventsOf = async (userId: number, event: string) =>
    (await feedOf(userId)).filter((item) => item.event === event);

  it('should tell each position opened in one millisecond once, and a position closed in parts once', async () => {
    const { trader: hedy, strategyId, channelId } = await openingTrader('Hedy');
    const minute = await freshPrices();
    // One millisecond: a long opened and closed, a long opened and reversed into a short (three positions).
    const burst = minute + 1000;
    for (const body of [
      '{"ticker":"BTCUSD","action":"buy","quantity":0.01,"id":"h1"}',
      '{"ticker":"BTCUSD","action":"sell","quantity":0.01,"market_position":"flat","id":"h2"}',
      '{"ticker":"BTCUSD","action":"buy","quantity":0.01,"id":"h3"}',
      '{"ticker":"BTCUSD","action":"sell","quantity":0.01,"id":"h4"}',
      // The short closed, so that the next millisecond starts flat.
      '{"ticker":"BTCUSD","action":"buy","quantity":0.01,"market_position":"flat","id":"h5"}',
    ]) {
      await alert(hedy, burst, body);
    }
    // Another millisecond: a long closed in three parts, then a long opened (two positions), the latter reduced
    // a second later: partial closes are closed rows of their own with their position's opening time.
    const parts = minute + 2000;
    for (const body of [
      '{"ticker":"BTCUSD","action":"buy","quantity":0.03,"id":"h6"}',
      '{"ticker":"BTCUSD","action":"sell","position_size":0.02,"id":"h7"}',
      '{"ticker":"BTCUSD","action":"sell","position_size":0.01,"id":"h8"}',
      '{"ticker":"BTCUSD","action":"sell","market_position":"flat","id":"h9"}',
      '{"ticker":"BTCUSD","action":"buy","quantity":0.02,"id":"h10"}',
    ]) {
      await alert(hedy, parts, body);
    }
    await alert(hedy, parts + 1000, '{"ticker":"BTCUSD","action":"sell","position_size":0.01,"id":"h11"}');
    const rows = await testApp.database.db
      .selectFrom('paper_trades')
      .select(['opened_at', 'status'])
      .where('strategy_id', '=', strategyId)
      .execute();
    expect(rows.filter((row) => Number(row.opened_at) === burst)).toHaveLength(3);
    expect(rows.filter((row) => Number(row.opened_at) === parts)).toHaveLength(5);

    await plan();
    const opened = await eventsOf(hedy.id, 'trade_opened');
    expect(opened.map((item) => item.title.match(/^Trade opened: BTC (long|short) /)?.[1]).sort()).toEqual([
      'long',
      'long',
      'long',
      'long',
      'short',
    ]);
    expect(new Set(opened.map((item) => item.event_key)).size).toBe(5);
    expect(await outboxOf(channelId)).toEqual(Array.from({ length: 5 }, () => 'trade_opened'));
    // Each closed row is a trade closed of its own: four positions closed in full, and three parts.
    expect(await eventsOf(hedy.id, 'trade_closed')).toHaveLength(7);

    await plan();
    expect(await eventsOf(hedy.id, 'trade_opened')).toHaveLength(5);
    expect(await outboxOf(channelId)).toHaveLength(5);
  });

  it('should not tell again, after an upgrade, a position told under the key without its opening signal', async () => {
    const { trader: katherine, strategyId, channelId } = await openingTrader('Katherine');
    const minute = await freshPrices();
    const burst = minute + 1000;
    for (const body of [
      '{"ticker":"BTCUSD","action":"buy","quantity":0.01,"id":"k1"}',
      '{"ticker":"BTCUSD","action":"sell","quantity":0.01,"market_position":"flat","id":"k2"}',
      '{"ticker":"BTCUSD","action":"buy","quantity":0.02,"id":"k3"}',
    ]) {
      await alert(katherine, burst, body);
    }
    // The first position of the millisecond, told before the upgrade: in the feed and queued for the channel.
    const former = `trade_opened:${strategyId}:BTC:${burst}`;
    const { db } = testApp.database;
    await db
      .insertInto('notifications')
      .values({
        user_id: katherine.id,
        event_key: former,
        event: 'trade_opened',
        title: 'Trade opened: BTC long 0.01 at 50,000.00',
        body: '',
        link: '/performance/trades',
        created_at: clock(),
        read_at: null,
      })
      .execute();
    await db
      .insertInto('notification_deliveries')
      .values({
        user_id: katherine.id,
        channel_id: channelId,
        event_key: former,
        message_id: 'msg_told_before_the_upgrade',
        event: 'trade_opened',
        title: 'Trade opened: BTC long 0.01 at 50,000.00',
        payload: '{}',
        state: 'pending',
        attempts: 0,
        next_attempt_at: clock(),
        last_attempt_at: null,
        response_code: null,
        error: null,
        duration_ms: null,
        created_at: clock(),
        lease_until: null,
        lease_owner: null,
      })
      .execute();

    await plan();
    const opened = await eventsOf(katherine.id, 'trade_opened');
    expect(opened.map((item) => item.title)).toEqual([
      'Trade opened: BTC long 0.01 at 50,000.00',
      'Trade opened: BTC long 0.02 at 50,000.00',
    ]);
    expect(opened[0]!.event_key).toBe(former);
    expect(await outboxOf(channelId)).toEqual(['trade_opened', 'trade_opened']);
  });

  /** A trade of `strategyId` opened two minutes ago at 50,000 and closed by hand a minute ago, with fees only. */
  const closedLoss = (strategyId: number, userId: number, netPnl: number, returnPct: number) => ({
    ...newTrade(strategyId, 300_000, clock() - 2 * MINUTE),
    user_id: userId,
    status: 'closed' as const,
    exit_price: 50_000,
    gross_pnl: 0,
    net_pnl: netPnl,
    return_pct: returnPct,
    closed_at: clock() - MINUTE,
    exit_reason: 'manual',
  });

  it('should tell a loss under half a cent as $0.00, with no minus sign', async () => {
    const { trader: margaret, strategyId } = await openingTrader('Margaret');
    await testApp.database.db
      .insertInto('paper_trades')
      .values(closedLoss(strategyId, margaret.id, -0.004, -0.0008))
      .execute();

    await plan();
    const closed = await eventsOf(margaret.id, 'trade_closed');
    expect(closed.map((item) => item.title)).toEqual(['Trade closed: BTC long, P&L $0.00']);
  });

  it('should tell a loss with the minus sign the app writes money with (−$1.02), not a hyphen', async () => {
    const { trader: nina, strategyId } = await openingTrader('Nina');
    await testApp.database.db
      .insertInto('paper_trades')
      .values(closedLoss(strategyId, nina.id, -1.02, -0.204))
      .execute();

    await plan();
    const closed = await eventsOf(nina.id, 'trade_closed');
    expect(closed.map((item) => item.title)).toEqual(['Trade closed: BTC long, P&L \u2212$1.02']);
  });

  it('should say whose each trade is for a trader with several strategies, and nothing more for one with one', async () => {
    const { trader: olga, strategyId } = await openingTrader('Olga');
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/strategies',
      headers: olga.headers,
      payload: { name: 'Scalper 1m' },
    });
    const scalperId = Number(created.json<{ id: string }>().id);
    const { trader: pia, strategyId: piaStrategy } = await openingTrader('Pia');
    await testApp.database.db
      .insertInto('paper_trades')
      .values([
        closedLoss(strategyId, olga.id, -1.02, -0.204),
        closedLoss(scalperId, olga.id, -1.02, -0.204),
        closedLoss(piaStrategy, pia.id, -1.02, -0.204),
      ])
      .execute();

    await plan();
    expect((await eventsOf(olga.id, 'trade_closed')).map((item) => item.title).sort()).toEqual([
      'Trade closed: BTC long, P&L \u2212$1.02 · Default',
      'Trade closed: BTC long, P&L \u2212$1.02 · Scalper 1m',
    ]);
    expect((await eventsOf(pia.id, 'trade_closed')).map((item) => item.title)).toEqual([
      'Trade closed: BTC long, P&L \u2212$1.02',
    ]);
  });

  it('should say whose an ignored signal is for a trader with several strategies', async () => {
    const { trader: quinn } = await openingTrader('Quinn');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/strategies',
      headers: quinn.headers,
      payload: { name: 'Scalper 1m' },
    });
    await plan();
    // No ETH prices: the paper account ignores it.
    await alert(quinn, clock() + MINUTE, '{"ticker":"ETHUSD","action":"buy","quantity":1,"id":"q1"}');
    clock.advance(10 * MINUTE);
    await testApp.app.paper.run();
    await plan();
    expect((await eventsOf(quinn.id, 'signal_ignored')).map((item) => item.title)).toEqual([
      'Signal ignored: no market data for ETH · Default',
    ]);
  });
});

describe.each(TEST_DIALECTS)('the notification planner after a replay, on %s', (dialect) => {
  let testApp: TestApp;
  const clock = manualClock(START);
  let ada: SignedInTrader;
  let strategyId: string;

  const alert = (time: number, body: string) => postAlert(testApp, clock, ada, time, body);
  const plan = () => testApp.app.notifications.planner.run();
  const feed = async () =>
    (
      await testApp.database.db
        .selectFrom('notifications')
        .select('event')
        .where('user_id', '=', ada.id)
        .orderBy('id')
        .execute()
    ).map((row) => row.event);

  /** Replays Ada's strategy now, saving `settings` first when given. */
  const replayNow = async (settings?: object) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/strategies/${strategyId}/replay`,
      headers: ada.headers,
      payload: settings ? { settings } : {},
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { RATE_LIMIT_REGISTER_PER_MINUTE: '100' }, { clock });
    const minutes = Array.from({ length: 10 }, (_, minute) => minute);
    await upsertCandles(
      testApp.database.db,
      'BTC',
      minutes.map((minute) => flatCandle(at(minute), 50_000)),
    );
    ada = await signUpTrader(testApp.app, 'Ada');
    const strategies = await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: ada.headers });
    strategyId = strategies.json<{ data: { id: string }[] }>().data[0]!.id;
    const longOnly = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/strategies/${strategyId}`,
      headers: ada.headers,
      payload: { settings: { sides: 'long' } },
    });
    expect(longOnly.statusCode, longOnly.body).toBe(200);
    await plan();
  });
  afterAll(async () => {
    await testApp?.cleanup();
  });

  it('should not tell the trades a replay with other settings made of the last minutes, and tell the next live ones', async () => {
    // Live, long only: the sell is ignored, and told so.
    await alert(at(1, 1), '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"id":"r1"}');
    await plan();
    expect(await feed()).toEqual(['signal_ignored']);

    // Replayed with shorts allowed, a minute later: the sell opens a short that the live account never had.
    clock.advance(at(2, 30) - clock());
    await replayNow({ sides: 'both' });
    const positions = await testApp.app.inject({ method: 'GET', url: '/api/positions', headers: ada.headers });
    expect(positions.json<{ data: { side: string }[] }>().data.map((position) => position.side)).toEqual(['short']);
    await plan();
    expect(await feed()).toEqual(['signal_ignored']);

    // Live again: the buy closes that short and opens a long, both news.
    await alert(at(3, 1), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"r2"}');
    await plan();
    expect((await feed()).sort()).toEqual(['signal_ignored', 'trade_closed', 'trade_opened'].sort());
  });

  it("should tell what the executor decides after a replay, even of a signal received before it waiting for its minute's price", async () => {
    const before = await feed();
    // Received in minute 10, whose price is not stored yet: undecided when the replay runs.
    await alert(at(10, 10), '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"id":"r3"}');
    clock.advance(at(10, 40) - clock());
    await replayNow();
    await plan();
    expect(await feed()).toEqual(before);

    // Minute 10's price arrives: the sell reverses the long into a short, live, after the replay.
    await upsertCandles(testApp.database.db, 'BTC', [flatCandle(at(10), 50_000), flatCandle(at(11), 50_000)]);
    clock.advance(at(12, 10) - clock());
    await testApp.app.paper.run();
    await plan();
    expect((await feed()).slice(before.length).sort()).toEqual(['trade_closed', 'trade_opened']);
  });

  it('should tell what happened live a moment before a replay, before the planner came round to it', async () => {
    const before = await feed();
    await upsertCandles(testApp.database.db, 'BTC', [flatCandle(at(12), 50_000), flatCandle(at(13), 50_000)]);
    // The buy reverses the short into a long, live; the replay follows within a second, before any scan.
    await alert(at(13, 20), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"r4"}');
    clock.advance(at(13, 21) - clock());
    await replayNow();
    await plan();
    expect((await feed()).slice(before.length).sort()).toEqual(['trade_closed', 'trade_opened']);
  });

  it("should tell a stop hit by a candle that closed after a replay, though the trade records the candle's start", async () => {
    // Flat, then a long with a stop at 49,000.
    await alert(at(13, 30), '{"ticker":"BTCUSD","action":"sell","quantity":0.1,"position_size":0,"id":"r5"}');
    await upsertCandles(testApp.database.db, 'BTC', [flatCandle(at(14), 50_000)]);
    await alert(at(14, 20), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"stop_loss":49000,"id":"r6"}');
    clock.advance(at(15, 30) - clock());
    await testApp.app.paper.run();
    await plan();
    const before = await feed();
    // Replayed while minute 15 is being formed.
    await replayNow();
    // Minute 15 closes through the stop.
    await upsertCandles(testApp.database.db, 'BTC', [
      { time: at(15), open: 50_000, high: 50_000, low: 48_000, close: 48_500, volume: 1 },
      flatCandle(at(16), 48_500),
    ]);
    clock.advance(at(16, 30) - clock());
    await testApp.app.paper.run();
    await plan();
    const told = await testApp.database.db
      .selectFrom('notifications')
      .select(['event', 'title'])
      .where('user_id', '=', ada.id)
      .orderBy('id')
      .execute();
    expect(told.slice(before.length)).toEqual([
      { event: 'exit_hit', title: 'Stop loss hit: BTC long closed, P&L \u2212$109.90' },
    ]);
  });

  it('should not tell again a position closed by hand that a replay with other settings numbers anew', async () => {
    await upsertCandles(testApp.database.db, 'BTC', [flatCandle(at(17), 48_500)]);
    await alert(at(17, 10), '{"ticker":"BTCUSD","action":"buy","quantity":0.1,"id":"r7"}');
    clock.advance(at(17, 20) - clock());
    const positions = await testApp.app.inject({ method: 'GET', url: '/api/positions', headers: ada.headers });
    const [position] = positions.json<{ data: { id: string }[] }>().data;
    const close = await testApp.app.inject({
      method: 'POST',
      url: `/api/positions/${position!.id}/close`,
      headers: ada.headers,
    });
    expect(close.statusCode, close.body).toBe(200);
    await plan();
    const before = await feed();
    expect(before.filter((event) => event === 'trade_closed').length).toBeGreaterThan(0);

    // Long only: the shorts of the past vanish, and the trades after them take other numbers.
    clock.advance(at(17, 30) - clock());
    await replayNow({ sides: 'long' });
    await plan();
    expect(await feed()).toEqual(before);
  });
});
