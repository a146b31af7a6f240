import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { writeTransaction } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { BackgroundService } from '../../services';
import type { CandleUpdate, StreamPublisher } from '../stream/events';
import type { Leadership } from './leadership';
import {
  bucketStart,
  INTERVAL_MS,
  INTERVALS,
  mergeCandles,
  SYMBOLS,
  type Candle,
  type Interval,
  type MarketSymbol,
} from './markets';
import type { MarketSource } from './source';
import { earliestHour, insertOlderHours, latestCandle, minuteCandles, roundVolume, upsertCandles } from './store';

const MINUTE_MS = INTERVAL_MS['1m'];
const DAY_MS = INTERVAL_MS['1d'];
/** History fetched on the first start. */
export const BACKFILL_DAYS = 7;
/**
 * History kept as hours before the minutes, when the source can give it (the demo): enough for 300 daily candles
 * and more, so every interval has a full chart on a first start.
 */
export const HOURLY_HISTORY_DAYS = 400;
/** After a longer downtime, history resumes this far back (from the stored close) rather than where it stopped. */
export const MAX_CATCH_UP_DAYS = 30;
/** Minutes asked of the source at once while catching up (an exchange's page). */
const CATCH_UP_CHUNK_MINUTES = 1_000;
/** The forming minute is written at most this often; a closed minute is written at once. */
export const PERSIST_FORMING_MS = 5_000;
/** How often a follower tries to take the lead. */
const FOLLOWER_RETRY_MS = 5_000;
const FAILURE_RETRY_MAX_MS = 30_000;
/** A failing source or database is logged on its first failure and then once per this many. */
const LOG_EVERY_FAILURES = 60;

interface SymbolState {
  /** The newest minute, usually still forming. */
  forming: Candle;
  formingStored: boolean;
  /** Minutes that closed and are not stored yet. */
  unstored: Candle[];
  /** Per interval, the closed minutes of the bucket the forming minute is in, folded into one candle. */
  closedInBucket: Partial<Record<Interval, Candle>>;
}

export interface MarketFeedOptions {
  db: Kysely<Database>;
  /** Made when this instance first leads, so a follower never loads an exchange library. */
  createSource: () => Promise<MarketSource>;
  leadership: Leadership;
  publisher: StreamPublisher;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Defaults: BACKFILL_DAYS, HOURLY_HISTORY_DAYS and MAX_CATCH_UP_DAYS. */
  backfillDays?: number;
  hourlyHistoryDays?: number;
  maxCatchUpDays?: number;
}

const sameCandle = (a: Candle, b: Candle) =>
  a.time === b.time &&
  a.open === b.open &&
  a.high === b.high &&
  a.low === b.low &&
  a.close === b.close &&
  a.volume === b.volume;

function foldClosedMinute(state: SymbolState, minute: Candle): void {
  for (const interval of INTERVALS) {
    const start = bucketStart(minute.time, interval);
    const folded = state.closedInBucket[interval];
    state.closedInBucket[interval] = folded?.time === start ? mergeCandles(folded, minute) : { ...minute, time: start };
  }
}

/** The forming candle of every interval: the closed minutes of its bucket with the forming minute on top. */
function formingCandles(state: SymbolState): Record<Interval, Candle> {
  const { forming } = state;
  const candles = {} as Record<Interval, Candle>;
  for (const interval of INTERVALS) {
    const start = bucketStart(forming.time, interval);
    const closed = state.closedInBucket[interval];
    const candle = closed?.time === start ? mergeCandles(closed, forming) : { ...forming, time: start };
    candles[interval] = { ...candle, volume: roundVolume(candle.volume) };
  }
  return candles;
}

/**
 * The candles `closing` completes, now that `next` opened: per interval whose bucket ends with it, the bucket's
 * closed minutes (`closing` folded in already) with the volume rounded as the store gives it.
 */
function closedCandles(state: SymbolState, closing: Candle, next: Candle): Partial<Record<Interval, Candle>> {
  const closed: Partial<Record<Interval, Candle>> = {};
  for (const interval of INTERVALS) {
    const candle = state.closedInBucket[interval];
    if (!candle || bucketStart(next.time, interval) === bucketStart(closing.time, interval)) continue;
    closed[interval] = { ...candle, volume: roundVolume(candle.volume) };
  }
  return closed;
}

/**
 * The market data feed, a background service. The leading instance catches the store up from its newest candle
 * to now (or backfills BACKFILL_DAYS of minutes and HOURLY_HISTORY_DAYS of hours on a first start), then every tick of the source takes the forming minute,
 * publishes the forming candle of every interval as a `candle` event (with the final values of any candle that
 * closed, so every open chart ends a candle as the store does), and stores what changed: closed minutes at
 * once, the forming one at most every PERSIST_FORMING_MS (and on stop). Other instances wait to take over.
 */
export class MarketFeed implements BackgroundService {
  readonly name = 'market feed';
  readonly #options: MarketFeedOptions;
  readonly #states = new Map<MarketSymbol, SymbolState>();
  #source: MarketSource | undefined;
  #leading = false;
  #running = false;
  /** Set by stop(), so a long catch-up ends at its next chunk. */
  #stopping = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #lastPersistAt = 0;
  #failures = 0;

  constructor(options: MarketFeedOptions) {
    this.#options = options;
    options.leadership.onLost = () => {
      this.#options.log.warn('market feed: lost the lead; following');
      this.#leading = false;
      this.#states.clear();
      this.#wake?.();
    };
  }

  start(): void {
    this.#running = true;
    this.#stopping = false;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    this.#wake?.();
    await this.#loop;
    try {
      // What the last ticks left unwritten (a follower has nothing).
      await this.persist(true);
    } finally {
      this.#states.clear();
      this.#leading = false;
      await this.#options.leadership.release();
      await this.#source?.close();
      this.#source = undefined;
    }
  }

  /**
   * Brings the store up to now for every symbol the feed is not following yet, from its newest stored candle (or
   * BACKFILL_DAYS back), in chunks of one transaction each, and loads what the ticks build on.
   */
  async catchUp(): Promise<void> {
    const source = await this.#sourceOnce();
    for (const symbol of SYMBOLS) {
      if (this.#stopping) return;
      if (!this.#states.has(symbol)) await this.#catchUpSymbol(source, symbol);
    }
    // Everything up to now was just written.
    this.#lastPersistAt = this.#options.clock();
  }

  /** Takes the forming minute of every caught-up symbol from the source, publishes it, and stores what is due. */
  async tick(): Promise<void> {
    const source = await this.#sourceOnce();
    const now = this.#options.clock();
    const updates: CandleUpdate[] = [];
    for (const symbol of SYMBOLS) {
      const state = this.#states.get(symbol);
      if (!state) continue;
      let changed = false;
      const closed: Partial<Record<Interval, Candle[]>> = {};
      for (const candle of await source.candles(symbol, state.forming.time, now, state.forming.open)) {
        if (candle.time < state.forming.time || sameCandle(candle, state.forming)) continue;
        if (candle.time > state.forming.time) {
          foldClosedMinute(state, state.forming);
          state.unstored.push(state.forming);
          for (const [interval, final] of Object.entries(closedCandles(state, state.forming, candle))) {
            (closed[interval as Interval] ??= []).push(final);
          }
        }
        state.forming = candle;
        state.formingStored = false;
        changed = true;
      }
      if (changed) {
        const update: CandleUpdate = { symbol, candles: formingCandles(state) };
        if (Object.keys(closed).length > 0) update.closed = closed;
        updates.push(update);
      }
    }
    await Promise.all(updates.map((data) => this.#options.publisher.publish({ event: 'candle', data })));
    await this.persist(false);
  }

  /**
   * Stores closed minutes, and the forming one when PERSIST_FORMING_MS has passed, `force` is set, or it has just
   * opened: with a minute closing, the new one is stored with it, so the paper executor does not keep the signals
   * received in it waiting for their minute's market data for up to PERSIST_FORMING_MS.
   */
  async persist(force: boolean): Promise<void> {
    const now = this.#options.clock();
    const formingDue = force || now - this.#lastPersistAt >= PERSIST_FORMING_MS;
    const writes: { symbol: MarketSymbol; state: SymbolState; candles: Candle[]; forming: Candle | undefined }[] = [];
    for (const [symbol, state] of this.#states) {
      const opened = state.unstored.length > 0;
      const forming = (formingDue || opened) && !state.formingStored ? state.forming : undefined;
      const candles = forming ? [...state.unstored, forming] : [...state.unstored];
      if (candles.length > 0) writes.push({ symbol, state, candles, forming });
    }
    if (writes.length === 0) return;
    await writeTransaction(this.#options.db, async (trx) => {
      for (const { symbol, candles } of writes) await upsertCandles(trx, symbol, candles);
    });
    for (const { state, candles, forming } of writes) {
      state.unstored.splice(0, candles.length - (forming ? 1 : 0));
      // A tick may have moved the forming minute on while the write was running.
      if (forming && state.forming === forming) state.formingStored = true;
    }
    if (formingDue) this.#lastPersistAt = now;
  }

  async #sourceOnce(): Promise<MarketSource> {
    this.#source ??= await this.#options.createSource();
    return this.#source;
  }

  async #catchUpSymbol(source: MarketSource, symbol: MarketSymbol): Promise<void> {
    const now = this.#options.clock();
    const last = await latestCandle(this.#options.db, symbol);
    const { backfillDays = BACKFILL_DAYS, maxCatchUpDays = MAX_CATCH_UP_DAYS } = this.#options;
    let from: number;
    let open: number | undefined;
    if (!last) {
      from = bucketStart(now, '1m') - backfillDays * DAY_MS;
    } else if (now - last.time > maxCatchUpDays * DAY_MS) {
      from = bucketStart(now, '1m') - maxCatchUpDays * DAY_MS;
      open = last.close;
    } else {
      // The newest stored minute may have been stored while forming: it is read again, whole.
      from = last.time;
      open = last.open;
    }

    let newest = last;
    for (;;) {
      const until = Math.min(now, from + CATCH_UP_CHUNK_MINUTES * MINUTE_MS);
      const candles = await source.candles(symbol, from, until, open);
      await upsertCandles(this.#options.db, symbol, candles);
      newest = candles.at(-1) ?? newest;
      if (until >= now || this.#stopping) break;
      // The chunk's last minute ends at `until` and may be cut short: the next chunk starts with it again.
      from = candles.length > 0 ? candles.at(-1)!.time : until;
      open = candles.at(-1)?.open;
      await yieldToEventLoop();
    }
    if (!newest || this.#stopping) return;
    await this.#backfillHours(source, symbol, now);
    if (this.#stopping) return;

    const state: SymbolState = { forming: newest, formingStored: true, unstored: [], closedInBucket: {} };
    // Every bucket lies within a UTC day: the day's closed minutes give every interval's forming candle.
    for (const minute of await minuteCandles(this.#options.db, symbol, bucketStart(newest.time, '1d'), newest.time)) {
      foldClosedMinute(state, minute);
    }
    this.#states.set(symbol, state);
  }

  /**
   * Extends the history back to HOURLY_HISTORY_DAYS before now with the source's hours, ending where the stored
   * history begins (a first start, or a store made before the hours were kept). Nothing to do once it reaches.
   */
  async #backfillHours(source: MarketSource, symbol: MarketSymbol, now: number): Promise<void> {
    if (!source.hours) return;
    const { hourlyHistoryDays = HOURLY_HISTORY_DAYS } = this.#options;
    const start = bucketStart(now - hourlyHistoryDays * DAY_MS, '1d');
    const earliest = await earliestHour(this.#options.db, symbol);
    if (!earliest || earliest.time <= start) return;
    const hours = await source.hours(symbol, start, earliest.time, earliest.open);
    await insertOlderHours(this.#options.db, symbol, hours);
  }

  async #run(): Promise<void> {
    while (this.#running) {
      try {
        if (!this.#leading) {
          this.#leading = await this.#options.leadership.tryAcquire();
          if (!this.#leading) {
            await this.#sleep(FOLLOWER_RETRY_MS);
            continue;
          }
          this.#options.log.info('market feed: leading');
        }
        if (this.#states.size < SYMBOLS.length) {
          const started = Date.now();
          await this.catchUp();
          this.#options.log.info({ ms: Date.now() - started }, 'market feed: caught up');
        }
        const tickMs = (await this.#sourceOnce()).tickMs;
        // Ticks fall on whole seconds of the clock, so each covers the same stretch of trading.
        await this.#sleep(tickMs - (this.#options.clock() % tickMs));
        if (this.#running && this.#leading) await this.tick();
        if (this.#failures > 0) this.#options.log.info('market feed: recovered');
        this.#failures = 0;
      } catch (error) {
        if (this.#failures % LOG_EVERY_FAILURES === 0) {
          this.#options.log.error({ err: error, failures: this.#failures + 1 }, 'market feed: failed; retrying');
        }
        this.#failures += 1;
        await this.#sleep(Math.min(FAILURE_RETRY_MAX_MS, 1_000 * this.#failures));
      }
    }
  }

  /** Waits `ms`, or less if stop() comes first. */
  #sleep(ms: number): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }
}
