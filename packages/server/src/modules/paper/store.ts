import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database, PaperTradesTable, SignalsTable } from '../../db/schema';
import { SYMBOLS, type MarketSymbol } from '../market/markets';
import { markPrice, openAccount, positionPnl, type AccountState, type ClosedTrade, type Position } from './account';
import { MAX_QUOTE_AGE_MS, type ManualClose, type PaperEvent, type Quote } from './engine';
import type { PriceCandle } from './exits';
import type { Position as PositionJson, Trade as TradeJson } from './schemas';
import { strategySettingsSchema, type StrategySettings } from './settings';
import type { MarketPosition, PaperAction, PaperSignal } from './signal';

const isMarketPosition = (value: string | null): value is MarketPosition =>
  value === 'long' || value === 'flat' || value === 'short';

/*
 * Where paper trading meets the database: the account state, the signals and candles the engine reads, and the
 * trades it writes. Every write here runs inside the executor's transaction of a step (executor.ts).
 */

export const MINUTE_MS = 60_000;

type Db = Kysely<Database> | Transaction<Database>;

/** A pair's place in SYMBOLS: candles of one minute are applied in this order. */
const symbolOrder = (symbol: string) => SYMBOLS.indexOf(symbol as MarketSymbol);

export interface StoredAccount {
  strategyId: number;
  userId: number;
  settings: StrategySettings;
  state: AccountState;
  openedAt: number;
  candlesUntil: number;
}

/** Stored settings already read, by their text: most strategies share a few (the defaults above all). */
const parsedSettings = new Map<string, StrategySettings>();
const PARSED_SETTINGS_KEPT = 256;

export function parseStoredSettings(json: string): StrategySettings {
  let settings = parsedSettings.get(json);
  if (!settings) {
    settings = strategySettingsSchema.parse(JSON.parse(json)) as StrategySettings;
    if (parsedSettings.size >= PARSED_SETTINGS_KEPT) parsedSettings.delete(parsedSettings.keys().next().value!);
    parsedSettings.set(json, settings);
  }
  return structuredClone(settings);
}

const accountColumns = [
  'a.strategy_id',
  's.user_id',
  's.settings',
  'a.state',
  'a.opened_at',
  'a.candles_until',
] as const;

function storedAccount(row: {
  strategy_id: number;
  user_id: number;
  settings: string;
  state: string | null;
  opened_at: number;
  candles_until: number;
}): StoredAccount {
  const strategyId = Number(row.strategy_id);
  const settings = parseStoredSettings(row.settings);
  const openedAt = Number(row.opened_at);
  return {
    strategyId,
    userId: Number(row.user_id),
    settings,
    openedAt,
    candlesUntil: Number(row.candles_until),
    state:
      row.state === null
        ? openAccount({ strategyId, startingBalance: settings.startingBalance, openedAt })
        : (JSON.parse(row.state) as AccountState),
  };
}

/** A strategy's account as stored, or undefined when the strategy does not exist (deleted meanwhile). */
export async function loadAccount(db: Db, strategyId: number): Promise<StoredAccount | undefined> {
  const row = await db
    .selectFrom('paper_accounts as a')
    .innerJoin('strategies as s', 's.id', 'a.strategy_id')
    .select(accountColumns)
    .where('a.strategy_id', '=', strategyId)
    .executeTakeFirst();
  return row && storedAccount(row);
}

/** The accounts of `strategyIds` as stored, in one statement, by strategy (a strategy deleted meanwhile has none). */
export async function loadAccounts(db: Db, strategyIds: readonly number[]): Promise<Map<number, StoredAccount>> {
  const accounts = new Map<number, StoredAccount>();
  if (strategyIds.length === 0) return accounts;
  const rows = await db
    .selectFrom('paper_accounts as a')
    .innerJoin('strategies as s', 's.id', 'a.strategy_id')
    .select(accountColumns)
    .where('a.strategy_id', 'in', strategyIds)
    .execute();
  for (const row of rows) accounts.set(Number(row.strategy_id), storedAccount(row));
  return accounts;
}

/** Whether candles must be applied one by one: a signal waits for an open, or a position has a stop or target. */
export function watchesCandles(state: AccountState): boolean {
  return (
    state.pending.length > 0 ||
    Object.values(state.positions).some((position) => position.stopLoss !== null || position.takeProfit !== null)
  );
}

/**
 * Saves several accounts in one statement (an UPDATE from arrays on PostgreSQL, from a JSON array on SQLite), each
 * row as saveAccount writes it.
 */
export async function saveAccounts(
  db: Db,
  dialect: Dialect,
  accounts: readonly StoredAccount[],
  now: number,
): Promise<void> {
  if (accounts.length <= 1) {
    for (const account of accounts) await saveAccount(db, account, now);
    return;
  }
  if (dialect === 'sqlite') {
    const values = accounts.map((account) => [
      account.strategyId,
      JSON.stringify(account.state),
      account.candlesUntil,
      watchesCandles(account.state) ? 1 : 0,
    ]);
    await sql`update paper_accounts
      set state = v.value ->> 1, candles_until = v.value ->> 2, watches_candles = v.value ->> 3, updated_at = ${now}
      from json_each(${JSON.stringify(values)}) as v
      where paper_accounts.strategy_id = v.value ->> 0`.execute(db);
    return;
  }
  await sql`update paper_accounts as a
    set state = v.state, candles_until = v.candles_until, watches_candles = v.watches_candles, updated_at = ${now}
    from unnest(
      ${accounts.map((account) => account.strategyId)}::bigint[],
      ${accounts.map((account) => JSON.stringify(account.state))}::text[],
      ${accounts.map((account) => account.candlesUntil)}::bigint[],
      ${accounts.map((account) => (watchesCandles(account.state) ? 1 : 0))}::integer[]
    ) as v(strategy_id, state, candles_until, watches_candles)
    where a.strategy_id = v.strategy_id`.execute(db);
}

export async function saveAccount(db: Db, account: StoredAccount, now: number): Promise<void> {
  await db
    .updateTable('paper_accounts')
    .set({
      state: JSON.stringify(account.state),
      candles_until: account.candlesUntil,
      watches_candles: watchesCandles(account.state) ? 1 : 0,
      updated_at: now,
    })
    .where('strategy_id', '=', account.strategyId)
    .execute();
}

/** The accepted signal as the engine reads it. */
export function paperSignal(row: Pick<Selectable<SignalsTable>, SignalEngineColumn>): PaperSignal {
  return {
    id: Number(row.id),
    ticker: row.ticker ?? '',
    action: (row.action ?? 'close') as PaperAction,
    price: row.price,
    quantity: row.quantity,
    positionSize: row.position_size,
    marketPosition: isMarketPosition(row.market_position) ? row.market_position : null,
    prevMarketPosition: isMarketPosition(row.prev_market_position) ? row.prev_market_position : null,
    prevPositionSize: row.prev_position_size,
    stopLoss: row.stop_loss,
    takeProfit: row.take_profit,
    alertTime: row.alert_time === null ? null : Number(row.alert_time),
    receivedAt: Number(row.received_at),
  };
}

export const SIGNAL_ENGINE_COLUMNS = [
  'id',
  'ticker',
  'action',
  'price',
  'quantity',
  'position_size',
  'market_position',
  'prev_market_position',
  'prev_position_size',
  'stop_loss',
  'take_profit',
  'alert_time',
  'received_at',
] as const;
type SignalEngineColumn = (typeof SIGNAL_ENGINE_COLUMNS)[number];

/** Accepted signals that have no outcome yet, with the columns the engine reads and their strategy's id. */
function undecidedBase(db: Db) {
  return db
    .selectFrom('signals as s')
    .select(['s.strategy_id', ...SIGNAL_ENGINE_COLUMNS.map((column) => `s.${column}` as const)])
    .where('s.status', '=', 'accepted')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('signal_outcomes as o').select('o.signal_id').whereRef('o.signal_id', '=', 's.id')),
      ),
    );
}

/**
 * The query for one strategy's accepted signals that have no outcome yet, in execution order (receipt, then id), at
 * most `limit`: `strategy` is its id, or (in undecidedSignalsOf's lateral join) a reference to the column holding it.
 */
function undecidedQuery(db: Db, strategy: number | RawBuilder<number>, limit: number) {
  return undecidedBase(db).where('s.strategy_id', '=', strategy).orderBy('s.received_at').orderBy('s.id').limit(limit);
}

export async function undecidedSignals(db: Db, strategyId: number, limit: number): Promise<PaperSignal[]> {
  return (await undecidedQuery(db, strategyId, limit).execute()).map(paperSignal);
}

/**
 * undecidedSignals of several strategies in one statement, each strategy's list in execution order and at most
 * `limit` long: on PostgreSQL the same query per strategy as a lateral join, on SQLite (which has no lateral joins)
 * each strategy's signals numbered in execution order and the first `limit` kept. Only ids above `aboveId` are read
 * (the executor's watermark: every signal at or below it is decided), so the read costs what is new, not the history.
 */
export async function undecidedSignalsOf(
  db: Db,
  dialect: Dialect,
  strategyIds: readonly number[],
  limit: number,
  aboveId = 0,
): Promise<Map<number, PaperSignal[]>> {
  const byStrategy = new Map<number, PaperSignal[]>(strategyIds.map((id) => [id, []]));
  if (strategyIds.length === 0) return byStrategy;
  const rows =
    dialect === 'postgres'
      ? await db
          .selectFrom(sql<{ id: number }>`unnest(${[...strategyIds]}::bigint[])`.as('q'))
          .innerJoinLateral(
            undecidedQuery(db, sql.ref<number>('q.q'), limit).where('s.id', '>', aboveId).as('u'),
            (join) => join.onTrue(),
          )
          .selectAll('u')
          .execute()
      : await db
          .selectFrom(
            undecidedBase(db)
              .select(sql<number>`row_number() over (partition by s.strategy_id order by s.received_at, s.id)`.as('n'))
              .where('s.strategy_id', 'in', [...strategyIds])
              .where('s.id', '>', aboveId)
              .as('u'),
          )
          .selectAll('u')
          .where('u.n', '<=', limit)
          .execute();
  for (const row of rows) byStrategy.get(Number(row.strategy_id))!.push(paperSignal(row));
  for (const signals of byStrategy.values()) signals.sort((a, b) => a.receivedAt - b.receivedAt || a.id - b.id);
  return byStrategy;
}

/** The last trade price at `time`: the close of the pair's latest 1m candle finished by then. */
export async function quoteAt(db: Db, symbol: string, time: number): Promise<Quote | null> {
  if (!(SYMBOLS as readonly string[]).includes(symbol)) return null;
  const candle = await db
    .selectFrom('candles_1m')
    .select(['time', 'close'])
    .where('symbol', '=', symbol)
    .where('time', '<=', time - MINUTE_MS)
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return candle ? { price: candle.close, time: Number(candle.time) + MINUTE_MS } : null;
}

export interface SymbolCandle {
  symbol: MarketSymbol;
  candle: PriceCandle;
}

/**
 * Every pair's 1m candles that closed in (from, to], in the order the engine applies them: by close, then the
 * listed pairs' order (as replay.ts does).
 */
export async function candlesClosingBetween(db: Db, from: number, to: number): Promise<SymbolCandle[]> {
  if (to <= from) return [];
  const rows = await db
    .selectFrom('candles_1m')
    .select(['symbol', 'time', 'open', 'high', 'low', 'close'])
    .where('time', '>', from - MINUTE_MS)
    .where('time', '<=', to - MINUTE_MS)
    .where('symbol', 'in', [...SYMBOLS])
    .execute();
  return rows
    .map((row) => ({
      symbol: row.symbol as MarketSymbol,
      candle: { time: Number(row.time), open: row.open, high: row.high, low: row.low, close: row.close },
    }))
    .sort((a, b) => a.candle.time - b.candle.time || symbolOrder(a.symbol) - symbolOrder(b.symbol));
}

/** How far the stored market data is final, for the executor. */
export interface MarketProgress {
  /**
   * The time up to which every live pair's stored 1m candles are final: the start of the newest stored minute of
   * the live pair that lags most (the feed stores a minute's final values once the next minute opens). A pair
   * whose data stopped more than MAX_QUOTE_AGE_MS ago is not live and does not hold it back; with no live pair
   * at all, nothing newer than MAX_QUOTE_AGE_MS ago is final (a feed that is starting is waited for).
   */
  settled: number;
  /** Each pair's newest stored minute (its start), when it has one. */
  newest: ReadonlyMap<string, number>;
}

export async function marketProgress(db: Db, now: number): Promise<MarketProgress> {
  // One statement: each pair's newest minute is one step down its index.
  const row = await db
    .selectNoFrom((eb) =>
      SYMBOLS.map((symbol) =>
        eb
          .selectFrom('candles_1m')
          .select('time')
          .where('symbol', '=', symbol)
          .orderBy('time', 'desc')
          .limit(1)
          .as(symbol),
      ),
    )
    .executeTakeFirstOrThrow();
  const newest = new Map<string, number>();
  let settled = Infinity;
  for (const symbol of SYMBOLS) {
    const latest = (row as Record<string, number | string | null>)[symbol];
    if (latest === null || latest === undefined) continue;
    const time = Number(latest);
    newest.set(symbol, time);
    if (time > now - MAX_QUOTE_AGE_MS) settled = Math.min(settled, time);
  }
  return { settled: Number.isFinite(settled) ? Math.min(settled, now) : now - MAX_QUOTE_AGE_MS, newest };
}

/** Each pair's latest 1m candle that closed in (from, to]: all an account without stops or pending signals needs. */
export async function lastCandlesClosingBetween(db: Db, from: number, to: number): Promise<SymbolCandle[]> {
  if (to <= from) return [];
  // One statement: a step down each pair's index, in SYMBOLS order.
  const latest = (symbol: MarketSymbol) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('candles_1m')
          .select(['symbol', 'time', 'open', 'high', 'low', 'close'])
          .where('symbol', '=', symbol)
          .where('time', '>', from - MINUTE_MS)
          .where('time', '<=', to - MINUTE_MS)
          .orderBy('time', 'desc')
          .limit(1)
          .as('c'),
      )
      .selectAll('c');
  const [first, ...rest] = SYMBOLS;
  const rows = await rest.reduce((query, symbol) => query.unionAll(latest(symbol)), latest(first!)).execute();
  return rows
    .sort((a, b) => symbolOrder(a.symbol) - symbolOrder(b.symbol))
    .map(({ symbol, ...candle }) => ({
      symbol: symbol as MarketSymbol,
      candle: { ...candle, time: Number(candle.time) },
    }));
}

/** Rows per statement, within both databases' limits on statement parameters (21 columns a trade, 3 a point). */
const TRADES_PER_INSERT = 400;
const POINTS_PER_INSERT = 2_000;

/** What the stream should say of the trades and positions an account's events wrote. */
export interface WrittenEvents {
  trades: TradeJson[];
  positions: { symbol: string; position: PositionJson | null }[];
}

/**
 * The trades and equity the engine's events describe, written as rows (each trade once, as the events leave it:
 * one statement for all of them, one for the equity points); returns what the stream should say.
 */
export async function writeEvents(
  db: Db,
  account: { strategyId: number; userId: number },
  events: readonly PaperEvent[],
  state: AccountState,
): Promise<WrittenEvents> {
  return (await writeEventsOf(db, [{ account, events, state }]))[0]!;
}

/** writeEvents for several accounts at once: their trades in one statement, their equity points in another. */
export async function writeEventsOf(
  db: Db,
  written: readonly {
    account: { strategyId: number; userId: number };
    events: readonly PaperEvent[];
    state: AccountState;
  }[],
): Promise<WrittenEvents[]> {
  const tradeKey = (strategyId: number, number: number) => `${strategyId} ${number}`;
  const rows = new Map<string, TradeRow>();
  const equityRows: { strategy_id: number; time: number; equity: number }[] = [];
  for (const { account, events } of written) {
    for (const event of events) {
      if (event.type === 'trade') {
        rows.set(tradeKey(account.strategyId, event.trade.id), closedTradeRow(account, event.trade));
      } else if (event.type === 'position' && event.position) {
        rows.set(tradeKey(account.strategyId, event.position.id), openTradeRow(account, event.position));
      } else if (event.type === 'equity') {
        equityRows.push({ strategy_id: account.strategyId, time: event.point.time, equity: event.point.equity });
      }
    }
  }
  const ids = new Map<string, number>();
  const all = [...rows.values()];
  for (let start = 0; start < all.length; start += TRADES_PER_INSERT) {
    const inserted = await db
      .insertInto('paper_trades')
      .values(all.slice(start, start + TRADES_PER_INSERT))
      .onConflict((conflict) =>
        conflict.columns(['strategy_id', 'number']).doUpdateSet((update) => ({
          status: update.ref('excluded.status'),
          quantity: update.ref('excluded.quantity'),
          entry_price: update.ref('excluded.entry_price'),
          exit_price: update.ref('excluded.exit_price'),
          entry_fee: update.ref('excluded.entry_fee'),
          exit_fee: update.ref('excluded.exit_fee'),
          gross_pnl: update.ref('excluded.gross_pnl'),
          net_pnl: update.ref('excluded.net_pnl'),
          return_pct: update.ref('excluded.return_pct'),
          stop_loss: update.ref('excluded.stop_loss'),
          take_profit: update.ref('excluded.take_profit'),
          opened_at: update.ref('excluded.opened_at'),
          closed_at: update.ref('excluded.closed_at'),
          entry_signal_ids: update.ref('excluded.entry_signal_ids'),
          exit_signal_id: update.ref('excluded.exit_signal_id'),
          exit_reason: update.ref('excluded.exit_reason'),
        })),
      )
      .returning(['id', 'strategy_id', 'number'])
      .execute();
    for (const row of inserted) ids.set(tradeKey(Number(row.strategy_id), Number(row.number)), Number(row.id));
  }
  for (let start = 0; start < equityRows.length; start += POINTS_PER_INSERT) {
    await db
      .insertInto('paper_equity')
      .values(equityRows.slice(start, start + POINTS_PER_INSERT))
      .execute();
  }

  return written.map(({ account, events, state }) => {
    const trades: TradeJson[] = [];
    const positions: { symbol: string; position: PositionJson | null }[] = [];
    for (const event of events) {
      if (event.type === 'trade') {
        const id = ids.get(tradeKey(account.strategyId, event.trade.id))!;
        trades.push(tradeJson({ ...closedTradeRow(account, event.trade), id }));
      } else if (event.type === 'position') {
        positions.push({
          symbol: event.symbol,
          position:
            event.position &&
            positionJson(ids.get(tradeKey(account.strategyId, event.position.id))!, event.position, state),
        });
      }
    }
    return { trades, positions };
  });
}

type TradeRow = Omit<Selectable<PaperTradesTable>, 'id'>;

function closedTradeRow(account: { strategyId: number; userId: number }, trade: ClosedTrade): TradeRow {
  return {
    strategy_id: account.strategyId,
    user_id: account.userId,
    number: trade.id,
    symbol: trade.symbol,
    side: trade.side,
    status: 'closed',
    quantity: trade.quantity,
    entry_price: trade.entryPrice,
    exit_price: trade.exitPrice,
    entry_fee: trade.entryFee,
    exit_fee: trade.exitFee,
    gross_pnl: trade.grossPnl,
    net_pnl: trade.netPnl,
    return_pct: trade.returnPct,
    stop_loss: null,
    take_profit: null,
    opened_at: trade.openedAt,
    closed_at: trade.closedAt,
    entry_signal_ids: JSON.stringify(trade.entrySignalIds),
    exit_signal_id: trade.exitSignalId,
    exit_reason: trade.exitReason,
  };
}

function openTradeRow(account: { strategyId: number; userId: number }, position: Position): TradeRow {
  return {
    strategy_id: account.strategyId,
    user_id: account.userId,
    number: position.id,
    symbol: position.symbol,
    side: position.side,
    status: 'open',
    quantity: position.quantity,
    entry_price: position.entryPrice,
    exit_price: null,
    entry_fee: position.entryFees,
    exit_fee: null,
    gross_pnl: null,
    net_pnl: null,
    return_pct: null,
    stop_loss: position.stopLoss?.price ?? null,
    take_profit: position.takeProfit?.price ?? null,
    opened_at: position.openedAt,
    closed_at: null,
    entry_signal_ids: JSON.stringify(position.entrySignalIds),
    exit_signal_id: null,
    exit_reason: null,
  };
}

/**
 * Before a replay writes its trades: deletes the strategy's equity, and every trade row the replay does not
 * reproduce (the same number, pair, side and opening time). The rows it reproduces are updated in place by
 * writeEvents and keep their ids, so a position or trade a page shows is still there after a replay that
 * changed nothing (a close sent from another tab still finds its position).
 */
export async function clearTradesNotReplayed(
  db: Db,
  strategyId: number,
  replayed: readonly { id: number; symbol: string; side: string; openedAt: number }[],
): Promise<void> {
  const identity = (number: number, symbol: string, side: string, openedAt: number) =>
    `${number} ${symbol} ${side} ${openedAt}`;
  const kept = new Set(replayed.map((trade) => identity(trade.id, trade.symbol, trade.side, trade.openedAt)));
  const rows = await db
    .selectFrom('paper_trades')
    .select(['id', 'number', 'symbol', 'side', 'opened_at'])
    .where('strategy_id', '=', strategyId)
    .execute();
  const stale = rows
    .filter((row) => !kept.has(identity(Number(row.number), row.symbol, row.side, Number(row.opened_at))))
    .map((row) => Number(row.id));
  for (let start = 0; start < stale.length; start += POINTS_PER_INSERT) {
    await db
      .deleteFrom('paper_trades')
      .where('id', 'in', stale.slice(start, start + POINTS_PER_INSERT))
      .execute();
  }
  await db.deleteFrom('paper_equity').where('strategy_id', '=', strategyId).execute();
}

/** Deletes a strategy's trades and equity (a reset starts them again). */
export async function clearTrades(db: Db, strategyId: number): Promise<void> {
  await db.deleteFrom('paper_trades').where('strategy_id', '=', strategyId).execute();
  await db.deleteFrom('paper_equity').where('strategy_id', '=', strategyId).execute();
}

/**
 * How far the account's timeline has gone: every candle closing and every signal received at or before this time
 * has been applied to it, nothing later (a signal waiting for its minute's market data is later). Something done
 * to the account now, by hand, falls here on its timeline; replay does it again at the same place.
 */
export async function timelinePosition(db: Db, account: StoredAccount): Promise<number> {
  const latest = await db
    .selectFrom('signals as s')
    .innerJoin('signal_outcomes as o', 'o.signal_id', 's.id')
    .select((eb) => eb.fn.max('s.received_at').as('time'))
    .where('s.strategy_id', '=', account.strategyId)
    .where('s.received_at', '>=', account.openedAt)
    .executeTakeFirst();
  return Math.max(account.candlesUntil, latest?.time == null ? -Infinity : Number(latest.time));
}

/** Keeps a position closed by hand, for replay. */
export async function recordManualClose(db: Db, strategyId: number, close: ManualClose): Promise<void> {
  await db
    .insertInto('paper_account_events')
    .values({
      strategy_id: strategyId,
      type: 'manual_close',
      symbol: close.symbol,
      time: close.time,
      after_time: close.after,
      price: close.price,
    })
    .execute();
}

/** The positions closed by hand in the account opened at `openedAt`, in the order they were made. */
export async function manualCloses(db: Db, strategyId: number, openedAt: number): Promise<ManualClose[]> {
  const rows = await db
    .selectFrom('paper_account_events')
    .select(['symbol', 'time', 'after_time', 'price'])
    .where('strategy_id', '=', strategyId)
    .where('type', '=', 'manual_close')
    .where('time', '>=', openedAt)
    .orderBy('after_time')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    time: Number(row.time),
    after: Number(row.after_time),
    price: row.price,
  }));
}

/** Deletes what was done to the account by hand (a reset opens a new account, which has none of it). */
export async function clearAccountEvents(db: Db, strategyId: number): Promise<void> {
  await db.deleteFrom('paper_account_events').where('strategy_id', '=', strategyId).execute();
}

const ids = (json: string) => (JSON.parse(json) as number[]).map(String);

export function tradeJson(row: Selectable<PaperTradesTable>): TradeJson {
  return {
    id: String(row.id),
    strategyId: String(row.strategy_id),
    symbol: row.symbol as MarketSymbol,
    side: row.side,
    status: row.status,
    quantity: row.quantity,
    entryPrice: row.entry_price,
    exitPrice: row.exit_price,
    entryFee: row.entry_fee,
    exitFee: row.exit_fee,
    fees: row.status === 'closed' ? Math.round((row.entry_fee + (row.exit_fee ?? 0)) * 1e6) / 1e6 : row.entry_fee,
    grossPnl: row.gross_pnl,
    netPnl: row.net_pnl,
    returnPct: row.return_pct,
    openedAt: Number(row.opened_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    entrySignalIds: ids(row.entry_signal_ids),
    exitSignalId: row.exit_signal_id === null ? null : String(row.exit_signal_id),
    exitReason: row.exit_reason as TradeJson['exitReason'],
  };
}

export function positionJson(id: number, position: Position, state: AccountState): PositionJson {
  const mark = markPrice(state, position);
  return {
    id: String(id),
    strategyId: String(position.strategyId),
    symbol: position.symbol as MarketSymbol,
    side: position.side,
    quantity: position.quantity,
    entryPrice: position.entryPrice,
    markPrice: mark,
    unrealisedPnl: positionPnl(position, mark),
    entryFees: position.entryFees,
    stopLoss: position.stopLoss?.price ?? null,
    takeProfit: position.takeProfit?.price ?? null,
    openedAt: position.openedAt,
    entrySignalIds: position.entrySignalIds.map(String),
  };
}

/** For a closed trade read back as the engine's ClosedTrade (metrics and breakdowns). */
export function closedTrade(row: Selectable<PaperTradesTable>): ClosedTrade {
  return {
    id: Number(row.id),
    strategyId: Number(row.strategy_id),
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    entryPrice: row.entry_price,
    exitPrice: row.exit_price!,
    entryFee: row.entry_fee,
    exitFee: row.exit_fee!,
    fees: Math.round((row.entry_fee + row.exit_fee!) * 1e6) / 1e6,
    grossPnl: row.gross_pnl!,
    netPnl: row.net_pnl!,
    returnPct: row.return_pct!,
    openedAt: Number(row.opened_at),
    closedAt: Number(row.closed_at),
    entrySignalIds: JSON.parse(row.entry_signal_ids) as number[],
    exitSignalId: row.exit_signal_id === null ? null : Number(row.exit_signal_id),
    exitReason: row.exit_reason as ClosedTrade['exitReason'],
  };
}

/**
 * The class id of a strategy's account lock on PostgreSQL, named after the schema: advisory locks belong to the
 * whole database, and two schemas (two deployments, or tests side by side) number their strategies from 1 alike.
 * Named after the schema, one deployment's lock on its strategy 1 never makes another skip its own strategy 1.
 */
const accountLockClass = sql`hashtext(${'signaldeck:paper-account:'} || current_schema())`;

/**
 * Tries to take several strategies' account locks for the transaction in one statement (PostgreSQL), never
 * waiting: the ones taken, in the order given (another instance holds the others).
 */
export async function tryLockAccounts(trx: Transaction<Database>, strategyIds: readonly number[]): Promise<number[]> {
  if (strategyIds.length === 0) return [];
  const { rows } = await sql<{
    id: number;
  }>`select q.id from unnest(${[...strategyIds]}::bigint[]) with ordinality as q(id, n)
    where pg_try_advisory_xact_lock(${accountLockClass}, q.id::int) order by q.n`.execute(trx);
  return rows.map((row) => Number(row.id));
}

/**
 * Takes the strategy's account lock for the transaction (PostgreSQL; on SQLite one process owns the database and
 * the executor runs one step at a time). `wait: false` gives up at once when another instance holds it.
 */
export async function lockAccount(trx: Transaction<Database>, strategyId: number, wait: boolean): Promise<boolean> {
  if (wait) {
    await sql`select pg_advisory_xact_lock(${accountLockClass}, ${strategyId}::int)`.execute(trx);
    return true;
  }
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${accountLockClass}, ${strategyId}::int) as locked`.execute(trx);
  return rows[0]!.locked;
}
