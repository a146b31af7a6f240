import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase, writeTransaction, type DatabaseHandle } from '../../db/connection';
import type { Database } from '../../db/schema';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../../test/database';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { upsertCandles } from '../market/store';
import type { SignalWithRaw } from '../signals/schemas';
import type { StreamEvent } from '../stream/events';
import { MAX_STEP_ATTEMPTS, PaperExecutor } from './executor';
import { lockAccount } from './store';
import { flatCandle } from './test-helpers';
import { countRows } from '../../proof/support/inject';
import type { Performance, PositionList, ReplayResult, Strategy, StrategyList, Trade, TradePage } from './schemas';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 9, 0);

const candle = flatCandle;

describe.each(TEST_DIALECTS)('the paper trading API on %s', (dialect) => {
  let testApp: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let ada: SignedInTrader;

  beforeEach(async () => {
    clock = manualClock(START);
    testApp = await createTestApp(dialect, { RATE_LIMIT_REGISTER_PER_MINUTE: '100' }, { clock });
    ada = await signUpTrader(testApp.app, 'Ada');
    // BTC: 50,000 in the minute from 09:00, 51,000 from 09:01, 49,000 from 09:02.
    await upsertCandles(testApp.database.db, 'BTC', [
      candle(START, 50_000),
      candle(START + MINUTE, 51_000),
      candle(START + 2 * MINUTE, 49_000),
    ]);
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  const call = <T>(user: SignedInTrader, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    testApp.app
      .inject({ method, url, headers: user.headers, ...(body && { payload: body }) })
      .then((response) => ({ status: response.statusCode, body: response.json<T>() }));

  /** Posts an alert at `at` to a webhook path; the app's executor is not started, so it stays undecided. */
  const post = async (path: string, at: number, fields: Record<string, unknown>) => {
    clock.advance(at - clock());
    const response = await testApp.app.inject({
      method: 'POST',
      url: path,
      payload: JSON.stringify(fields),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(202);
    return response;
  };

  /** An executor of the test's own on the app's database, with `options` (the app's is never started here). */
  const ownExecutor = (options: Partial<ConstructorParameters<typeof PaperExecutor>[0]>) =>
    new PaperExecutor({
      db: testApp.database.db,
      dialect,
      clock,
      publish: () => {},
      log: testApp.app.log,
      writeGate: testApp.database.writeGate,
      ...options,
    });

  /** Posts an alert at `at` to a webhook path and lets the executor decide it. */
  const alert = async (path: string, at: number, fields: Record<string, unknown>) => {
    const response = await post(path, at, fields);
    await testApp.app.paper.run();
    return response.json<{ id: string }>().id;
  };

  it('should give a new trader a Default strategy whose URL is the webhook URL', async () => {
    const { status, body } = await call<StrategyList>(ada, 'GET', '/api/strategies');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      expect.objectContaining({ name: 'Default', isDefault: true, webhookUrl: ada.webhookUrl }),
    ]);
    expect(body.data[0]!.settings).toMatchObject({
      feeBps: 10,
      fill: 'market',
      sides: 'both',
      startingBalance: 10_000,
    });
  });

  it.runIf(dialect === 'sqlite')(
    'should end a step group after the account in hand when an ingest batch waits for the write gate',
    async () => {
      const traders = [ada];
      for (const name of ['Grace', 'Linus', 'Barbara', 'Edsger']) traders.push(await signUpTrader(testApp.app, name));
      for (const trader of traders) await post(trader.webhookPath, START + 90_000, { ticker: 'BTCUSD', action: 'buy' });
      const { db, writeGate } = testApp.database;
      const gate = writeGate!;
      // An executor whose groups would take every strategy however slow the machine: only the waiting batch ends one.
      const executor = ownExecutor({ stepGroupMs: 60_000 });
      const decided = () => countRows(db, 'signal_outcomes');
      const held = await gate.acquire();
      const run = executor.run();
      await expect.poll(() => gate.waiting).toBe(1);
      // The executor's group gets the gate, and a batch (this test) waits for it from the start.
      held();
      const batch = await gate.acquire();
      batch();
      expect(await decided()).toBe(1);

      await run;
      expect(await decided()).toBe(traders.length);
    },
  );

  it("should step a batch's traders one by one when one trader's account cannot be read, so that only that trader waits", async () => {
    const bob = await signUpTrader(testApp.app, 'Bob');
    const buy = { ticker: 'BTCUSD', action: 'buy', quantity: 0.1 };
    const ids = {
      ada: (await post(ada.webhookPath, START + MINUTE + 1000, buy)).json<{ id: string }>().id,
      bob: (await post(bob.webhookPath, START + MINUTE + 1000, buy)).json<{ id: string }>().id,
    };
    const [bobStrategy] = (await call<StrategyList>(bob, 'GET', '/api/strategies')).body.data;
    await testApp.database.db
      .updateTable('paper_accounts')
      .set({ state: '{ not json' })
      .where('strategy_id', '=', Number(bobStrategy!.id))
      .execute();
    const outcomeOf = async (trader: SignedInTrader, id: string) =>
      (await call<SignalWithRaw>(trader, 'GET', `/api/signals/${id}`)).body.outcome;

    await testApp.app.paper.run();
    expect(await outcomeOf(ada, ids.ada)).toMatchObject({ status: 'executed', quantity: 0.1, price: 50_000 });
    expect(await outcomeOf(bob, ids.bob)).toBeNull();
    for (let run = 1; run < MAX_STEP_ATTEMPTS; run += 1) await testApp.app.paper.run();
    expect(await outcomeOf(bob, ids.bob)).toMatchObject({ status: 'ignored' });
  });

  it('should stream each trader of a batch the position of their own trade row', async () => {
    const traders = [ada, await signUpTrader(testApp.app, 'Bob'), await signUpTrader(testApp.app, 'Cy')];
    for (const trader of traders) {
      await post(trader.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy', quantity: 0.1 });
    }
    const published: StreamEvent[] = [];
    await ownExecutor({ publish: (events) => published.push(...(Array.isArray(events) ? events : [events])) }).run();

    // All three opened their strategy's trade number 1: each event names the row of its own trader's trade.
    for (const trader of traders) {
      const [position] = (await call<PositionList>(trader, 'GET', '/api/positions')).body.data;
      const streamed = published.filter(
        (event): event is Extract<StreamEvent, { event: 'position' }> =>
          event.event === 'position' && event.userId === trader.id,
      );
      expect(streamed).toHaveLength(1);
      expect(streamed[0]!.data).toMatchObject({ position: { id: position!.id, quantity: 0.1 } });
    }
  });

  it("should decide a signal that waited for its minute's market data moments after the minute is stored, not at the next timed run", async () => {
    // Received in the minute from 09:03, which is not stored yet.
    await post(ada.webhookPath, START + 3 * MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
    const decided = () => countRows(testApp.database.db, 'signal_outcomes');
    // A running executor whose timer would not come round during the test.
    const executor = ownExecutor({ intervalMs: 60_000 });
    executor.start();
    try {
      await executor.run();
      expect(await decided()).toBe(0);

      await upsertCandles(testApp.database.db, 'BTC', [candle(START + 3 * MINUTE, 52_000)]);
      await expect.poll(decided, { timeout: 3_000 }).toBe(1);
    } finally {
      await executor.stop();
    }
  });

  it('should decide a signal that waited for its minute to be final on a later run, without a restart', async () => {
    // Received in the minute from 09:03, which is not stored yet: its market data is not final, so it waits.
    const waiting = await alert(ada.webhookPath, START + 3 * MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${waiting}`)).body.outcome).toBeNull();

    // The minute arrives, then the next: the runs that follow must still see the waiting signal.
    await upsertCandles(testApp.database.db, 'BTC', [candle(START + 3 * MINUTE, 52_000)]);
    clock.advance(MINUTE);
    await upsertCandles(testApp.database.db, 'BTC', [candle(START + 4 * MINUTE, 53_000)]);
    await testApp.app.paper.run();
    await testApp.app.paper.run();

    // Filled at the close of the minute before its receipt (09:02's 49,000).
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${waiting}`)).body.outcome).toMatchObject({
      status: 'executed',
      side: 'buy',
      price: 49_000,
    });
  });

  it('should wait for a pair whose market data has not started yet, then fill at its stored price', async () => {
    // ETH has no candles yet (its feed is starting): the signal is not decided as "no market data".
    const waiting = await alert(ada.webhookPath, START + 2 * MINUTE + 1000, { ticker: 'ETHUSD', action: 'buy' });
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${waiting}`)).body.outcome).toBeNull();

    // The feed catches up with the minutes before and after the signal: it is filled at 09:01's close.
    await upsertCandles(testApp.database.db, 'ETH', [candle(START + MINUTE, 3_000), candle(START + 2 * MINUTE, 3_100)]);
    await testApp.app.paper.run();
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${waiting}`)).body.outcome).toMatchObject({
      status: 'executed',
      side: 'buy',
      price: 3_000,
    });
  });

  it('should decide a signal whose pair never gets market data once it is five minutes old', async () => {
    const waiting = await alert(ada.webhookPath, START + 2 * MINUTE + 1000, { ticker: 'SOLUSD', action: 'buy' });
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${waiting}`)).body.outcome).toBeNull();

    clock.advance(5 * MINUTE);
    await testApp.app.paper.run();
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${waiting}`)).body.outcome).toMatchObject({
      status: 'ignored',
      reason: expect.stringMatching(/market data/),
    });
  });

  it('should trade buy BTC then sell BTC into one closed trade with fees on both sides, and say so on both signals', async () => {
    // Received one second after each candle finished: filled at that candle's close.
    const buy = await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
    const sell = await alert(ada.webhookPath, START + 2 * MINUTE + 1000, { ticker: 'BTCUSD', action: 'sell' });

    const closed = await call<TradePage>(ada, 'GET', '/api/trades?status=closed');
    expect(closed.body.data).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        side: 'long',
        status: 'closed',
        // 1,000 USD at 50,000 (the default sizing when an alert has no quantity).
        quantity: 0.02,
        entryPrice: 50_000,
        exitPrice: 51_000,
        entryFee: 1,
        exitFee: 1.02,
        fees: 2.02,
        grossPnl: 20,
        netPnl: 17.98,
        entrySignalIds: [buy],
        exitSignalId: sell,
        exitReason: 'reverse',
      } satisfies Partial<Trade>),
    ]);

    const buySignal = await call<SignalWithRaw>(ada, 'GET', `/api/signals/${buy}`);
    expect(buySignal.body.outcome).toEqual({
      status: 'executed',
      side: 'buy',
      quantity: 0.02,
      effect: 'open',
      closedQuantity: 0,
      openedQuantity: 0.02,
      price: 50_000,
      fee: 1,
      slippage: 0,
      filledAt: START + MINUTE + 1000,
      latencyMs: 0,
    });
    const sellSignal = await call<SignalWithRaw>(ada, 'GET', `/api/signals/${sell}`);
    // The sell reverses: it closes the long and opens a short of 1,000 USD at 51,000, and says so (stored and read back).
    expect(sellSignal.body.outcome).toMatchObject({
      status: 'executed',
      side: 'sell',
      price: 51_000,
      effect: 'reverse',
      closedQuantity: 0.02,
      openedQuantity: 0.01960784,
    });
    expect(sellSignal.body.strategyId).toBe(buySignal.body.strategyId);

    const performance = await call<Performance>(ada, 'GET', '/api/performance');
    expect(performance.status).toBe(200);
    expect(performance.body).toMatchObject({ tradeCount: 1, wins: 1, losses: 0, realisedPnl: 17.98 });

    const positions = await call<PositionList>(ada, 'GET', '/api/positions');
    expect(positions.body.data).toEqual([
      expect.objectContaining({ symbol: 'BTC', side: 'short', quantity: 0.01960784, entryPrice: 51_000 }),
    ]);
  });

  it('should say, on a reversal that closed but could not afford the other side, why that side did not open', async () => {
    // 0.15 BTC long at 50,000 (7,500 USD), then a sell of 0.5 BTC at 51,000: the long closes, 25,500 USD of short
    // is more than the account has.
    await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy', quantity: 0.15 });
    const sell = await alert(ada.webhookPath, START + 2 * MINUTE + 1000, {
      ticker: 'BTCUSD',
      action: 'sell',
      quantity: 0.5,
    });
    const signal = await call<SignalWithRaw>(ada, 'GET', `/api/signals/${sell}`);
    expect(signal.body.outcome).toMatchObject({
      status: 'executed',
      effect: 'close',
      closedQuantity: 0.15,
      openedQuantity: 0,
      note: 'short not opened: order needs 25,525.50 USD, the account has 10,134.85 USD available (equity less the margin of open positions)',
    });
    expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toEqual([]);
  });

  it('should refuse to open a side whose stop is on the wrong side of its fill, and say why on the signal', async () => {
    // Filled at 50,000 (the minute from 09:00 closed there): a stop at 52,000 would stop the long out at once. The
    // stop is sent in quotes and in exponent form, as the alert's number reader takes it.
    const buy = await alert(ada.webhookPath, START + MINUTE + 1000, {
      ticker: 'BTCUSD',
      action: 'buy',
      stop_loss: '5.2e4',
    });
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${buy}`)).body.outcome).toEqual({
      status: 'ignored',
      reason:
        "stop_loss 52000 is above 50000, the price this long would fill at: a long's stop must be below its entry",
    });
    expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toEqual([]);

    // A long with its stop below, then a sell at 51,000 whose short would have its stop below: the long closes.
    await alert(ada.webhookPath, START + MINUTE + 2000, { ticker: 'BTCUSD', action: 'buy', stop_loss: 45_000 });
    const sell = await alert(ada.webhookPath, START + 2 * MINUTE + 1000, {
      ticker: 'BTCUSD',
      action: 'sell',
      stop_loss: 50_000,
    });
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${sell}`)).body.outcome).toMatchObject({
      status: 'executed',
      effect: 'close',
      closedQuantity: 0.02,
      openedQuantity: 0,
      price: 51_000,
      note: "short not opened: stop_loss 50000 is below 51000, the price this short would fill at: a short's stop must be above its entry",
    });
    expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toEqual([]);
    expect((await call<TradePage>(ada, 'GET', '/api/trades')).body.data).toEqual([
      expect.objectContaining({ side: 'long', status: 'closed', exitReason: 'signal', exitSignalId: sell }),
    ]);
  });

  it("should leave a signal waiting for its minute's price to the executor when the account is replayed", async () => {
    await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
    // Received in the minute from 09:03, not stored yet: it waits.
    const sell = await alert(ada.webhookPath, START + 3 * MINUTE + 1000, { ticker: 'BTCUSD', action: 'sell' });
    const { data: strategies } = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body;
    const replay = await call(ada, 'POST', `/api/strategies/${strategies[0]!.id}/replay`, {});
    expect(replay.status).toBe(200);
    // Not filled at an older price by the replay: still waiting, and the long still open.
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${sell}`)).body.outcome).toBeNull();
    expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toEqual([
      expect.objectContaining({ side: 'long' }),
    ]);

    await upsertCandles(testApp.database.db, 'BTC', [candle(START + 3 * MINUTE, 52_000)]);
    await testApp.app.paper.run();
    // Decided once, by the executor, at the price of its time: the minute from 09:02 closed at 49,000.
    expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${sell}`)).body.outcome).toMatchObject({
      status: 'executed',
      effect: 'reverse',
      price: 49_000,
    });
  });

  describe("given a signal stored below the executor's watermark", () => {
    /**
     * Frees an id below the watermark: two alerts of another trader, decided, then the first removed (with its
     * outcome). The runs after that take the watermark past both. Returns the free id.
     */
    const freeIdBelowWatermark = async () => {
      const bob = await signUpTrader(testApp.app, 'Bob');
      const free = Number(await alert(bob.webhookPath, START + MINUTE + 500, { ticker: 'BTCUSD', action: 'buy' }));
      await alert(bob.webhookPath, START + MINUTE + 600, { ticker: 'BTCUSD', action: 'sell' });
      await testApp.database.db.deleteFrom('signals').where('id', '=', free).execute();
      await testApp.app.paper.run();
      await testApp.app.paper.run();
      return free;
    };

    /**
     * Ada's buy received at `at`, stored under the id `free`, as a PostgreSQL batch that took its ids early and
     * committed late has it.
     */
    const lateBuy = async (at: number, free: number) => {
      const buy = (await post(ada.webhookPath, at, { ticker: 'BTCUSD', action: 'buy' })).json<{ id: string }>().id;
      await testApp.database.db.updateTable('signals').set({ id: free }).where('id', '=', Number(buy)).execute();
    };

    /**
     * Ada's buy received at `buyAt` and given the id `free` (as a batch that committed late has it), then her sell at
     * `sellAt`: the buy must be executed first, at `price`, and the sell reverse the long it opened.
     */
    const expectLateBuyFirst = async (free: number, buyAt: number, sellAt: number, price: number) => {
      await lateBuy(buyAt, free);
      const sell = await alert(ada.webhookPath, sellAt, { ticker: 'BTCUSD', action: 'sell' });
      expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${free}`)).body.outcome).toMatchObject({
        status: 'executed',
        effect: 'open',
        price,
      });
      expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${sell}`)).body.outcome).toMatchObject({
        status: 'executed',
        effect: 'reverse',
      });
    };

    // Late commits happen on PostgreSQL only: SQLite takes and commits ids one batch after another.
    it.runIf(dialect === 'postgres')(
      "should execute one that committed late in its place in the strategy's order, though received over a minute before the next",
      async () => {
        const free = await freeIdBelowWatermark();
        // The sell 71 seconds after the buy (a receiving instance's clock behind, or a batch queued long before its
        // commit); the buy fills at the close of the minute from 09:00.
        await expectLateBuyFirst(free, START + MINUTE + 1000, START + 2 * MINUTE + 12_000, 50_000);
      },
    );

    it.runIf(dialect === 'postgres')(
      'should execute one that committed late in its place once the executor has run for over ten minutes',
      async () => {
        const bob = await signUpTrader(testApp.app, 'Bob');
        // 09:01: a signal decided, and the watermark past it.
        await alert(bob.webhookPath, START + MINUTE + 500, { ticker: 'BTCUSD', action: 'buy' });
        await testApp.app.paper.run();
        // Eleven minutes on: two alerts SignalDeck cannot read (rejected, nothing to execute) take the watermark
        // past their ids; the first is removed, so its id is free above the watermark of ten minutes ago.
        await upsertCandles(testApp.database.db, 'BTC', [
          candle(START + 11 * MINUTE, 52_000),
          candle(START + 12 * MINUTE, 53_000),
        ]);
        const unread = async (at: number, id: string) =>
          Number((await post(bob.webhookPath, at, { action: 'buy', id })).json<{ id: string }>().id);
        const free = await unread(START + 12 * MINUTE + 100, 'unread-1');
        await unread(START + 12 * MINUTE + 200, 'unread-2');
        await testApp.database.db.deleteFrom('signals').where('id', '=', free).execute();
        for (let run = 0; run < 3; run += 1) await testApp.app.paper.run();

        // The buy fills at the close of the minute from 09:11.
        await expectLateBuyFirst(free, START + 12 * MINUTE + 1000, START + 12 * MINUTE + 2000, 52_000);
      },
    );

    it('should execute one received long ago within a minute of runs (the sweep below the watermark)', async () => {
      const free = await freeIdBelowWatermark();
      await lateBuy(START + MINUTE + 1000, free);
      clock.advance(2 * MINUTE);

      for (let run = 0; run < 12; run += 1) await testApp.app.paper.run();
      // Filled at the close of the minute from 09:00, as if it had been seen at once.
      expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${free}`)).body.outcome).toMatchObject({
        status: 'executed',
        effect: 'open',
        price: 50_000,
      });
    });

    it('should execute, in time, a signal stored far below the watermark (the sweep takes the older ids in turn)', async () => {
      const bob = await signUpTrader(testApp.app, 'Bob');
      const ids: number[] = [];
      for (let index = 0; index < 30; index += 1)
        ids.push(
          Number(
            await alert(bob.webhookPath, START + MINUTE + index, {
              ticker: 'BTCUSD',
              action: 'exit',
              id: `exit-${index}`,
            }),
          ),
        );
      const free = ids[4]!;
      await testApp.database.db.deleteFrom('signals').where('id', '=', free).execute();
      // Sweeps of 1 older id: the recent range (none on SQLite, 5 ids just below the watermark on PostgreSQL here)
      // never reaches the free id, the older ranges in turn do.
      const executor = ownExecutor({ sweepIds: 1 });
      await executor.run();
      await executor.run();
      await lateBuy(START + MINUTE + 1000, free);
      clock.advance(2 * MINUTE);

      for (let run = 0; run < 8 * 12; run += 1) await executor.run();
      expect((await call<SignalWithRaw>(ada, 'GET', `/api/signals/${free}`)).body.outcome).toMatchObject({
        status: 'executed',
        price: 50_000,
      });
    });
  });

  it('should ignore a signal with a reason the trader can act on', async () => {
    const exit = await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'exit' });
    const signal = await call<SignalWithRaw>(ada, 'GET', `/api/signals/${exit}`);
    expect(signal.body.outcome).toEqual({ status: 'ignored', reason: 'no position to close' });
  });

  it('should close a position at market by hand', async () => {
    await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
    clock.advance(MINUTE);
    const [position] = (await call<PositionList>(ada, 'GET', '/api/positions')).body.data;
    const closed = await call<Trade>(ada, 'POST', `/api/positions/${position!.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', exitReason: 'manual', exitPrice: 51_000, netPnl: 17.98 });
    expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toEqual([]);
    expect((await call(ada, 'POST', `/api/positions/${position!.id}/close`)).status).toBe(404);
  });

  describe('strategies', () => {
    it('should create a strategy with its own URL, whose alerts trade in its own account', async () => {
      const created = await call<Strategy>(ada, 'POST', '/api/strategies', {
        name: 'Breakout',
        settings: { sizing: { mode: 'fixed', value: 0.1 }, feeBps: 0 },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Breakout', isDefault: false });
      expect(created.body.webhookUrl).not.toBe(ada.webhookUrl);

      const path = new URL(created.body.webhookUrl).pathname;
      const buy = await alert(path, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
      const signal = await call<SignalWithRaw>(ada, 'GET', `/api/signals/${buy}`);
      expect(signal.body.strategyId).toBe(created.body.id);
      expect(signal.body.outcome).toMatchObject({ status: 'executed', quantity: 0.1, fee: 0 });

      const own = await call<PositionList>(ada, 'GET', `/api/positions?strategy=${created.body.id}`);
      expect(own.body.data).toHaveLength(1);
      const defaultId = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data[0]!.id;
      expect((await call<PositionList>(ada, 'GET', `/api/positions?strategy=${defaultId}`)).body.data).toEqual([]);
    });

    it('should refuse invalid settings with a message per setting', async () => {
      const response = await call<{ message: string; errors: Record<string, string[]> }>(
        ada,
        'POST',
        '/api/strategies',
        { name: 'Bad', settings: { feeBps: -1, sides: 'up' } },
      );
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        'settings.feeBps': ['Fee must be at least 0 bps'],
        'settings.sides': ['Sides must be long, short or both'],
      });
    });

    it('should change settings with PATCH, keeping the ones not given', async () => {
      const [strategy] = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data;
      const patched = await call<Strategy>(ada, 'PATCH', `/api/strategies/${strategy!.id}`, {
        name: 'Main',
        settings: { stopLossPct: 2 },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ name: 'Main', settings: { stopLossPct: 2, feeBps: 10 } });
    });

    it('should change nothing, not even updatedAt, for a PATCH that names nothing to change', async () => {
      const [strategy] = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data;
      clock.advance(MINUTE);
      const same = {
        name: strategy!.name,
        settings: { feeBps: strategy!.settings.feeBps, sizing: strategy!.settings.sizing },
        tradingViewOnly: strategy!.tradingViewOnly,
        silentAfterMinutes: strategy!.silentAfterMinutes,
      };
      for (const nothing of [{}, { settings: {} }, same, { name: strategy!.name }]) {
        const patched = await call<Strategy>(ada, 'PATCH', `/api/strategies/${strategy!.id}`, nothing);
        expect(patched.status).toBe(200);
        expect(patched.body).toEqual(strategy);
      }
      const named = await call<Strategy>(ada, 'PATCH', `/api/strategies/${strategy!.id}`, { name: 'Main' });
      expect(named.body.updatedAt).toBe(clock());
    });

    it('should refuse to delete the Default strategy (the webhook URL), and delete another', async () => {
      const [only] = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data;
      const refused = await call<{ message: string }>(ada, 'DELETE', `/api/strategies/${only!.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Default cannot be deleted/);

      const other = await call<Strategy>(ada, 'POST', '/api/strategies', { name: 'Other' });
      expect(
        (await testApp.app.inject({ method: 'DELETE', url: `/api/strategies/${other.body.id}`, headers: ada.headers }))
          .statusCode,
      ).toBe(204);
      expect((await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data).toHaveLength(1);
    });

    it('should rotate a URL: the old one is unknown from then on', async () => {
      const [strategy] = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data;
      const rotated = await call<Strategy>(ada, 'POST', `/api/strategies/${strategy!.id}/rotate`);
      expect(rotated.body.webhookUrl).not.toBe(strategy!.webhookUrl);
      const old = await testApp.app.inject({ method: 'POST', url: ada.webhookPath, payload: '{}' });
      expect(old.statusCode).toBe(404);
    });

    it('should reset the account, and replay the signals into the same account', async () => {
      await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
      await alert(ada.webhookPath, START + 2 * MINUTE + 1000, { ticker: 'BTCUSD', action: 'exit' });
      const [strategy] = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data;
      const before = (await call<Performance>(ada, 'GET', '/api/performance')).body;

      const replayed = await call<{ trades: number; performance: Performance }>(
        ada,
        'POST',
        `/api/strategies/${strategy!.id}/replay`,
        {},
      );
      expect(replayed.status).toBe(200);
      expect(replayed.body.trades).toBe(1);
      expect(replayed.body.performance).toMatchObject({ realisedPnl: before.realisedPnl, tradeCount: 1 });

      const what = await call<{ performance: Performance }>(ada, 'POST', `/api/strategies/${strategy!.id}/replay`, {
        settings: { feeBps: 0 },
      });
      expect(what.body.performance.realisedPnl).toBe(20);

      const reset = await call<Strategy>(ada, 'POST', `/api/strategies/${strategy!.id}/reset`);
      expect(reset.status).toBe(200);
      expect((await call<Performance>(ada, 'GET', '/api/performance')).body).toMatchObject({
        tradeCount: 0,
        equity: 10_000,
      });
    });
  });

  describe('replay', () => {
    const strategyId = async () => (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data[0]!.id;
    /** What a trader reads of the account: trades (with their ids, which a replay that changes nothing keeps), the metrics, the outcomes. */
    const account = async (signalIds: string[]) => ({
      trades: (await call<TradePage>(ada, 'GET', '/api/trades')).body.data,
      performance: (await call<Performance>(ada, 'GET', '/api/performance')).body,
      outcomes: await Promise.all(
        signalIds.map(async (id) => (await call<SignalWithRaw>(ada, 'GET', `/api/signals/${id}`)).body.outcome),
      ),
    });

    it('should reproduce an account with a position closed by hand: buy, close, buy again', async () => {
      await upsertCandles(testApp.database.db, 'BTC', [candle(START + 3 * MINUTE, 52_000)]);
      const first = await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
      clock.advance(START + 2 * MINUTE + 30_000 - clock());
      const [position] = (await call<PositionList>(ada, 'GET', '/api/positions')).body.data;
      const closed = await call<Trade>(ada, 'POST', `/api/positions/${position!.id}/close`);
      expect(closed.body).toMatchObject({ exitReason: 'manual', entryPrice: 50_000, exitPrice: 51_000, netPnl: 17.98 });
      // Received after the close: a new position, at 09:02's close.
      const second = await alert(ada.webhookPath, START + 3 * MINUTE + 5000, { ticker: 'BTCUSD', action: 'buy' });
      clock.advance(MINUTE);
      await testApp.app.paper.run();

      const live = await account([first, second]);
      expect(live.trades).toEqual([
        expect.objectContaining({ status: 'open', entryPrice: 49_000, entrySignalIds: [second] }),
        expect.objectContaining({
          status: 'closed',
          exitReason: 'manual',
          entrySignalIds: [first],
          exitSignalId: null,
        }),
      ]);
      expect(live.outcomes).toEqual([
        expect.objectContaining({ status: 'executed', side: 'buy', price: 50_000 }),
        expect.objectContaining({ status: 'executed', side: 'buy', price: 49_000 }),
      ]);

      const replayed = await call<ReplayResult>(ada, 'POST', `/api/strategies/${await strategyId()}/replay`, {});
      expect(replayed.status).toBe(200);
      expect(replayed.body).toMatchObject({
        dryRun: false,
        settingsSaved: false,
        signals: 2,
        trades: 1,
        manualCloses: { applied: 1, skipped: 0 },
      });
      expect(await account([first, second])).toEqual(live);
      expect(replayed.body.performance).toEqual(live.performance);

      // The open position a page showed before the replay is still there by its id: closing it from that page works.
      const open = live.trades.find((trade) => trade.status === 'open')!;
      const closedAfterReplay = await call<Trade>(ada, 'POST', `/api/positions/${open.id}/close`);
      expect(closedAfterReplay.status).toBe(200);
      expect(closedAfterReplay.body).toMatchObject({ id: open.id, exitReason: 'manual', entrySignalIds: [second] });
    });

    it('should forget positions closed by hand when the account is reset', async () => {
      await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
      clock.advance(MINUTE);
      const [position] = (await call<PositionList>(ada, 'GET', '/api/positions')).body.data;
      expect((await call(ada, 'POST', `/api/positions/${position!.id}/close`)).status).toBe(200);
      const id = await strategyId();
      expect((await call<ReplayResult>(ada, 'POST', `/api/strategies/${id}/replay`, {})).body.manualCloses).toEqual({
        applied: 1,
        skipped: 0,
      });

      expect((await call(ada, 'POST', `/api/strategies/${id}/reset`)).status).toBe(200);
      const afterReset = await call<ReplayResult>(ada, 'POST', `/api/strategies/${id}/replay`, {});
      expect(afterReset.body).toMatchObject({ trades: 0, manualCloses: { applied: 0, skipped: 0 } });
      expect(await testApp.database.db.selectFrom('paper_account_events').selectAll().execute()).toEqual([]);
    });

    it('should preview other settings with dryRun, saving nothing, as a replay with them would give', async () => {
      const buy = await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
      const exit = await alert(ada.webhookPath, START + 2 * MINUTE + 1000, { ticker: 'BTCUSD', action: 'exit' });
      const id = await strategyId();
      const before = await account([buy, exit]);

      const preview = await call<ReplayResult>(ada, 'POST', `/api/strategies/${id}/replay`, {
        settings: { feeBps: 0 },
        dryRun: true,
      });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        dryRun: true,
        settingsSaved: false,
        settings: { feeBps: 0 },
        strategy: { settings: { feeBps: 10 } },
        signals: 2,
        trades: 1,
      });
      // Without fees the trade makes its 20 USD in full.
      expect(preview.body.performance).toMatchObject({ tradeCount: 1, netPnl: 20, winRate: 1, maxDrawdown: 0 });

      // Nothing changed: settings, trades, metrics and outcomes are as they were.
      expect((await call<Strategy>(ada, 'GET', `/api/strategies/${id}`)).body.settings.feeBps).toBe(10);
      expect(await account([buy, exit])).toEqual(before);

      // The same settings for real: saved, and the account is what the preview said.
      const replayed = await call<ReplayResult>(ada, 'POST', `/api/strategies/${id}/replay`, {
        settings: { feeBps: 0 },
      });
      expect(replayed.body).toMatchObject({ dryRun: false, settingsSaved: true, settings: { feeBps: 0 } });
      expect((await call<Strategy>(ada, 'GET', `/api/strategies/${id}`)).body.settings.feeBps).toBe(0);
      expect(replayed.body.performance).toEqual(preview.body.performance);
    });

    it('should refuse a dry run with invalid settings, naming the setting', async () => {
      const id = await strategyId();
      const refused = await call<{ errors: Record<string, string[]> }>(ada, 'POST', `/api/strategies/${id}/replay`, {
        settings: { feeBps: -1 },
        dryRun: true,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'settings.feeBps': ['Fee must be at least 0 bps'] });
      const notBoolean = await call<{ errors: Record<string, string[]> }>(ada, 'POST', `/api/strategies/${id}/replay`, {
        dryRun: 'yes',
      });
      expect(notBoolean.status).toBe(422);
      expect(Object.keys(notBoolean.body.errors)).toEqual(['dryRun']);
    });
  });

  describe('between traders', () => {
    it("should show nobody another trader's strategies, positions, trades or performance, and answer their ids 404", async () => {
      const grace = await signUpTrader(testApp.app, 'Grace');
      await alert(ada.webhookPath, START + MINUTE + 1000, { ticker: 'BTCUSD', action: 'buy' });
      const [adaStrategy] = (await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data;
      const [adaPosition] = (await call<PositionList>(ada, 'GET', '/api/positions')).body.data;

      expect((await call<StrategyList>(grace, 'GET', '/api/strategies')).body.data.map((s) => s.id)).not.toContain(
        adaStrategy!.id,
      );
      expect((await call<PositionList>(grace, 'GET', '/api/positions')).body.data).toEqual([]);
      expect((await call<TradePage>(grace, 'GET', '/api/trades')).body.data).toEqual([]);
      expect((await call<Performance>(grace, 'GET', '/api/performance')).body.tradeCount).toBe(0);
      for (const [method, url] of [
        ['GET', `/api/strategies/${adaStrategy!.id}`],
        ['PATCH', `/api/strategies/${adaStrategy!.id}`],
        ['DELETE', `/api/strategies/${adaStrategy!.id}`],
        ['POST', `/api/strategies/${adaStrategy!.id}/rotate`],
        ['POST', `/api/strategies/${adaStrategy!.id}/reset`],
        ['POST', `/api/strategies/${adaStrategy!.id}/replay`],
        ['POST', `/api/positions/${adaPosition!.id}/close`],
        ['GET', `/api/positions?strategy=${adaStrategy!.id}`],
        ['GET', `/api/trades?strategy=${adaStrategy!.id}`],
        ['GET', `/api/performance?strategy=${adaStrategy!.id}`],
        ['GET', `/api/performance/equity?strategy=${adaStrategy!.id}`],
        ['GET', `/api/performance/breakdown?by=pair&strategy=${adaStrategy!.id}`],
      ] as const) {
        const response = await call(grace, method, url, method === 'GET' ? undefined : {});
        expect(response.status, `${method} ${url}`).toBe(404);
      }
      // Ada's account is as it was.
      expect((await call<PositionList>(ada, 'GET', '/api/positions')).body.data).toHaveLength(1);
      expect((await call<StrategyList>(ada, 'GET', '/api/strategies')).body.data[0]!.webhookUrl).toBe(ada.webhookUrl);
    });
  });
});

describe('the paper executor on PostgreSQL, beside other schemas and other instances', () => {
  let testApp: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let ada: SignedInTrader;
  const opened: { cleanup(): Promise<void> }[] = [];

  beforeEach(async () => {
    clock = manualClock(START);
    testApp = await createTestApp('postgres', {}, { clock });
    ada = await signUpTrader(testApp.app, 'Ada');
    await upsertCandles(testApp.database.db, 'BTC', [candle(START, 50_000), candle(START + MINUTE, 51_000)]);
  });

  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.cleanup();
    await testApp.cleanup();
  });

  /** Takes the strategy's account lock in a transaction of `db` and holds it until `release()`. */
  const holdLock = async (db: Kysely<Database>, strategyId: number) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const locked = new Promise<void>((resolve) => (taken = resolve));
    const transaction = writeTransaction(db, async (trx) => {
      await lockAccount(trx, strategyId, true);
      taken();
      await released;
    });
    await locked;
    return async () => {
      release();
      await transaction;
    };
  };

  const buy = async () => {
    clock.advance(START + MINUTE + 1000 - clock());
    const response = await testApp.app.inject({
      method: 'POST',
      url: ada.webhookPath,
      payload: JSON.stringify({ ticker: 'BTCUSD', action: 'buy' }),
      headers: { 'content-type': 'text/plain' },
    });
    return response.json<{ id: string }>().id;
  };
  const outcome = async (id: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/signals/${id}`, headers: ada.headers })).json<SignalWithRaw>()
      .outcome;
  const strategyId = async () =>
    Number(
      (await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: ada.headers })).json<StrategyList>()
        .data[0]!.id,
    );

  it("should decide a signal while another schema's instance holds the lock of its own strategy with the same id", async () => {
    // Another deployment (or test) on the same database, whose strategy has Ada's strategy's id.
    const other: OpenTestDatabase = await openTestDatabase('postgres');
    opened.push(other);
    const release = await holdLock(other.database.db, await strategyId());
    try {
      const id = await buy();
      await testApp.app.paper.run();
      expect(await outcome(id)).toMatchObject({ status: 'executed', side: 'buy', price: 50_000 });
    } finally {
      await release();
    }
  });

  it('should leave a strategy to the instance of its own schema that holds its lock, and decide it once free', async () => {
    const instance: DatabaseHandle = await openDatabase(testApp.config);
    opened.push({ cleanup: () => instance.close() });
    const release = await holdLock(instance.db, await strategyId());
    const id = await buy();
    try {
      await testApp.app.paper.run();
      expect(await outcome(id)).toBeNull();
    } finally {
      await release();
    }
    await testApp.app.paper.run();
    expect(await outcome(id)).toMatchObject({ status: 'executed', price: 50_000 });
  });

  describe('given several traders whose signals are stepped as one batch', () => {
    const buyAs = async (trader: SignedInTrader) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: trader.webhookPath,
        payload: JSON.stringify({ ticker: 'BTCUSD', action: 'buy', quantity: 0.1 }),
        headers: { 'content-type': 'text/plain' },
      });
      return response.json<{ id: string }>().id;
    };
    const outcomeOf = async (trader: SignedInTrader, id: string) =>
      (
        await testApp.app.inject({ method: 'GET', url: `/api/signals/${id}`, headers: trader.headers })
      ).json<SignalWithRaw>().outcome;
    const positionsOf = async (trader: SignedInTrader) =>
      (await testApp.app.inject({ method: 'GET', url: '/api/positions', headers: trader.headers })).json<PositionList>()
        .data;
    const strategyOf = async (trader: SignedInTrader) =>
      Number(
        (
          await testApp.app.inject({ method: 'GET', url: '/api/strategies', headers: trader.headers })
        ).json<StrategyList>().data[0]!.id,
      );

    it("should skip the one another instance holds, and stream each trader's position with the id of their own trade row", async () => {
      const bob = await signUpTrader(testApp.app, 'Bob');
      const cy = await signUpTrader(testApp.app, 'Cy');
      clock.advance(START + MINUTE + 1000 - clock());
      const ids = { ada: await buyAs(ada), bob: await buyAs(bob), cy: await buyAs(cy) };
      const instance: DatabaseHandle = await openDatabase(testApp.config);
      opened.push({ cleanup: () => instance.close() });
      const release = await holdLock(instance.db, await strategyOf(bob));
      const published: StreamEvent[] = [];
      const executor = new PaperExecutor({
        db: testApp.database.db,
        dialect: 'postgres',
        clock,
        publish: (events) => published.push(...(Array.isArray(events) ? events : [events])),
        log: testApp.app.log,
      });
      try {
        await executor.run();
        expect(await outcomeOf(ada, ids.ada)).toMatchObject({ status: 'executed', quantity: 0.1, price: 50_000 });
        expect(await outcomeOf(cy, ids.cy)).toMatchObject({ status: 'executed', quantity: 0.1, price: 50_000 });
        expect(await outcomeOf(bob, ids.bob)).toBeNull();
      } finally {
        await release();
      }
      await executor.run();
      expect(await outcomeOf(bob, ids.bob)).toMatchObject({ status: 'executed', quantity: 0.1, price: 50_000 });

      // All three opened their strategy's trade number 1: each event names the row of its own trader's trade.
      for (const trader of [ada, bob, cy]) {
        const [position] = await positionsOf(trader);
        const streamed = published.filter(
          (event): event is Extract<StreamEvent, { event: 'position' }> =>
            event.event === 'position' && event.userId === trader.id,
        );
        expect(streamed).toHaveLength(1);
        expect(streamed[0]!.data).toMatchObject({ position: { id: position!.id, quantity: 0.1 } });
      }
    });
  });
});
