import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Clock } from '../../clock';
import { writeTransaction, type Dialect } from '../../db/connection';
import type { Database, StrategiesTable } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { escapeUnshown, hasVisibleCharacters } from '../../http/unshown';
import { validationError } from '../../http/validation';
import { SYMBOLS, type MarketSymbol } from '../market/markets';
import { decodeCursor, encodeCursor, TEST_ALERT_COMMENT, TEST_ALERT_ID_PREFIX } from '../signals/signal-queries';
import { webhookReachability } from '../signals/reachability';
import type { RefusalCounter } from '../signals/refusals';
import { insertStrategy, type WebhookSecrets } from '../signals/webhook-secrets';
import type { StreamEvent } from '../stream/events';
import { equity, unrealisedPnl, type AccountState, type ClosedTrade } from './account';
import { breakdown, type BreakdownBy } from './breakdowns';
import { closePositionAtMarket, resetAccount } from './engine';
import { INGEST_GRACE_MS, type PaperExecutor } from './executor';
import { equityCurve, performanceMetrics } from './metrics';
import { outcomeRow } from './outcomes';
import { replay } from './replay';
import type { Outcome } from './signal';
import type {
  Breakdown,
  EquityCurve,
  Performance,
  Position,
  ReplayResult,
  Strategy,
  Trade,
  TradePage,
} from './schemas';
import { applySettingsPatch, parseSettings, type StrategySettings } from './settings';
import {
  clearAccountEvents,
  clearTrades,
  clearTradesNotReplayed,
  closedTrade,
  loadAccount,
  manualCloses,
  MINUTE_MS,
  paperSignal,
  parseStoredSettings,
  positionJson,
  quoteAt,
  recordManualClose,
  saveAccount,
  SIGNAL_ENGINE_COLUMNS,
  timelinePosition,
  tradeJson,
  writeEvents,
  type StoredAccount,
} from './store';

/** A user has 1 to this many strategies. */
export const MAX_STRATEGIES = 20;

export const STRATEGY_NOT_FOUND = 'Strategy not found.';

/** How many of a URL's latest alerts tell which TradingView strategies send to it, and how many of those are named. */
const ALERT_STRATEGIES_WINDOW = 500;
const MAX_ALERT_STRATEGIES = 10;
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

export const POSITION_NOT_FOUND = 'Position not found (or already closed).';

/**
 * How a trader's strategy names are compared: trimmed, in one Unicode form (NFC), whatever their case, without the
 * characters drawn as nothing, and with any run of spaces (two spaces, a no-break space, an en space, a Braille
 * blank) read as one space, since they show alike. So "scalper 5m " is the name "Scalper 5m", and so are
 * "Scalper\u00a05m" and "Scalper 5m" with a zero-width space in it. A trader's names are distinct under it, and
 * alerts' strategy names are told apart by it.
 */
export const strategyNameKey = (name: string) =>
  name
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/[\s\u2800]+/gu, ' ')
    .trim()
    .normalize('NFC')
    .toLowerCase();

/**
 * The class id of the lock on a trader's strategy names on PostgreSQL (one per user, for the transaction), named
 * after the schema as the account lock is (store.ts).
 */
const namesLockClass = sql`hashtext(${'signaldeck:strategy-names:'} || current_schema())`;

/** Settings errors keyed as the body holds them (`settings.feeBps`). */
const settingsErrors = ({ errors, unlisted }: { errors: Record<string, string[]>; unlisted?: number }) =>
  validationError(
    Object.fromEntries(
      Object.entries(errors).map(([field, messages]) => [field === 'settings' ? field : `settings.${field}`, messages]),
    ),
    unlisted,
  );

/**
 * Strategies, positions, trades and performance for the API. Every read and write is scoped to the signed-in
 * user: another user's ids are answered as not found. Account changes go through the executor, so they run one
 * at a time with signal execution and under the account's lock.
 */
export class PaperService {
  readonly #db: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly #secrets: WebhookSecrets;
  readonly #executor: PaperExecutor;
  readonly #clock: Clock;
  readonly #refusals: RefusalCounter | undefined;

  constructor(options: {
    db: Kysely<Database>;
    dialect: Dialect;
    secrets: WebhookSecrets;
    executor: PaperExecutor;
    clock: Clock;
    /** What each strategy's URL refused before storing; without it, strategies report none. */
    refusals?: RefusalCounter;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#secrets = options.secrets;
    this.#executor = options.executor;
    this.#clock = options.clock;
    this.#refusals = options.refusals;
  }

  async #strategyRows(userId: number) {
    return this.#db
      .selectFrom('strategies as s')
      .innerJoin('paper_accounts as a', 'a.strategy_id', 's.id')
      .selectAll('s')
      .select('a.opened_at')
      .where('s.user_id', '=', userId)
      .orderBy('s.id')
      .execute();
  }

  async #json(
    userId: number,
    row: Selectable<StrategiesTable> & { opened_at: number },
    isDefault: boolean,
    url: (token: string) => string,
  ): Promise<Strategy> {
    const webhook = await this.#secrets.get(userId, row.id);
    const webhookUrl = url(webhook.token);
    const refused = (await this.#refusals?.readStrategies(userId))?.get(Number(row.id));
    const fresh = await this.#db
      .selectFrom('strategies')
      .select('rotated_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return {
      id: String(row.id),
      name: row.name,
      isDefault,
      webhookUrl,
      alertStrategies: await this.#alertStrategies(Number(row.id)),
      settings: parseStoredSettings(row.settings),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      rotatedAt: fresh.rotated_at === null ? null : Number(fresh.rotated_at),
      accountOpenedAt: Number(row.opened_at),
      tradingViewOnly: webhook.tradingViewOnly,
      reachability: webhookReachability(webhookUrl),
      refused: refused ?? { count: 0, lastAt: null, byStatus: {} },
      silentAfterMinutes: row.silent_after_minutes === null ? null : Number(row.silent_after_minutes),
    };
  }

  /**
   * The TradingView strategies whose alerts reach strategy `id`'s URL: the `strategy` field of the accepted alerts
   * among its latest ALERT_STRATEGIES_WINDOW of the last 7 days (a bounded read however busy the URL, rejected alerts
   * included), most alerts first. The app's own test alerts (named after this strategy) are not a sender. Names that
   * differ only in case, spacing or characters drawn as nothing are one, under their most used spelling.
   */
  async #alertStrategies(id: number): Promise<Strategy['alertStrategies']> {
    const latest = this.#db
      .selectFrom('signals')
      .select(['strategy', 'received_at', 'status', 'client_id', 'comment'])
      .where('strategy_id', '=', id)
      .where('received_at', '>=', this.#clock() - WEEK_MS)
      .orderBy('received_at', 'desc')
      .limit(ALERT_STRATEGIES_WINDOW)
      .as('latest');
    const rows = await this.#db
      .selectFrom(latest)
      .select(['strategy'])
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('received_at').as('last_at')])
      .where('status', '=', 'accepted')
      .where('strategy', 'is not', null)
      // The app's own test alerts: their id's prefix (compared exactly: SQLite's LIKE ignores case) and their comment.
      .where((eb) =>
        eb.not(
          eb.and([
            eb(sql`coalesce(substr(client_id, 1, ${TEST_ALERT_ID_PREFIX.length}), '')`, '=', TEST_ALERT_ID_PREFIX),
            eb(sql`coalesce(comment, '')`, '=', TEST_ALERT_COMMENT),
          ]),
        ),
      )
      .groupBy('strategy')
      .execute();
    const byKey = new Map<string, { spellings: Map<string, number>; count: number; lastAt: number }>();
    for (const row of rows) {
      const name = row.strategy!.trim();
      const key = strategyNameKey(name);
      // A name that shows nothing (a lone accent, blanks) names no sender the trader could tell.
      if (key === '' || !hasVisibleCharacters(name)) continue;
      const count = Number(row.count);
      const sender = byKey.get(key) ?? { spellings: new Map<string, number>(), count: 0, lastAt: 0 };
      sender.spellings.set(name, (sender.spellings.get(name) ?? 0) + count);
      sender.count += count;
      sender.lastAt = Math.max(sender.lastAt, Number(row.last_at));
      byKey.set(key, sender);
    }
    return [...byKey.values()]
      .map(({ spellings, count, lastAt }) => ({
        // Ties go to the first in code-point order, so the answer never depends on the database's row order.
        name: [...spellings].reduce((best, next) =>
          next[1] > best[1] || (next[1] === best[1] && next[0] < best[0]) ? next : best,
        )[0],
        count,
        lastAt,
      }))
      .sort((a, b) => b.count - a.count || b.lastAt - a.lastAt)
      .slice(0, MAX_ALERT_STRATEGIES);
  }

  async list(userId: number, url: (token: string) => string): Promise<Strategy[]> {
    if ((await this.#strategyRows(userId)).length === 0) await this.#secrets.defaultStrategyId(userId);
    const rows = await this.#strategyRows(userId);
    return Promise.all(rows.map((row, index) => this.#json(userId, row, index === 0, url)));
  }

  /** The user's strategy `id`, or a 404 (another user's ids included). */
  async get(userId: number, id: number, url: (token: string) => string): Promise<Strategy> {
    const rows = await this.#strategyRows(userId);
    const index = rows.findIndex((row) => Number(row.id) === id);
    if (index < 0) throw notFound(STRATEGY_NOT_FOUND);
    return this.#json(userId, rows[index]!, index === 0, url);
  }

  /** Throws a 404 unless `id` is one of the user's strategies. */
  async ownStrategy(userId: number, id: number): Promise<void> {
    const row = await this.#db
      .selectFrom('strategies')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound(STRATEGY_NOT_FOUND);
  }

  /**
   * The user's strategies (id and name), read in `trx` after taking the lock on their names: on PostgreSQL an
   * advisory lock held to the end of the transaction; on SQLite the write transaction itself (BEGIN IMMEDIATE)
   * already lets no other writer in. Two creates or renames of one trader run one after the other, so the second
   * sees the first's name.
   */
  async #lockNames(trx: Transaction<Database>, userId: number) {
    if (this.#dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${namesLockClass}, ${userId}::int)`.execute(trx);
    }
    return trx.selectFrom('strategies').select(['id', 'name']).where('user_id', '=', userId).execute();
  }

  /** A 422 on `name` when a strategy other than `exceptId` in `strategies` has the name `name`. */
  #refuseTakenName(strategies: { id: number; name: string }[], name: string, exceptId?: number) {
    const key = strategyNameKey(name);
    const other = strategies.find((row) => Number(row.id) !== exceptId && strategyNameKey(row.name) === key);
    if (other) throw validationError({ name: [`You already have a strategy named "${escapeUnshown(other.name)}".`] });
  }

  async create(
    userId: number,
    input: { name: string; settings?: unknown },
    url: (token: string) => string,
  ): Promise<Strategy> {
    const parsed = parseSettings(input.settings ?? {});
    if (!parsed.ok) throw settingsErrors(parsed);
    const { token: _token, ...tokenColumns } = await this.#secrets.newToken(userId);
    const id = await writeTransaction(this.#db, async (trx) => {
      const existing = await this.#lockNames(trx, userId);
      if (existing.length >= MAX_STRATEGIES) {
        throw validationError({
          name: [`A trader has at most ${MAX_STRATEGIES} strategies. Delete one to make room.`],
        });
      }
      this.#refuseTakenName(existing, input.name);
      return insertStrategy(trx, {
        userId,
        name: input.name,
        settings: JSON.stringify(parsed.settings),
        ...tokenColumns,
        now: this.#clock(),
      });
    });
    return this.get(userId, id, url);
  }

  async update(
    userId: number,
    id: number,
    input: { name?: string; settings?: unknown; tradingViewOnly?: boolean; silentAfterMinutes?: number | null },
    url: (token: string) => string,
  ): Promise<Strategy> {
    const row = await this.#db
      .selectFrom('strategies')
      .select(['name', 'settings', 'tradingview_only', 'silent_after_minutes'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound(STRATEGY_NOT_FOUND);
    const current = parseStoredSettings(row.settings);
    let settings: StrategySettings | undefined;
    if (input.settings !== undefined) {
      const patched = applySettingsPatch(current, input.settings);
      if (!patched.ok) throw settingsErrors(patched);
      settings = patched.settings;
    }
    // A body that changes nothing (`{}`, `{"settings": {}}`, or the values the strategy has) leaves it as it is,
    // updatedAt included.
    const changes =
      (input.name !== undefined && input.name !== row.name) ||
      (settings !== undefined && JSON.stringify(settings) !== JSON.stringify(current)) ||
      (input.tradingViewOnly !== undefined && input.tradingViewOnly !== Boolean(row.tradingview_only)) ||
      (input.silentAfterMinutes !== undefined && input.silentAfterMinutes !== row.silent_after_minutes);
    if (!changes) return this.get(userId, id, url);
    // Between two signals of the executor, so that a signal is executed with one set of settings or the other.
    await this.#executor.exclusive(() =>
      writeTransaction(this.#db, async (trx) => {
        if (input.name !== undefined) this.#refuseTakenName(await this.#lockNames(trx, userId), input.name, id);
        await trx
          .updateTable('strategies')
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(settings && { settings: JSON.stringify(settings) }),
            ...(input.tradingViewOnly !== undefined && { tradingview_only: input.tradingViewOnly ? 1 : 0 }),
            ...(input.silentAfterMinutes !== undefined && { silent_after_minutes: input.silentAfterMinutes }),
            updated_at: this.#clock(),
          })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .execute();
      }),
    );
    return this.get(userId, id, url);
  }

  async delete(userId: number, id: number): Promise<void> {
    const rows = await this.#strategyRows(userId);
    if (!rows.some((row) => Number(row.id) === id)) throw notFound(STRATEGY_NOT_FOUND);
    // The Default (the first) is the one /api/webhook and its rotation act on: it stays, so that URL never moves.
    if (Number(rows[0]!.id) === id) {
      throw new HttpError(
        409,
        'Default cannot be deleted: it is the strategy your webhook (Settings > API Keys) posts to. Reset it instead, or delete another strategy.',
      );
    }
    await this.#executor.exclusive(() =>
      this.#db.deleteFrom('strategies').where('id', '=', id).where('user_id', '=', userId).execute(),
    );
  }

  async rotate(userId: number, id: number, url: (token: string) => string): Promise<Strategy> {
    await this.ownStrategy(userId, id);
    // Refused posts counted under the old token are written while it still names the strategy.
    await this.#refusals?.flush();
    await this.#secrets.rotate(userId, id);
    return this.get(userId, id, url);
  }

  /** Decides what is waiting, then runs `work` on the account under its lock. */
  async #onAccount<T>(
    strategyId: number,
    work: (trx: Transaction<Database>, account: StoredAccount) => Promise<{ result: T; events: StreamEvent[] }>,
    /** Run after the account caught up with the live executor, before `work` rewrites it. */
    caughtUp?: () => Promise<void>,
  ): Promise<T> {
    return this.#executor.exclusive(async () => {
      await this.#executor.catchUp(strategyId, this.#clock() - INGEST_GRACE_MS);
      await caughtUp?.();
      const done = await this.#executor.withAccount(strategyId, true, work);
      if (!done) throw notFound(STRATEGY_NOT_FOUND);
      return done.result;
    });
  }

  /** An empty account with the strategy's starting balance; signals received from now on trade in it. */
  async reset(userId: number, id: number, url: (token: string) => string): Promise<Strategy> {
    await this.ownStrategy(userId, id);
    await this.#onAccount(id, async (trx, account) => {
      const now = this.#clock();
      const reset = resetAccount(account.state, account.settings.startingBalance, now);
      for (const { signalId, outcome } of reset.outcomes) {
        await trx
          .updateTable('signal_outcomes')
          .set(outcomeRow(signalId, id, outcome, now))
          .where('signal_id', '=', signalId)
          .execute();
      }
      await clearTrades(trx, id);
      await clearAccountEvents(trx, id);
      await trx.updateTable('paper_accounts').set({ opened_at: now }).where('strategy_id', '=', id).execute();
      await saveAccount(trx, { ...account, state: reset.state, openedAt: now, candlesUntil: now }, now);
      return {
        result: undefined,
        events: reset.outcomes.map(({ signalId, outcome }): StreamEvent => ({
          event: 'outcome',
          userId,
          data: { signalId: String(signalId), strategyId: String(id), outcome },
        })),
      };
    });
    return this.get(userId, id, url);
  }

  /**
   * Recomputes the account from the strategy's stored signals, candles and manual closes since it was opened, with
   * its settings after applying `input.settings`. Without `dryRun` those settings are saved as the strategy's
   * first, then trades, positions, equity and the outcomes of those signals are replaced. With `dryRun` nothing is
   * written: the answer is what the account would be.
   */
  async replay(
    userId: number,
    id: number,
    input: { settings?: unknown; dryRun?: boolean },
    url: (token: string) => string,
    /**
     * Run once the account has caught up with what happened live, just before the replay rewrites it (the
     * notification planner records that as news first).
     */
    beforeRewrite?: () => Promise<void>,
  ): Promise<ReplayResult> {
    await this.ownStrategy(userId, id);
    if (input.dryRun === true) return this.#preview(userId, id, input.settings, url);
    const settingsSaved = input.settings !== undefined;
    if (settingsSaved) await this.update(userId, id, { settings: input.settings }, url);
    const summary = await this.#onAccount(
      id,
      async (trx, account) => {
        const now = this.#clock();
        const result = await replayAccount(trx, account);
        await clearTradesNotReplayed(trx, id, [...result.trades, ...Object.values(result.state.positions)]);
        const events: StreamEvent[] = [];
        await replaceOutcomes(trx, id, result.outcomes, now);
        await writeEvents(
          trx,
          account,
          [
            ...result.trades.map((trade) => ({ type: 'trade' as const, trade })),
            ...Object.values(result.state.positions).map((position) => ({
              type: 'position' as const,
              symbol: position.symbol,
              position,
            })),
            ...result.equityPoints.map((point) => ({ type: 'equity' as const, point })),
          ],
          result.state,
        );
        await saveAccount(trx, { ...account, state: result.state }, now);
        // What the replay rewrote is the account's history, not news for the notification planner.
        await trx
          .updateTable('paper_accounts')
          .set({ replayed_at: now, replayed_until: result.until })
          .where('strategy_id', '=', id)
          .execute();
        return {
          result: {
            settings: account.settings,
            signals: result.outcomes.length,
            trades: result.trades.length,
            manualCloses: result.manualCloses,
          },
          events,
        };
      },
      beforeRewrite,
    );
    return {
      dryRun: false,
      settingsSaved,
      ...summary,
      strategy: await this.get(userId, id, url),
      performance: await this.performance(userId, { strategy: id }),
    };
  }

  /** The replay with `settingsPatch` applied, summed up as `performance` would be after it; writes nothing. */
  async #preview(
    userId: number,
    id: number,
    settingsPatch: unknown,
    url: (token: string) => string,
  ): Promise<ReplayResult> {
    // Between two steps of the executor, as a replay runs: the account and its signals are read as one.
    const { account, result } = await this.#executor.exclusive(async () => {
      const stored = await loadAccount(this.#db, id);
      if (!stored) throw notFound(STRATEGY_NOT_FOUND);
      let { settings } = stored;
      if (settingsPatch !== undefined) {
        const patched = applySettingsPatch(settings, settingsPatch);
        if (!patched.ok) throw settingsErrors(patched);
        settings = patched.settings;
      }
      const recomputed = { ...stored, settings };
      return { account: recomputed, result: await replayAccount(this.#db, recomputed) };
    });
    // As `performance` reads the stored trades and equity: by close time, and by time.
    const byTime = <T>(items: readonly T[], time: (item: T) => number) =>
      items
        .map((item, index) => ({ item, index }))
        .sort((a, b) => time(a.item) - time(b.item) || a.index - b.index)
        .map(({ item }) => item);
    const scope = await this.#scopeOf(
      [{ ...account, state: result.state }],
      byTime(result.trades, (trade) => trade.closedAt),
      byTime(result.equityPoints, (point) => point.time).map((point) => ({
        strategyId: id,
        time: point.time,
        equity: point.equity,
      })),
    );
    return {
      dryRun: true,
      settingsSaved: false,
      settings: account.settings,
      strategy: await this.get(userId, id, url),
      signals: result.outcomes.length,
      trades: result.trades.length,
      manualCloses: result.manualCloses,
      performance: performanceMetrics(scope),
    };
  }

  /** The user's open positions, marked to the last price. */
  async positions(userId: number, strategy: number | undefined): Promise<Position[]> {
    if (strategy !== undefined) await this.ownStrategy(userId, strategy);
    const { accounts, rows } = await this.#openPositions(userId, strategy);
    const now = this.#clock();
    const positions: Position[] = [];
    for (const row of rows) {
      const state = accounts.get(Number(row.strategy_id));
      const position = state && Object.values(state.positions).find((open) => open.id === Number(row.number));
      if (!state || !position) continue;
      positions.push(positionJson(Number(row.id), position, await this.#marked(state, position.symbol, now)));
    }
    return positions;
  }

  async #openPositions(userId: number, strategy: number | undefined) {
    const rows = await this.#db
      .selectFrom('paper_trades')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .$if(strategy !== undefined, (query) => query.where('strategy_id', '=', strategy!))
      .orderBy('id')
      .execute();
    const accounts = new Map<number, AccountState>();
    for (const strategyId of new Set(rows.map((row) => Number(row.strategy_id)))) {
      const account = await loadAccount(this.#db, strategyId);
      if (account) accounts.set(strategyId, account.state);
    }
    return { rows, accounts };
  }

  /** The account with the pair's mark moved to the latest finished candle, if it is newer. */
  async #marked(state: AccountState, symbol: string, now: number): Promise<AccountState> {
    const quote = await quoteAt(this.#db, symbol, now);
    const mark = state.marks[symbol];
    if (!quote || (mark && mark.time >= quote.time)) return state;
    return { ...state, marks: { ...state.marks, [symbol]: quote } };
  }

  async closePosition(userId: number, id: number): Promise<Trade> {
    const row = await this.#db
      .selectFrom('paper_trades')
      .select(['strategy_id', 'number', 'symbol'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!row) throw notFound(POSITION_NOT_FOUND);
    const strategyId = Number(row.strategy_id);
    const closed = await this.#onAccount(strategyId, async (trx, account) => {
      const position = account.state.positions[row.symbol];
      if (!position || position.id !== Number(row.number)) throw notFound(POSITION_NOT_FOUND);
      const now = this.#clock();
      const quote = await quoteAt(trx, row.symbol, now);
      const step = closePositionAtMarket(account.state, row.symbol, account.settings, quote, now);
      if (step.outcome.status !== 'executed') {
        throw new HttpError(409, `The position cannot be closed now: ${step.outcome.reason}.`);
      }
      // Kept for replay, where the account's timeline had got to: replay closes it again at the same place.
      await recordManualClose(trx, strategyId, {
        symbol: row.symbol,
        time: now,
        after: await timelinePosition(trx, account),
        price: quote!.price,
      });
      const written = await writeEvents(trx, account, step.events, step.state);
      await saveAccount(trx, { ...account, state: step.state }, now);
      const trade = written.trades[0]!;
      return {
        result: trade,
        events: [
          { event: 'trade', userId, data: trade },
          ...written.positions.map((data): StreamEvent => ({
            event: 'position',
            userId,
            data: { strategyId: String(strategyId), symbol: data.symbol as MarketSymbol, position: data.position },
          })),
        ],
      };
    });
    return closed;
  }

  async trades(
    userId: number,
    query: { strategy?: number; symbol?: string; status?: 'open' | 'closed'; cursor?: string; limit: number },
  ): Promise<TradePage> {
    const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (beforeId === null)
      throw validationError({ cursor: ['The cursor is invalid. Start again from the first page.'] });
    if (query.strategy !== undefined) await this.ownStrategy(userId, query.strategy);
    const rows = await this.#db
      .selectFrom('paper_trades')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(query.strategy !== undefined, (select) => select.where('strategy_id', '=', query.strategy!))
      .$if(query.symbol !== undefined, (select) => select.where('symbol', '=', query.symbol!))
      .$if(query.status !== undefined, (select) => select.where('status', '=', query.status!))
      .$if(beforeId !== undefined, (select) => select.where('id', '<', beforeId!))
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    return {
      data: page.map(tradeJson),
      nextCursor: rows.length > query.limit ? encodeCursor(Number(page[page.length - 1]!.id)) : null,
    };
  }

  /** What performance, the equity curve and breakdowns read: the accounts in scope, their trades and equity. */
  async #scope(userId: number, query: { strategy?: number; from?: number; to?: number }) {
    if (query.strategy !== undefined) await this.ownStrategy(userId, query.strategy);
    const strategies = await this.#db
      .selectFrom('strategies')
      .select('id')
      .where('user_id', '=', userId)
      .$if(query.strategy !== undefined, (select) => select.where('id', '=', query.strategy!))
      .execute();
    const accounts: StoredAccount[] = [];
    for (const { id } of strategies) {
      const account = await loadAccount(this.#db, Number(id));
      if (account) accounts.push(account);
    }
    const ids = accounts.map((account) => account.strategyId);
    const trades =
      ids.length === 0
        ? []
        : (
            await this.#db
              .selectFrom('paper_trades')
              .selectAll()
              .where('strategy_id', 'in', ids)
              .where('status', '=', 'closed')
              .$if(query.from !== undefined, (select) => select.where('closed_at', '>=', query.from!))
              .$if(query.to !== undefined, (select) => select.where('closed_at', '<=', query.to!))
              .orderBy('closed_at')
              .orderBy('id')
              .execute()
          ).map(closedTrade);
    const points =
      ids.length === 0
        ? []
        : await this.#db
            .selectFrom('paper_equity')
            .select(['strategy_id', 'time', 'equity'])
            .where('strategy_id', 'in', ids)
            .orderBy('time')
            .orderBy('id')
            .execute();
    return this.#scopeOf(
      accounts,
      trades,
      points.map((point) => ({
        strategyId: Number(point.strategy_id),
        time: Number(point.time),
        equity: point.equity,
      })),
    );
  }

  /**
   * The scope of `accounts` with their closed trades (by close time) and equity points (by time): open positions
   * are marked to the latest finished candle, and the equity now ends the curve.
   */
  async #scopeOf(
    stored: readonly StoredAccount[],
    trades: ClosedTrade[],
    points: readonly { strategyId: number; time: number; equity: number }[],
  ) {
    const now = this.#clock();
    const accounts: StoredAccount[] = [];
    for (const account of stored) {
      let { state } = account;
      for (const symbol of Object.keys(state.positions)) state = await this.#marked(state, symbol, now);
      accounts.push({ ...account, state });
    }
    // Several accounts: the total equity at each time is the sum of each account's latest equity by then.
    const latest = new Map(accounts.map((account) => [account.strategyId, account.state.startingBalance]));
    const combined = points.map((point) => {
      latest.set(point.strategyId, point.equity);
      let total = 0;
      for (const value of latest.values()) total += value;
      return { time: point.time, equity: Math.round(total * 1e6) / 1e6 };
    });
    const startingBalance = accounts.reduce((sum, account) => sum + account.state.startingBalance, 0);
    const openedAt = accounts.reduce((min, account) => Math.min(min, account.state.openedAt), now);
    const unrealised = accounts.reduce((sum, account) => sum + unrealisedPnl(account.state), 0);
    const current = accounts.reduce((sum, account) => sum + equity(account.state), 0);
    combined.push({ time: Math.max(now, combined[combined.length - 1]?.time ?? now), equity: current });
    return {
      startingBalance,
      openedAt,
      trades,
      equityPoints: combined,
      unrealisedPnl: Math.round(unrealised * 1e6) / 1e6,
    };
  }

  async performance(userId: number, query: { strategy?: number; from?: number; to?: number }): Promise<Performance> {
    return performanceMetrics(await this.#scope(userId, query));
  }

  async equityCurve(userId: number, query: { strategy?: number; from?: number; to?: number }): Promise<EquityCurve> {
    const scope = await this.#scope(userId, query);
    const curve = equityCurve(scope.startingBalance, scope.openedAt, scope.equityPoints);
    return {
      data: curve.filter(
        (point) =>
          (query.from === undefined || point.time >= query.from) && (query.to === undefined || point.time <= query.to),
      ),
    };
  }

  async breakdown(
    userId: number,
    query: { strategy?: number; from?: number; to?: number; by: BreakdownBy },
  ): Promise<Breakdown> {
    const scope = await this.#scope(userId, query);
    return { data: breakdown(scope.trades, query.by) };
  }
}

/**
 * The replay of a stored account: its accepted signals received since it was opened, the positions closed by hand
 * in it, and every pair's 1m candles from a little before (the first quotes) to the time its candles have been
 * applied up to.
 */
export async function replayAccount(db: Kysely<Database> | Transaction<Database>, account: StoredAccount) {
  // Only signals the executor has decided: one still waiting for its minute's price is left to the executor (the
  // replay would fill it at an older price, before candles it has not seen, and the executor then decide it again).
  const signals = await db
    .selectFrom('signals')
    .select([...SIGNAL_ENGINE_COLUMNS])
    .where('strategy_id', '=', account.strategyId)
    .where('status', '=', 'accepted')
    .where('received_at', '>=', account.openedAt)
    .where((eb) =>
      eb.exists(eb.selectFrom('signal_outcomes as o').select('o.signal_id').whereRef('o.signal_id', '=', 'signals.id')),
    )
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  const closes = await manualCloses(db, account.strategyId, account.openedAt);
  const until = account.candlesUntil;
  const candles: Record<string, { time: number; open: number; high: number; low: number; close: number }[]> = {};
  for (const symbol of SYMBOLS) {
    const rows = await db
      .selectFrom('candles_1m')
      .select(['time', 'open', 'high', 'low', 'close'])
      .where('symbol', '=', symbol)
      .where('time', '>=', account.openedAt - 6 * MINUTE_MS)
      .where('time', '<=', until - MINUTE_MS)
      .orderBy('time')
      .execute();
    candles[symbol] = rows.map((row) => ({ ...row, time: Number(row.time) }));
  }
  const replayed = signals.map(paperSignal);
  const replayedUntil = Math.max(
    until,
    replayed[replayed.length - 1]?.receivedAt ?? until,
    closes[closes.length - 1]?.after ?? until,
  );
  const result = replay({
    strategyId: account.strategyId,
    settings: account.settings,
    openedAt: account.openedAt,
    signals: replayed,
    candles,
    manualCloses: closes,
    until: replayedUntil,
  });
  return { ...result, until: replayedUntil };
}

/** Outcome rows written per statement by a replay: 16 columns each, within both databases' parameter limits. */
const OUTCOMES_PER_STATEMENT = 1_000;

/**
 * A replay's new outcomes replace the stored ones, a thousand rows a statement (one UPDATE per signal made a
 * replay of 100,000 signals hold the process for seconds). Only signals that have an outcome already are
 * written, as the UPDATE did: one the executor has not decided yet is left to it.
 */
async function replaceOutcomes(
  trx: Transaction<Database>,
  strategyId: number,
  outcomes: { signalId: number; outcome: Outcome }[],
  decidedAt: number,
): Promise<void> {
  for (let start = 0; start < outcomes.length; start += OUTCOMES_PER_STATEMENT) {
    const part = outcomes.slice(start, start + OUTCOMES_PER_STATEMENT);
    const decided = new Set(
      (
        await trx
          .selectFrom('signal_outcomes')
          .select('signal_id')
          .where(
            'signal_id',
            'in',
            part.map(({ signalId }) => signalId),
          )
          .execute()
      ).map((row) => Number(row.signal_id)),
    );
    const rows = part
      .filter(({ signalId }) => decided.has(signalId))
      .map(({ signalId, outcome }) => outcomeRow(signalId, strategyId, outcome, decidedAt));
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0]!).filter((column) => column !== 'signal_id') as (keyof (typeof rows)[0])[];
    await trx
      .insertInto('signal_outcomes')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .column('signal_id')
          .doUpdateSet((update) =>
            Object.fromEntries(columns.map((column) => [column, update.ref(`excluded.${column}`)])),
          ),
      )
      .execute();
  }
}
