import type { FastifyBaseLogger } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock';
import { derivedTransaction, writeTransaction, type Dialect } from '../../db/connection';
import type { WriteGate } from '../../db/write-gate';
import { isDatabaseUnavailable } from '../../db/errors';
import type { Database, SignalOutcomesTable, SignalsTable } from '../../db/schema';
import { yieldShare, type BackgroundService } from '../../services';
import { SYMBOLS, type MarketSymbol } from '../market/markets';
import type { StreamEvent } from '../stream/events';
import {
  applyCandle,
  executeSignal,
  MAX_QUOTE_AGE_MS,
  type PaperEvent,
  type Quote,
  type SignalOutcome,
} from './engine';
import { outcomeRow } from './outcomes';
import type { PaperSignal } from './signal';
import {
  candlesClosingBetween,
  lastCandlesClosingBetween,
  loadAccount,
  loadAccounts,
  lockAccount,
  MINUTE_MS,
  quoteAt,
  saveAccounts,
  marketProgress,
  tryLockAccounts,
  undecidedSignals,
  undecidedSignalsOf,
  type MarketProgress,
  watchesCandles,
  writeEventsOf,
  type StoredAccount,
  type SymbolCandle,
} from './store';

/*
 * The executor: every accepted signal gets exactly one outcome, decided against its strategy's stored account.
 *
 * One step = one transaction for one strategy: read the account and the strategy's signals without an outcome
 * (receipt order, then id: replay's order), apply the finished 1m candles up to each signal's receipt, execute
 * it, then write the outcomes, trades, equity and the new account state together. The signal id is the outcome's
 * primary key, so a signal can never be decided twice; a crash at any point loses only a transaction that did
 * not commit, whose signals are still undecided and are executed by the next step (at start-up at the latest).
 *
 * Steps run one at a time in a process (a promise chain), and on PostgreSQL under a per-strategy advisory lock,
 * so two instances never work on one account at once. A run steps up to BATCH_STRATEGIES strategies in one
 * transaction with one statement per read and write for all of them (#stepBatch: one commit, and one statement
 * rather than one per strategy, which on PostgreSQL is a round trip and on SQLite a compiled query); when a batch
 * fails, its strategies are stepped again one by one, each in a savepoint (#stepEach), so that one step's failure
 * undoes only its own. Runs are triggered after each ingest batch commits, every few seconds (candles for stops,
 * targets and next_open fills; anything missed), and at start.
 */

/** Signals per step: bounds one transaction's size. */
const STEP_SIGNALS = 500;
/**
 * A batch of up to this many strategies is stepped together (see #stepBatch): their locks (PostgreSQL), accounts,
 * signals and writes in one statement each, rather than a dozen statements per strategy.
 */
export const BATCH_STRATEGIES = 32;
/** Outcome rows per INSERT, within both databases' limits on statement parameters (17 columns a row). */
const OUTCOMES_PER_INSERT = 1_000;
/** Candles are applied in windows of this length, so a long gap never reads a year of candles at once. */
const CANDLE_WINDOW_MS = 6 * 60 * 60_000;
/**
 * Candles are applied by the timer only up to this long ago: a signal received before a candle closed but
 * committed after the timer applied that candle would be executed out of order (ingest commits within ms).
 */
export const INGEST_GRACE_MS = 5_000;
export const EXECUTOR_INTERVAL_MS = 5_000;
/**
 * On PostgreSQL a batch's ids are taken before it commits, so a batch that commits late can land below the watermark
 * (every id at or below it decided). There a strategy's step reads its signals above the watermark as it stood this
 * long ago (by the executor's clock, so neither another instance's clock nor time queued before the commit shortens
 * it): such a signal is still executed in its place in the strategy's order. Twice the longest a signal waits for
 * its minute's market data, since a step can come that much later. SQLite's ids are taken and committed one batch
 * after another (one writer), so none lands below the watermark there: steps read above the watermark itself.
 */
export const LATE_COMMIT_MS = 2 * MAX_QUOTE_AGE_MS;
/**
 * Every this many runs (a minute at the default interval, more often under a stream of alerts), a run looks below
 * the watermark as well: at the ids above the watermark of LATE_COMMIT_MS ago, where a batch that committed late
 * lands (at most RECENT_SWEEPS times SWEEP_IDS of them, under the heaviest ingest), and at the next SWEEP_IDS of the
 * older ids, in turn, so that in time every id is looked at again. The first run of a process looks at every signal.
 */
const SWEEP_RUNS = 12;
const SWEEP_IDS = 10_000;
const RECENT_SWEEPS = 5;
/** A strategy's step that fails this many times in a row on the same signal decides that signal as ignored. */
export const MAX_STEP_ATTEMPTS = 3;
/**
 * A run's steps share transactions (one commit, one fsync, per group rather than per strategy), each step in a
 * savepoint of its own; a group takes further strategies for this long, so that the write lock (and, on SQLite,
 * the app's one connection) is never held much longer. On SQLite it stops sooner, after the strategy in hand, once
 * an ingest batch waits for the write gate.
 */
export const STEP_GROUP_MS = 5;
/**
 * Between groups the executor pauses so that working through a backlog (a burst of signals) takes at most this
 * share of the time: the webhook keeps answering at full speed, and outcomes catch up once the burst is over.
 */
export const EXECUTOR_SHARE = 0.25;
/** Runs asked for by ingest start at most this often: a burst of batches is one run, not one run per batch. */
export const WAKE_GAP_MS = 50;
/**
 * A run that leaves strategies waiting for their minute's market data runs again this soon (the feed stores a new
 * minute as it opens), rather than at the next EXECUTOR_INTERVAL_MS: the last signals of a burst received just
 * after a minute opened would otherwise wait seconds for their outcomes.
 */
export const WAITING_RETRY_MS = 1_000;

export interface StepResult {
  userId: number;
  strategyId: number;
  /** The signals decided by this step, and pending ones a candle's open filled. */
  outcomes: SignalOutcome[];
  events: StreamEvent[];
  /** More undecided signals are waiting. */
  more: boolean;
}

export const BEFORE_ACCOUNT_REASON = 'received before this paper account was opened (created or reset)';

/** What a step decided for one account, before it is written. */
export interface PlannedStep {
  /** The account as the step leaves it. */
  account: StoredAccount;
  decided: SignalOutcome[];
  filled: SignalOutcome[];
  events: PaperEvent[];
  more: boolean;
}

/**
 * Reads of final market data (candle windows and quotes that the settled market progress covers), kept for the
 * steps of one transaction: accounts stepped together mostly read the same ones.
 */
export type MarketReads = Map<string, Promise<unknown>>;

function kept<T>(reads: MarketReads, key: string, read: () => Promise<T>): Promise<T> {
  let found = reads.get(key) as Promise<T> | undefined;
  if (!found) reads.set(key, (found = read()));
  return found;
}

/**
 * Brings the account forward in `trx`: candles up to each undecided signal, the signal, then candles up to
 * `until`. Writes everything; the caller commits.
 */
export async function stepAccount(
  trx: Transaction<Database>,
  account: StoredAccount,
  options: { until: number | null; now: number; dialect: Dialect; progress?: MarketProgress },
): Promise<StepResult> {
  const progress = options.progress ?? (await marketProgress(trx, options.now));
  const signals = await undecidedSignals(trx, account.strategyId, STEP_SIGNALS);
  const planned = await planStep(trx, account, signals, { ...options, progress, reads: new Map() });
  return (await writeSteps(trx, options.dialect, [planned], options.now))[0]!;
}

/**
 * Decides `signals` (the account's undecided signals, in execution order, at most STEP_SIGNALS) against the
 * account, applying candles up to each and then up to `until`; reads candles and quotes, writes nothing.
 */
async function planStep(
  trx: Transaction<Database>,
  account: StoredAccount,
  signals: readonly PaperSignal[],
  options: { until: number | null; now: number; progress: MarketProgress; reads: MarketReads },
): Promise<PlannedStep> {
  const { settings } = account;
  let { state, candlesUntil } = account;
  const decided: SignalOutcome[] = [];
  const filled: SignalOutcome[] = [];
  const events: PaperEvent[] = [];
  const { reads } = options;

  // Candles are applied, and signals executed, only once the market data of their time is final: a signal is
  // never filled at a forming candle's price that the stored candle later contradicts (so replay agrees).
  const { settled, newest } = options.progress;
  // Candles are read a window at a time (one query) and applied in order; each pair's latest applied candle is
  // also the market price of a signal received after it.
  let buffered: SymbolCandle[] = [];
  let cursor = 0;
  let bufferedUntil = candlesUntil;
  const latest = new Map<string, SymbolCandle['candle']>();
  const apply = ({ symbol, candle }: SymbolCandle) => {
    const step = applyCandle(state, symbol, candle, settings);
    state = step.state;
    events.push(...step.events);
    filled.push(...step.outcomes);
    latest.set(symbol, candle);
  };
  const advance = async (until: number) => {
    const to = Math.min(until, settled);
    if (to <= candlesUntil) return;
    // Without a stop, a target or a waiting signal a candle only moves the mark: over a long gap the latest
    // candle of each pair is enough.
    if (!watchesCandles(state) && to - candlesUntil > CANDLE_WINDOW_MS) {
      const from = candlesUntil;
      for (const candle of await kept(reads, `last ${from} ${to}`, () => lastCandlesClosingBetween(trx, from, to)))
        apply(candle);
      candlesUntil = bufferedUntil = to;
      buffered = [];
      return;
    }
    while (candlesUntil < to) {
      if (bufferedUntil <= candlesUntil) {
        const from = candlesUntil;
        const windowEnd = (bufferedUntil = Math.min(settled, candlesUntil + CANDLE_WINDOW_MS));
        buffered = await kept(reads, `window ${from} ${windowEnd}`, () => candlesClosingBetween(trx, from, windowEnd));
        cursor = 0;
      }
      const stop = Math.min(to, bufferedUntil);
      while (cursor < buffered.length && buffered[cursor]!.candle.time + MINUTE_MS <= stop) apply(buffered[cursor++]!);
      candlesUntil = stop;
    }
  };

  // The market price at receipt: the latest candle applied, else the store's (signals of one minute share it).
  const quote = (symbol: string, at: number): Promise<Quote | null> => {
    const candle = latest.get(symbol);
    if (candle && at >= candle.time + MINUTE_MS && candlesUntil >= at) {
      return Promise.resolve({ price: candle.close, time: candle.time + MINUTE_MS });
    }
    return kept(reads, `quote ${symbol} ${Math.floor(at / MINUTE_MS)}`, () => quoteAt(trx, symbol, at));
  };

  let waiting = false;
  for (const signal of signals) {
    if (signal.receivedAt < account.openedAt) {
      decided.push({ signalId: signal.id, outcome: { status: 'ignored', reason: BEFORE_ACCOUNT_REASON } });
      continue;
    }
    // The market price at receipt is the close of the minute before: wait until that minute is final, unless the
    // data is so late that it would not count as a market price anyway.
    // Its own pair must have stored that minute's successor too: a pair whose feed is starting (or lags) is
    // waited for, not read as "no market data" that the stored candles later contradict. A pair the market data
    // does not know is decided at once.
    const minuteStart = Math.floor(signal.receivedAt / MINUTE_MS) * MINUTE_MS;
    const ownPairBehind =
      SYMBOLS.includes(signal.ticker as MarketSymbol) && (newest.get(signal.ticker) ?? -Infinity) < minuteStart;
    if ((minuteStart > settled || ownPairBehind) && signal.receivedAt > options.now - MAX_QUOTE_AGE_MS) {
      waiting = true;
      break;
    }
    await advance(signal.receivedAt);
    const step = executeSignal(state, signal, settings, await quote(signal.ticker, signal.receivedAt));
    state = step.state;
    events.push(...step.events);
    decided.push({ signalId: signal.id, outcome: step.outcome });
  }
  const more = !waiting && signals.length === STEP_SIGNALS;
  if (!more && !waiting && options.until !== null) await advance(options.until);
  return { account: { ...account, state, candlesUntil }, decided, filled, events, more };
}

/**
 * Writes the planned steps of one or several accounts: the decided outcomes in one statement, the
 * outcomes of pending signals a candle filled, the trades and equity (writeEventsOf), the accounts (saveAccounts);
 * returns each step's result, with what the stream should say.
 */
async function writeSteps(
  trx: Transaction<Database>,
  dialect: Dialect,
  steps: readonly PlannedStep[],
  now: number,
): Promise<StepResult[]> {
  const decided = steps.flatMap(({ account, decided }) =>
    decided.map(({ signalId, outcome }) => outcomeRow(signalId, account.strategyId, outcome, now)),
  );
  for (let start = 0; start < decided.length; start += OUTCOMES_PER_INSERT) {
    await trx
      .insertInto('signal_outcomes')
      .values(decided.slice(start, start + OUTCOMES_PER_INSERT))
      .execute();
  }
  for (const { account, filled } of steps) {
    for (const { signalId, outcome } of filled) {
      const row = outcomeRow(signalId, account.strategyId, outcome, now);
      await trx.updateTable('signal_outcomes').set(row).where('signal_id', '=', signalId).execute();
    }
  }
  const written = await writeEventsOf(
    trx,
    steps.map((step) => ({ account: step.account, events: step.events, state: step.account.state })),
  );
  await saveAccounts(
    trx,
    dialect,
    steps.map((step) => step.account),
    now,
  );

  return steps.map(({ account, decided, filled, more }, index) => {
    const { userId, strategyId } = account;
    const outcomes = [...decided, ...filled];
    return {
      userId,
      strategyId,
      outcomes,
      more,
      events: [
        ...outcomes.map(({ signalId, outcome }): StreamEvent => ({
          event: 'outcome',
          userId,
          data: { signalId: String(signalId), strategyId: String(strategyId), outcome },
        })),
        ...written[index]!.positions.map((data): StreamEvent => ({
          event: 'position',
          userId,
          data: { strategyId: String(strategyId), symbol: data.symbol as never, position: data.position },
        })),
        ...written[index]!.trades.map((trade): StreamEvent => ({ event: 'trade', userId, data: trade })),
      ],
    };
  });
}

/** The tables of #undecided's statement, under their aliases. */
type UndecidedTables = Database & { s: SignalsTable; o: SignalOutcomesTable };

/** Signal ids above `above`, and at or below `through` when given. */
interface IdRange {
  above: number;
  through?: number;
}

export interface PaperExecutorOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** Tells the owner's live stream (after commit). */
  publish(events: StreamEvent | readonly StreamEvent[]): void;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** SQLite: the write gate (db/write-gate.ts); a group ends early once another writer waits for it. */
  writeGate?: WriteGate;
  /** How long a group takes further strategies: STEP_GROUP_MS unless a test says otherwise. */
  stepGroupMs?: number;
  /** How many older ids each sweep below the watermark covers: SWEEP_IDS unless a test says otherwise. */
  sweepIds?: number;
}

export class PaperExecutor implements BackgroundService {
  readonly name = 'paper executor';
  readonly #options: PaperExecutorOptions;
  /** Every piece of account work in this process runs on this chain, one after another. */
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #queued = false;
  /** The run asked for by a run that left strategies waiting for market data (WAITING_RETRY_MS). */
  #retry: NodeJS.Timeout | undefined;
  /** When the latest run started (performance.now()), for WAKE_GAP_MS. */
  #lastRunAt = -Infinity;
  /** Runs only between start() and stop(): an app built for inject() tests leaves signals undecided unless asked. */
  #started = false;
  /** Set by stop(): a run in progress ends after its current step (and its group's commit), so shutdown is prompt. */
  #stopping = false;
  /** Accepted signals with an id at or below this all have an outcome (as far as this process knows). */
  #decidedThrough = 0;
  /** The newest signal id the previous run saw: the watermark never passes it. */
  #previousNewest = 0;
  /** Where the next sweep of the older ids starts (see SWEEP_RUNS). */
  #sweptThrough = 0;
  /** PostgreSQL: the watermark after each run, with the time, for LATE_COMMIT_MS: oldest first, as far back as needed. */
  readonly #watermarks: { at: number; through: number }[] = [];
  #runs = 0;
  /** Per strategy: the first undecided signal when its step last failed, and how many times in a row it did. */
  readonly #failures = new Map<number, { signalId: number; attempts: number }>();

  constructor(options: PaperExecutorOptions) {
    this.#options = options;
  }

  start(): void {
    this.#started = true;
    this.#stopping = false;
    this.wake();
    this.#timer = setInterval(() => this.wake(), this.#options.intervalMs ?? EXECUTOR_INTERVAL_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#started = false;
    this.#stopping = true;
    clearInterval(this.#timer);
    clearTimeout(this.#retry);
    await this.#chain;
  }

  /**
   * Asks for a run soon (after an ingest batch, on the timer); runs asked for while one is queued are one run, and
   * one starts at most every WAKE_GAP_MS.
   */
  wake(): void {
    if (this.#queued || !this.#started) return;
    this.#queued = true;
    const start = () =>
      this.run().catch((error: unknown) => this.#options.log.error({ err: error }, 'paper executor run failed'));
    const wait = this.#lastRunAt + WAKE_GAP_MS - performance.now();
    if (wait > 0) setTimeout(start, wait).unref();
    else void start();
  }

  /** One run now (after the account work already queued): every undecided signal, and candles up to now. */
  run(): Promise<void> {
    return this.exclusive(async () => {
      this.#queued = false;
      this.#lastRunAt = performance.now();
      await this.#run();
    });
  }

  /** Runs `work` when no other account work of this process runs (API actions: close, reset, replay). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#chain.then(work);
    this.#chain = result.catch(() => {});
    return result;
  }

  /**
   * One step for one strategy in its own transaction; null when another instance holds its lock (`wait` false)
   * or the strategy is gone. Call inside `exclusive`.
   */
  async step(strategyId: number, options: { until: number | null; wait: boolean }): Promise<StepResult | null> {
    const { clock } = this.#options;
    return this.withAccount(strategyId, options.wait, (trx, account) =>
      stepAccount(trx, account, { until: options.until, now: clock(), dialect: this.#options.dialect }),
    );
  }

  /**
   * Runs `work` on the strategy's account in one transaction under its lock, then publishes the events it
   * returns. Null when the strategy is gone, or locked by another instance and `wait` is false.
   */
  async withAccount<T extends { events: StreamEvent[] }>(
    strategyId: number,
    wait: boolean,
    work: (trx: Transaction<Database>, account: StoredAccount) => Promise<T>,
  ): Promise<T | null> {
    const { db, dialect } = this.#options;
    const result = await writeTransaction(db, async (trx) => {
      if (dialect === 'postgres' && !(await lockAccount(trx, strategyId, wait))) return null;
      const account = await loadAccount(trx, strategyId);
      return account ? work(trx, account) : null;
    });
    if (result) for (const event of result.events) this.#options.publish(event);
    return result;
  }

  /** Decides every undecided signal of the strategy and applies candles up to `until`. Call inside `exclusive`. */
  async catchUp(strategyId: number, until: number | null): Promise<void> {
    let result: StepResult | null;
    try {
      do result = await this.step(strategyId, { until, wait: true });
      while (result?.more);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      // The caller's own work (reset, replay, close) still runs: a signal that cannot be executed must not lock
      // the trader out of their account.
      await this.#failed(strategyId, error);
    }
  }

  /**
   * Logs a strategy's failed step. After MAX_STEP_ATTEMPTS failures in a row on the same first undecided signal,
   * that signal is decided as ignored with the error's message, so that it does not block its strategy forever.
   */
  async #failed(strategyId: number, error: unknown): Promise<void> {
    const { db, clock, log } = this.#options;
    log.error({ err: error, strategyId }, 'paper executor step failed');
    try {
      const [first] = await undecidedSignals(db, strategyId, 1);
      if (!first) return;
      const seen = this.#failures.get(strategyId);
      const attempts = seen?.signalId === first.id ? seen.attempts + 1 : 1;
      this.#failures.set(strategyId, { signalId: first.id, attempts });
      if (attempts < MAX_STEP_ATTEMPTS) return;
      this.#failures.delete(strategyId);
      const message = error instanceof Error ? error.message : String(error);
      const outcome = { status: 'ignored' as const, reason: `could not be executed: ${message}`.slice(0, 500) };
      await writeTransaction(db, (trx) =>
        trx
          .insertInto('signal_outcomes')
          .values(outcomeRow(first.id, strategyId, outcome, clock()))
          .execute(),
      );
      log.warn({ strategyId, signalId: first.id }, 'paper executor ignored a signal it could not execute');
    } catch (recordError) {
      log.error({ err: recordError, strategyId }, 'paper executor could not record a failed step');
    }
  }

  async #run(): Promise<void> {
    const { db, clock } = this.#options;
    // The ids the run looks at: those above the watermark, and on every SWEEP_RUNS-th run some below it (the safety
    // net under the watermark). Each run's statements cost what these ranges hold, not the whole history.
    const from = this.#decidedThrough;
    const lateFrom = this.#options.dialect === 'postgres' ? this.#watermarkAgo(clock() - LATE_COMMIT_MS) : from;
    const ranges: IdRange[] = [{ above: from }];
    let sweptThrough = this.#sweptThrough;
    if (++this.#runs % SWEEP_RUNS === 0 && from > 0) {
      const { sweepIds = SWEEP_IDS } = this.#options;
      const recent = Math.min(from, Math.max(0, lateFrom, from - RECENT_SWEEPS * sweepIds));
      // Empty on SQLite, whose steps need no look below the watermark of LATE_COMMIT_MS ago.
      if (recent < from) ranges.push({ above: recent, through: from });
      if (recent > 0) {
        const older = sweptThrough < recent ? sweptThrough : 0;
        sweptThrough = Math.min(older + sweepIds, recent);
        ranges.push({ above: older, through: sweptThrough });
      }
    }
    // Read first: a signal committed while the run looks is above it, and stays in view for the next run.
    const newest = await db
      .selectFrom('signals')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    // The undecided signals are gathered first, then grouped: grouped in one statement, SQLite reads every signal
    // in the strategy index's order rather than the few above the watermark by id.
    const undecided = await db
      .with(
        (cte) => cte('u').materialized(),
        () => this.#undecided(ranges).select(['s.strategy_id', 's.id', 's.received_at']),
      )
      .selectFrom('u')
      .leftJoin('paper_accounts as a', 'a.strategy_id', 'u.strategy_id')
      .select(['u.strategy_id'])
      .select((eb) => [
        eb.fn.min('u.received_at').as('first_received_at'),
        eb.fn.min('u.id').as('first_id'),
        eb.fn.max('a.opened_at').as('opened_at'),
      ])
      .groupBy('u.strategy_id')
      .execute();
    const watching = await db
      .selectFrom('paper_accounts')
      .select('strategy_id')
      .where('watches_candles', '=', 1)
      .execute();

    const now = clock();
    const until = now - INGEST_GRACE_MS;
    const progress = await marketProgress(db, now);
    // A strategy whose first signal (in receipt order) waits for its minute's market data to be final has nothing
    // to do: its step would stop at that signal without applying anything. Its steps wait for a later run. (A
    // signal received before its account was opened never waits: it is ignored at once.)
    const waits = (receivedAt: number, openedAt: number) =>
      receivedAt >= openedAt &&
      Math.floor(receivedAt / MINUTE_MS) * MINUTE_MS > progress.settled &&
      receivedAt > now - MAX_QUOTE_AGE_MS;
    const strategies = new Set<number>();
    const waiting = new Set<number>();
    // A strategy's steps read its signals above the watermark (on PostgreSQL, that of LATE_COMMIT_MS ago), or from
    // the first one a sweep found below that.
    const stepsFrom = Math.min(from, lateFrom);
    const below = new Map<number, number>();
    for (const row of undecided) {
      if (Number(row.first_id) <= stepsFrom) below.set(Number(row.strategy_id), Number(row.first_id) - 1);
      if (waits(Number(row.first_received_at), Number(row.opened_at ?? -Infinity)))
        waiting.add(Number(row.strategy_id));
      else strategies.add(Number(row.strategy_id));
    }
    for (const row of watching) if (!waiting.has(Number(row.strategy_id))) strategies.add(Number(row.strategy_id));
    if (waiting.size > 0 && this.#started && !this.#retry) {
      this.#retry = setTimeout(() => {
        this.#retry = undefined;
        this.wake();
      }, WAITING_RETRY_MS);
      this.#retry.unref();
    }
    const queue = [...strategies];
    while (queue.length > 0) {
      // A backlog of thousands of signals is decided group by group; shutdown does not wait for all of it (what
      // is left is decided after the restart, as after a crash).
      if (this.#stopping) return;
      const started = performance.now();
      await this.#stepGroup(queue, until, (strategyId) => below.get(strategyId) ?? stepsFrom);
      // better-sqlite3 is synchronous: a group holds the main thread until its commit. The requests that came
      // in meanwhile go first, and a backlog of accounts takes at most EXECUTOR_SHARE of the thread's time (on
      // PostgreSQL, where a group mostly waits for the database, half of the time).
      if (queue.length > 0) await yieldShare(started, this.#options.dialect === 'sqlite' ? EXECUTOR_SHARE : 0.5);
    }

    // The watermark moves only below the first signal still without an outcome (one waiting for its minute's
    // market data to be final, or whose strategy another instance holds), and only up to the newest id the
    // previous run saw: on PostgreSQL ids are taken before commit, so a lower id can commit after a higher one
    // is read; a run's interval is its time to commit.
    const left = await this.#undecided(ranges)
      // `+s.id`: SQLite's min() shortcut would walk the table from its first id, not read the ranges.
      .select(sql<number | null>`min(+s.id)`.as('id'))
      .executeTakeFirst();
    const firstLeft = left?.id == null ? Infinity : Number(left.id);
    // A signal still undecided below the watermark (found by a sweep) brings it down below that signal.
    this.#decidedThrough = Math.min(firstLeft - 1, Math.max(from, Math.min(this.#previousNewest, firstLeft - 1)));
    this.#previousNewest = Number(newest?.id ?? 0);
    this.#sweptThrough = sweptThrough;
    if (this.#options.dialect === 'postgres') this.#keepWatermark(clock(), this.#decidedThrough);
  }

  /** The watermark as it stood at `time` (0 before this process had one: then steps read every id). */
  #watermarkAgo(time: number): number {
    let through = 0;
    for (const kept of this.#watermarks) {
      if (kept.at > time) break;
      through = kept.through;
    }
    return through;
  }

  #keepWatermark(at: number, through: number): void {
    const kept = this.#watermarks;
    if (kept.at(-1)?.through !== through) kept.push({ at, through });
    // The newest one at least LATE_COMMIT_MS old is the last needed; the ones before it can go.
    while (kept.length > 1 && kept[1]!.at <= at - LATE_COMMIT_MS) kept.shift();
  }

  /**
   * Steps the strategies at the head of `queue` and takes the ones done off it: as one batch (#stepBatch), and
   * when that fails, the same strategies one by one (#stepEach), so that the one at fault fails
   * alone.
   */
  async #stepGroup(queue: number[], until: number, above: (strategyId: number) => number): Promise<void> {
    const batch = Math.min(queue.length, BATCH_STRATEGIES);
    try {
      await this.#stepBatch(queue, until, above);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      this.#options.log.warn({ err: error }, 'paper executor: a batch of strategies failed; stepping them one by one');
      await this.#stepEach(queue, until, batch);
    }
  }

  /**
   * Steps up to BATCH_STRATEGIES strategies at the head of `queue` in one transaction, with one statement for all
   * their locks (PostgreSQL), one for their accounts, one for their undecided signals and one per kind of
   * write, instead of a dozen round trips per strategy. Each strategy's step decides exactly what its own step would
   * (planStep); a strategy another instance holds, or one deleted meanwhile, is skipped as #stepEach skips it. The
   * batch stops taking strategies at STEP_SIGNALS signals, and on SQLite once an ingest batch waits for the write
   * gate (the first strategy is always taken); the strategies not
   * taken, and those with more signals waiting, stay at the head of the queue. Any failure rolls the whole batch
   * back (the caller then steps its strategies one by one). The events are published after the commit.
   */
  async #stepBatch(queue: number[], until: number, above: (strategyId: number) => number): Promise<void> {
    const { db, dialect, clock, writeGate } = this.#options;
    const batch = queue.slice(0, BATCH_STRATEGIES);
    const done = new Set<number>();
    const results = await derivedTransaction(db, dialect, async (trx) => {
      const now = clock();
      const progress = await marketProgress(trx, now);
      // On SQLite one process owns the database, and its account work runs one step at a time: no locks to take.
      const locked = new Set(dialect === 'postgres' ? await tryLockAccounts(trx, batch) : batch);
      const accounts = await loadAccounts(trx, [...locked]);
      const signals = await undecidedSignalsOf(
        trx,
        dialect,
        [...accounts.keys()],
        STEP_SIGNALS,
        Math.min(...[...accounts.keys()].map(above)),
      );
      const reads: MarketReads = new Map();
      const planned: PlannedStep[] = [];
      let taken = 0;
      for (const strategyId of batch) {
        const account = locked.has(strategyId) ? accounts.get(strategyId) : undefined;
        if (!account) {
          done.add(strategyId);
          continue;
        }
        const pending = signals.get(strategyId)!;
        if (planned.length > 0 && taken + pending.length > STEP_SIGNALS) break;
        // SQLite: an ingest batch waiting for the write gate goes first (webhook answers wait for it); the strategies
        // planned so far are written, the rest stay at the head of the queue.
        if (planned.length > 0 && writeGate && writeGate.waiting > 0) break;
        taken += pending.length;
        const step = await planStep(trx, account, pending, { until, now, progress, reads });
        planned.push(step);
        if (!step.more) done.add(strategyId);
      }
      return writeSteps(trx, dialect, planned, now);
    });
    const left = queue.filter((strategyId, index) => index >= batch.length || !done.has(strategyId));
    queue.splice(0, queue.length, ...left);
    const events = results.flatMap((result) => result.events);
    if (events.length > 0) this.#options.publish(events);
  }

  /**
   * Steps the strategies at the head of `queue` in one transaction, each in a savepoint, for about STEP_GROUP_MS
   * (and at least `atLeast` strategies), and takes the ones done off the queue. A strategy's failed step is rolled
   * back to its savepoint and never stops the others' (its signals stay in view for the next run); the events are
   * published after the commit.
   */
  async #stepEach(queue: number[], until: number, atLeast: number): Promise<void> {
    const { db, dialect, clock, writeGate, stepGroupMs = STEP_GROUP_MS } = this.#options;
    let taken = 0;
    const results: StepResult[] = [];
    const failures: { strategyId: number; error: unknown }[] = [];
    // Outcomes are derived from the stored signals and candles: the commit need not wait for the disk (a group lost
    // to a power cut is executed again, with the same results, at the next start).
    await derivedTransaction(db, dialect, async (trx) => {
      const now = clock();
      const progress = await marketProgress(trx, now);
      const started = performance.now();
      do {
        const strategyId = queue[0]!;
        await sql`savepoint paper_step`.execute(trx);
        try {
          const result =
            dialect === 'postgres' && !(await lockAccount(trx, strategyId, false))
              ? null
              : await loadAccount(trx, strategyId).then((account) =>
                  account ? stepAccount(trx, account, { until, now, progress, dialect }) : null,
                );
          await sql`release savepoint paper_step`.execute(trx);
          if (result) results.push(result);
          if (!result?.more) {
            queue.shift();
            taken += 1;
          }
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          await sql`rollback to savepoint paper_step`.execute(trx);
          await sql`release savepoint paper_step`.execute(trx);
          failures.push({ strategyId, error });
          queue.shift();
          taken += 1;
        }
      } while (
        queue.length > 0 &&
        !this.#stopping &&
        (taken < atLeast || performance.now() - started < stepGroupMs) &&
        // An ingest batch waiting to commit goes first: webhook answers wait for it, outcomes can wait.
        !(writeGate && writeGate.waiting > 0)
      );
    });
    const events = results.flatMap((result) => result.events);
    if (events.length > 0) this.#options.publish(events);
    for (const { strategyId, error } of failures) await this.#failed(strategyId, error);
  }

  /** Accepted signals without an outcome, with ids in `ranges` (above one id, and through another when given). */
  #undecided(ranges: readonly IdRange[]) {
    const inRanges = (column: 's.id' | 'o.signal_id') => (eb: ExpressionBuilder<UndecidedTables, 's' | 'o'>) =>
      eb.or(
        ranges.map(({ above, through }) =>
          through === undefined ? eb(column, '>', above) : eb.and([eb(column, '>', above), eb(column, '<=', through)]),
        ),
      );
    return this.#options.db
      .selectFrom('signals as s')
      .where(inRanges('s.id'))
      .where('s.status', '=', 'accepted')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('signal_outcomes as o')
              .select('o.signal_id')
              .whereRef('o.signal_id', '=', 's.id')
              // Said again of the outcomes (the same ids): PostgreSQL then reads only their outcomes, not the
              // whole table to hash it.
              .where(inRanges('o.signal_id')),
          ),
        ),
      );
  }
}
