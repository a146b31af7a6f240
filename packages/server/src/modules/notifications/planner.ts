import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Clock } from '../../clock';
import { derivedTransaction, writeTransaction, type Dialect } from '../../db/connection';
import type { WriteGate } from '../../db/write-gate';
import { isDatabaseUnavailable, isForeignKeyViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { yieldShare, type BackgroundService } from '../../services';
import { USUAL_ALERTS_PER_WEEK } from '../signals/health-schemas';
import type { NotificationEvent } from './contract';
import {
  enabledChannels,
  recordEvent,
  recordEvents,
  type EnabledChannels,
  type PlannedEvent,
  type Recorded,
} from './record';
import type { InAppNotification } from './schemas';

/*
 * The planner decides what to notify by reading what the product already stored: rejected signals, outcomes
 * (ignored, out of sync), paper trades (opened, closed, closed by a stop or target), each strategy's silence, and
 * each trader's day. It never sits in the ingest's or the executor's path: it scans the recent past every few
 * seconds, and every occurrence has a key (e.g. `trade_closed:7:3`) that the feed and the outbox hold unique, so
 * scanning the same window twice, or from two instances, records each event once. Events older than the planner's
 * origin (its first run on this database) are never notified; events are looked for up to LOOKBACK_MS back, which
 * covers a restart, a slow commit or a fill decided after its time.
 */

export const PLANNER_INTERVAL_MS = 2_000;
export const LOOKBACK_MS = 30 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;
const BATCH = 500;
/**
 * Events recorded per write transaction. Between groups the scan pauses as long as the group took (yieldShare), so
 * that a burst of thousands of trades never holds the (SQLite) main thread for long.
 */
const RECORD_GROUP = 25;

/** Whether the trader still exists: a notification for one deleted meanwhile is dropped, not a failure. */
async function traderExists(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/**
 * A row's event is not in the feed yet: no in-app notification of `userId` holds `key`, the event's key built in SQL
 * exactly as the planner builds it below. An in-app notification is recorded in one transaction with its deliveries,
 * so a scan reads only what is news: the rows of a busy window do not cross into JavaScript every run, and older
 * events already notified cannot hold newer ones back behind a query's limit.
 */
const notInFeed = (userId: RawBuilder<unknown>, key: RawBuilder<unknown>) =>
  sql<boolean>`not exists (select 1 from notifications as n where n.user_id = ${userId} and n.event_key = ${key})`;

/**
 * The first id in a paper_trades row's entry_signal_ids (a JSON array of ids, e.g. `[12,15]`): the signal that
 * opened its position. Every row of a position carries it (a partial close copies the position's ids, an addition
 * appends to them) and a signal opens one position at most, so it tells apart positions of one strategy and pair
 * opened in the same millisecond. Taken as the digits after `[`, with functions both databases have.
 */
const openingSignal = (trade: string) => {
  const ids = sql.ref(`${trade}.entry_signal_ids`);
  return sql<string>`substr(${ids}, 2, length(${ids}) - 1 - length(ltrim(substr(${ids}, 2), '0123456789')))`;
};

/**
 * What a replay rewrote is history, not news: it recomputes an account's trades and outcomes (with other settings,
 * trades the live account never had) from the signals decided and the candles applied when it ran. A signal's
 * events are history when its outcome was decided by that replay or before it (a replay's outcomes carry its time);
 * a signal received before a replay but decided after it (waiting for its minute's price) is news.
 */
const decidedByReplay = (signalId: RawBuilder<unknown>) => sql<boolean>`exists (
  select 1 from signal_outcomes as ro where ro.signal_id = ${signalId}
    and ${replayedSince(sql.ref('ro.strategy_id'), sql.ref('ro.decided_at'))})`;

/** A replay of the strategy's account ran at `time` or later. */
function replayedSince(strategyId: RawBuilder<unknown>, time: RawBuilder<unknown>) {
  return sql<boolean>`exists (select 1 from paper_accounts as ra where ra.strategy_id = ${strategyId} and ra.replayed_at >= ${time})`;
}

/**
 * A trade's close is history when a replay made it: by a signal it decided; by hand before it ran (a replay makes
 * every recorded close again); or by a stop or target whose candle it replayed (the candle closes a minute after
 * the time the trade records).
 */
const closedByReplay = sql<boolean>`case
  when paper_trades.exit_signal_id is not null then ${decidedByReplay(sql.ref('paper_trades.exit_signal_id'))}
  when paper_trades.exit_reason = 'manual' then ${replayedSince(sql.ref('paper_trades.strategy_id'), sql.ref('paper_trades.closed_at'))}
  else exists (select 1 from paper_accounts as ra where ra.strategy_id = paper_trades.strategy_id
    and ra.replayed_until >= paper_trades.closed_at + 60000)
  end`;

/** The key SignalDeck gave a trade_opened before it carried the opening signal: one per strategy, pair and millisecond. */
const formerOpenedKey = (trade: string) =>
  sql<string>`'trade_opened:' || ${sql.ref(`${trade}.strategy_id`)} || ':' || ${sql.ref(`${trade}.symbol`)} || ':' || ${sql.ref(`${trade}.opened_at`)}`;

/** A position's trade_opened key: the former key and the signal that opened it. */
const openedKey = (trade: string) => sql<string>`${formerOpenedKey(trade)} || ':' || ${openingSignal(trade)}`;

/**
 * notInFeed for a trade's opening: its key is not in the feed, nor the former key when its position is the first
 * of its strategy, pair and millisecond (the one the former key was recorded for: no row of another position with
 * a lower number has its opening time), so that an upgrade does not tell it again. The trade's other rows are read
 * only when the former key is in the feed (openings told before an upgrade), through the opening time's index:
 * the unary + keeps SQLite off the (strategy_id, number) index, which would walk all of the strategy's earlier
 * trades for each row.
 */
const openingNotInFeed = sql<boolean>`case
  when exists (select 1 from notifications as n
    where n.user_id = paper_trades.user_id and n.event_key = ${openedKey('paper_trades')}) then false
  when exists (select 1 from notifications as n
    where n.user_id = paper_trades.user_id and n.event_key = ${formerOpenedKey('paper_trades')}) then exists (
      select 1 from paper_trades as p
      where +p.strategy_id = paper_trades.strategy_id and p.symbol = paper_trades.symbol
        and p.opened_at = paper_trades.opened_at and p.number < paper_trades.number
        and ${openingSignal('p')} <> ${openingSignal('paper_trades')})
  else true end`;

export interface PreferencesRow {
  timeZone: string;
  dailySummaryHour: number;
}
export const DEFAULT_PREFERENCES: PreferencesRow = { timeZone: 'UTC', dailySummaryHour: 8 };

/**
 * `+$12.30`, `−$1.80`, `$0.00`, as the app writes money (a loss with the minus sign U+2212, not a hyphen), in the
 * bell, emails and chat alike; signed by the amount shown, so a loss under half a cent is not `−$0.00`.
 */
const usd = (value: number) => {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = cents === 0 ? '' : value > 0 ? '+' : '\u2212';
  return `${sign}$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};
const plain = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 8 });
/** A price as the app writes it: 2 decimals from 1 up (91,854.40, not 91,854.4), up to 8 below. */
const price = (value: number) =>
  value.toLocaleString(
    'en-US',
    Math.abs(value) >= 1 ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 8 },
  );

/** Sent only to channels that chose `event`. */
const only =
  (event: NotificationEvent) =>
  (events: readonly NotificationEvent[]): NotificationEvent | null =>
    events.includes(event) ? event : null;

/** The local date (YYYY-MM-DD) and hour of `at` in `timeZone`. */
export function localTime(at: number, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export interface PlannerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  log: FastifyBaseLogger;
  /** After each group of a run is recorded: its new feed items to publish, and how many outbox rows it wrote. */
  onRecorded: (items: { userId: number; notification: InAppNotification }[], deliveries: number) => void;
  intervalMs?: number;
  /** SQLite: the write gate (db/write-gate.ts); a group ends early once another writer waits for it. */
  writeGate?: WriteGate;
}

/**
 * The order a scan records its events in, and so the feed's (newest first by id): by when each happened, and at one
 * moment a close before an opening, so that a reversal's new position is listed above the one it closed, as the
 * chart's tooltip tells them. Before, events went in by kind (openings, then closes), and the bell put a reversal's
 * close above its open.
 */
function byOccurrence(a: PlannedEvent, b: PlannedEvent): number {
  return a.occurredAt - b.occurredAt || Number(a.event === 'trade_opened') - Number(b.event === 'trade_opened');
}

export class NotificationPlanner implements BackgroundService {
  readonly name = 'notification planner';
  readonly #options: PlannerOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #origin: number | undefined;
  /** Set by stop(): a scan in progress ends after the group in hand (the next scan, after a restart, records the rest). */
  #stopping = false;

  constructor(options: PlannerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#stopping = false;
    const every = this.#options.intervalMs ?? PLANNER_INTERVAL_MS;
    this.#timer = setInterval(() => void this.run().catch(() => {}), every);
    this.#timer.unref();
    void this.run().catch(() => {});
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => {});
  }

  /** One scan (runs are serialised within a process). Resolves once its events are recorded. */
  run(): Promise<void> {
    const previous = this.#running ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(() => this.#scan())
      .catch((error: unknown) => {
        this.#options.log.error({ err: error }, 'notification planner run failed');
        throw error;
      });
    this.#running = next;
    return next;
  }

  async #originTime(now: number): Promise<number> {
    if (this.#origin !== undefined) return this.#origin;
    const { db } = this.#options;
    await db
      .insertInto('notification_planner')
      .values({ id: 1, origin: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const row = await db
      .selectFrom('notification_planner')
      .select('origin')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    this.#origin = Number(row.origin);
    return this.#origin;
  }

  async #scan(): Promise<void> {
    const { db, clock } = this.#options;
    const now = clock();
    const origin = await this.#originTime(now);
    const since = Math.max(origin, now - LOOKBACK_MS);
    const planned = [
      ...(await this.#rejectedSignals(since)),
      ...(await this.#outcomes(since)),
      ...(await this.#trades(since)),
      ...(await this.#silences(origin, now)),
      ...(await this.#dailySummaries(origin, now)),
    ].sort(byOccurrence);
    if (planned.length === 0) return;
    // Skip the occurrences already in the feed without a write transaction each (the unique keys decide anyway).
    const known = new Set<string>();
    for (let start = 0; start < planned.length; start += BATCH) {
      const keys = planned.slice(start, start + BATCH).map((event) => event.key);
      const rows = await db
        .selectFrom('notifications')
        .select(['user_id', 'event_key'])
        .where('event_key', 'in', keys)
        .execute();
      for (const row of rows) known.add(`${row.user_id}|${row.event_key}`);
    }
    const news = planned.filter((event) => !(event.inApp && known.has(`${event.userId}|${event.key}`)));
    for (let start = 0; start < news.length && !this.#stopping;) {
      const started = performance.now();
      const { taken, recorded } = await this.#recordGroup(news.slice(start, start + RECORD_GROUP));
      start += taken;
      const published = recorded.flatMap(({ userId, notification }) =>
        notification ? [{ userId, notification }] : [],
      );
      const deliveries = recorded.reduce((sum, { deliveries: count }) => sum + count, 0);
      if (published.length > 0 || deliveries > 0) this.#options.onRecorded(published, deliveries);
      // A group holds SQLite's main thread: a burst's groups take at most half of it.
      if (start < news.length) await yieldShare(started, 0.5);
    }
    if (news.length > 0) await this.#durable();
  }

  /**
   * The groups commit without waiting for the disk (an fsync each would hold SQLite's main thread for milliseconds
   * per group in a burst). One durable commit after them puts them all on disk: commits reach the write-ahead log
   * in order, and flushing it flushes everything before. A crash of the machine before it can undo the scan's
   * records, as if the scan had not run: the next scan records them again.
   */
  async #durable(): Promise<void> {
    await writeTransaction(this.#options.db, (trx) =>
      trx
        .updateTable('notification_planner')
        .set({ origin: sql`origin` })
        .where('id', '=', 1)
        .execute(),
    );
  }

  /**
   * Records a group of events in one write transaction (one commit for the group rather than one per event, and it
   * does not wait for the disk: see #durable), or the first of them when an ingest batch waits for the write gate
   * meanwhile (webhook answers wait for that batch; `taken` says how many). When the database refuses the group,
   * each event is recorded on its own, so that one event at fault is logged and skipped (its key stays unrecorded;
   * the next scan tries it again) instead of holding back the rest.
   */
  async #recordGroup(events: PlannedEvent[]): Promise<{ taken: number; recorded: (Recorded & { userId: number })[] }> {
    const { db, dialect, clock, log, writeGate } = this.#options;
    const recordOne = async (
      into: Kysely<Database> | Transaction<Database>,
      event: PlannedEvent,
      channels?: EnabledChannels,
    ) => ({
      ...(await recordEvent(into, event, clock(), channels)),
      userId: event.userId,
    });
    const recordAll = async (trx: Transaction<Database>) => {
      // The group's channels in one query, in its transaction.
      const channels = await enabledChannels(
        trx,
        events.map((event) => event.userId),
      );
      // PostgreSQL (no write gate to give way to): the group's feed items in one statement and its outbox rows in
      // another, each statement being a round trip.
      if (dialect === 'postgres' && !writeGate) {
        const recorded = await recordEvents(trx, events, clock(), channels);
        return recorded.map((result, index) => ({ ...result, userId: events[index]!.userId }));
      }
      const recorded: (Recorded & { userId: number })[] = [];
      for (const event of events) {
        if (recorded.length > 0 && writeGate && writeGate.waiting > 0) break;
        recorded.push(await recordOne(trx, event, channels));
      }
      return recorded;
    };
    try {
      const recorded = await derivedTransaction(db, dialect, recordAll);
      return { taken: recorded.length, recorded };
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      // A trader deleted since their events were read (their account and everything of it went) is no fault.
      const level = isForeignKeyViolation(error) ? 'info' : 'error';
      log[level](
        { err: error, size: events.length },
        'recording a group of notifications failed; recording them one by one',
      );
    }
    const recorded: (Recorded & { userId: number })[] = [];
    for (const event of events) {
      try {
        recorded.push(await recordOne(db, event));
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        if (isForeignKeyViolation(error) && !(await traderExists(db, event.userId))) {
          log.info({ key: event.key }, "a deleted trader's notification was dropped");
        } else log.error({ err: error, key: event.key }, 'recording a notification failed');
      }
    }
    return { taken: events.length, recorded };
  }

  async #rejectedSignals(since: number): Promise<PlannedEvent[]> {
    const rows = await this.#options.db
      .selectFrom('signals')
      .select(['id', 'user_id', 'ticker', 'action', 'reason', 'received_at'])
      .where('received_at', '>=', since)
      .where('status', '=', 'rejected')
      .where(notInFeed(sql.ref('signals.user_id'), sql`'signal_rejected:' || signals.id`))
      .orderBy('received_at')
      .orderBy('id')
      .limit(5_000)
      .execute();
    return rows.map((row) => ({
      userId: Number(row.user_id),
      key: `signal_rejected:${row.id}`,
      event: 'signal_rejected',
      occurredAt: Number(row.received_at),
      title: `Signal rejected: ${row.reason ?? 'not a valid alert'}`,
      body: [row.action, row.ticker].filter(Boolean).join(' '),
      link: `/signals?selected=${row.id}`,
      data: {
        signalId: String(row.id),
        ticker: row.ticker,
        action: row.action,
        reason: row.reason,
      },
      inApp: true,
      channelEvent: only('signal_rejected'),
    }));
  }

  async #outcomes(since: number): Promise<PlannedEvent[]> {
    const rows = await this.#options.db
      .selectFrom('signal_outcomes as o')
      .innerJoin('signals as s', 's.id', 'o.signal_id')
      .select([
        'o.signal_id',
        's.user_id',
        's.strategy_id',
        's.ticker',
        's.action',
        'o.status',
        'o.reason',
        'o.out_of_sync',
        'o.decided_at',
      ])
      .where('o.decided_at', '>=', since)
      // A replay or a reset re-decides old signals' outcomes now: only signals received in the window are news, and
      // not the outcomes a replay decided (they carry its time).
      .where('s.received_at', '>=', since)
      .where(sql<boolean>`not ${replayedSince(sql.ref('o.strategy_id'), sql.ref('o.decided_at'))}`)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('o.status', '=', 'ignored'),
            notInFeed(sql.ref('s.user_id'), sql`'signal_ignored:' || o.signal_id`),
          ]),
          eb.and([
            eb('o.out_of_sync', 'is not', null),
            notInFeed(sql.ref('s.user_id'), sql`'out_of_sync:' || o.signal_id`),
          ]),
        ]),
      )
      .orderBy('o.decided_at')
      .orderBy('o.signal_id')
      .limit(5_000)
      .execute();
    const whose = await this.#strategyNamesFor(rows);
    const events: PlannedEvent[] = [];
    for (const row of rows) {
      const signalId = String(row.signal_id);
      const what = [row.action, row.ticker].filter(Boolean).join(' ');
      if (row.status === 'ignored') {
        events.push({
          userId: Number(row.user_id),
          key: `signal_ignored:${signalId}`,
          event: 'signal_ignored',
          occurredAt: Number(row.decided_at),
          title: `Signal ignored: ${row.reason ?? 'nothing was traded'}${whose(row)}`,
          body: what,
          link: `/signals?selected=${signalId}`,
          data: { signalId, ticker: row.ticker, action: row.action, reason: row.reason },
          inApp: true,
          channelEvent: only('signal_ignored'),
        });
      }
      if (row.out_of_sync !== null) {
        const outOfSync = JSON.parse(row.out_of_sync) as {
          tradingView?: { position?: string };
          paper?: { position?: string };
        };
        const tv = outOfSync.tradingView?.position ?? 'unknown';
        const paper = outOfSync.paper?.position ?? 'unknown';
        events.push({
          userId: Number(row.user_id),
          key: `out_of_sync:${signalId}`,
          event: 'out_of_sync',
          occurredAt: Number(row.decided_at),
          title: `Out-of-sync signal: ${what || 'an alert'}${whose(row)}`,
          body: `TradingView is ${tv}, the paper account is ${paper}: an alert was probably missed.`,
          link: `/signals?selected=${signalId}`,
          data: { signalId, ticker: row.ticker, action: row.action, outOfSync },
          inApp: true,
          channelEvent: only('out_of_sync'),
        });
      }
    }
    return events;
  }

  async #trades(since: number): Promise<PlannedEvent[]> {
    const { db } = this.#options;
    const columns = [
      'id',
      'user_id',
      'strategy_id',
      'number',
      'symbol',
      'side',
      'status',
      'quantity',
      'entry_price',
      'exit_price',
      'net_pnl',
      'gross_pnl',
      'entry_fee',
      'exit_fee',
      'return_pct',
      'opened_at',
      'closed_at',
      'exit_reason',
    ] as const;
    const opened = await db
      .selectFrom('paper_trades')
      .select(columns)
      .select(openedKey('paper_trades').as('opened_key'))
      .where('opened_at', '>=', since)
      .where(sql<boolean>`not ${decidedByReplay(sql`cast(${openingSignal('paper_trades')} as bigint)`)}`)
      .where(openingNotInFeed)
      .orderBy('opened_at')
      .orderBy('id')
      .limit(5_000)
      .execute();
    const closed = await db
      .selectFrom('paper_trades')
      .select(columns)
      .where('closed_at', '>=', since)
      .where('status', '=', 'closed')
      .where(sql<boolean>`not ${closedByReplay}`)
      .where(
        notInFeed(
          sql.ref('paper_trades.user_id'),
          sql`'trade_closed:' || paper_trades.strategy_id || ':' || paper_trades.number || ':' || paper_trades.opened_at`,
        ),
      )
      .orderBy('closed_at')
      .orderBy('id')
      .limit(5_000)
      .execute();
    const whose = await this.#strategyNamesFor([...opened, ...closed]);
    const events: PlannedEvent[] = [];
    const seenOpen = new Set<string>();
    for (const row of opened) {
      // A partial close is a closed row of its own with its position's key: one position, one event.
      const key = row.opened_key;
      if (seenOpen.has(key)) continue;
      seenOpen.add(key);
      events.push({
        userId: Number(row.user_id),
        key,
        event: 'trade_opened',
        occurredAt: Number(row.opened_at),
        title: `Trade opened: ${row.symbol} ${row.side} ${plain(Number(row.quantity))} at ${price(Number(row.entry_price))}${whose(row)}`,
        body: '',
        link: '/performance/trades',
        data: {
          strategyId: String(row.strategy_id),
          symbol: row.symbol,
          side: row.side,
          quantity: Number(row.quantity),
          entryPrice: Number(row.entry_price),
        },
        inApp: true,
        channelEvent: only('trade_opened'),
      });
    }
    for (const row of closed) {
      const pnl = Number(row.net_pnl ?? 0);
      const gross = Number(row.gross_pnl ?? 0);
      const fees = Number(row.entry_fee) + Number(row.exit_fee ?? 0);
      const exit = row.exit_reason === 'stop_loss' || row.exit_reason === 'take_profit' ? row.exit_reason : null;
      const data = {
        tradeId: String(row.id),
        strategyId: String(row.strategy_id),
        symbol: row.symbol,
        side: row.side,
        quantity: Number(row.quantity),
        entryPrice: Number(row.entry_price),
        exitPrice: row.exit_price === null ? null : Number(row.exit_price),
        grossPnl: gross,
        fees,
        netPnl: pnl,
        returnPct: row.return_pct === null ? null : Number(row.return_pct),
        exitReason: row.exit_reason,
      };
      const closedTitle = `Trade closed: ${row.symbol} ${row.side}, P&L ${usd(pnl)}${whose(row)}`;
      // A stop or target that closes a trade is one event: an exit_hit to channels that chose it, else a
      // trade_closed to channels that chose that.
      events.push({
        userId: Number(row.user_id),
        // A trade is its number and opening time within its strategy: a replay reproduces both.
        key: `trade_closed:${row.strategy_id}:${row.number}:${row.opened_at}`,
        event: exit ? 'exit_hit' : 'trade_closed',
        occurredAt: Number(row.closed_at),
        title: exit
          ? `${exit === 'stop_loss' ? 'Stop loss' : 'Take profit'} hit: ${row.symbol} ${row.side} closed, P&L ${usd(pnl)}${whose(row)}`
          : closedTitle,
        // The net P&L is after fees: a trade that exits at its entry price still loses its fees, and says so.
        body:
          `${plain(Number(row.quantity))} ${row.symbol} ${row.side}: entry ${price(Number(row.entry_price))}, ` +
          `exit ${row.exit_price === null ? '?' : price(Number(row.exit_price))}. ` +
          `Price move ${usd(gross)}, fees ${usd(-fees)}, net ${usd(pnl)}.`,
        link: '/performance/trades',
        data,
        inApp: true,
        channelEvent: (chosen) =>
          exit && chosen.includes('exit_hit') ? 'exit_hit' : chosen.includes('trade_closed') ? 'trade_closed' : null,
      });
    }
    return events;
  }

  /**
   * What a trade's or signal's title adds to say whose it is: " · {strategy}" for a trader with several strategies
   * (two ETH longs of two strategies read alike), nothing for a trader with one. One read of the rows' traders'
   * strategies, whatever the number of rows.
   */
  async #strategyNamesFor(rows: readonly { user_id: number }[]): Promise<(row: { strategy_id: number }) => string> {
    const userIds = [...new Set(rows.map((row) => Number(row.user_id)))];
    const strategies: { id: number; user_id: number; name: string }[] = [];
    for (let start = 0; start < userIds.length; start += BATCH) {
      strategies.push(
        ...(await this.#options.db
          .selectFrom('strategies')
          .select(['id', 'user_id', 'name'])
          .where('user_id', 'in', userIds.slice(start, start + BATCH))
          .execute()),
      );
    }
    const countOf = new Map<number, number>();
    for (const { user_id } of strategies) countOf.set(Number(user_id), (countOf.get(Number(user_id)) ?? 0) + 1);
    const named = new Map(
      strategies
        .filter(({ user_id }) => countOf.get(Number(user_id))! > 1)
        .map(({ id, name }) => [Number(id), ` · ${name}`]),
    );
    return ({ strategy_id }) => named.get(Number(strategy_id)) ?? '';
  }

  async #silences(origin: number, now: number): Promise<PlannedEvent[]> {
    const { db } = this.#options;
    const weekAgo = now - WEEK_MS;
    // One statement for every strategy (a query per strategy took 4,000 round trips every scan with 4,000
    // strategies). Each strategy's last alert is one step down its index; only those silent since the origin
    // whose last alert is within the week count their week's alerts.
    const lastAlerts = db
      .selectFrom('strategies as s')
      .select(['s.id', 's.user_id', 's.name', 's.silent_after_minutes'])
      .select((eb) =>
        eb
          .selectFrom('signals as l')
          .select('l.received_at')
          .whereRef('l.strategy_id', '=', 's.id')
          .orderBy('l.received_at', 'desc')
          .limit(1)
          .as('last_at'),
      )
      .where('s.silent_after_minutes', 'is not', null)
      .as('t');
    // In bigint: minutes times 60,000 leave PostgreSQL's integer range above 35,791 minutes.
    const silenceStart = sql<number>`${sql.ref('t.last_at')} + cast(${sql.ref('t.silent_after_minutes')} as bigint) * 60000`;
    const strategies = await db
      .selectFrom(lastAlerts)
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('signals as w')
          .select((count) => count.fn.countAll<number | string>().as('n'))
          .whereRef('w.strategy_id', '=', 't.id')
          .where('w.received_at', '>=', weekAgo)
          .as('week'),
      )
      .where('t.last_at', '>=', weekAgo)
      .where(silenceStart, '>=', origin)
      .where(silenceStart, '<=', now)
      .execute();
    const events: PlannedEvent[] = [];
    for (const strategy of strategies) {
      const minutes = Number(strategy.silent_after_minutes);
      if (Number(strategy.week) < USUAL_ALERTS_PER_WEEK || strategy.last_at === null) continue;
      const last = Number(strategy.last_at);
      const silentSince = last + minutes * 60_000;
      events.push({
        userId: Number(strategy.user_id),
        key: `webhook_silent:${strategy.id}:${last}`,
        event: 'webhook_silent',
        occurredAt: silentSince,
        title: `Webhook silent: ${strategy.name} has had no alert for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
        body: 'TradingView usually sends alerts to this strategy. Check that its alerts are still active.',
        link: '/signals',
        data: {
          strategyId: String(strategy.id),
          strategy: strategy.name,
          lastReceivedAt: last,
          silentAfterMinutes: minutes,
        },
        inApp: true,
        channelEvent: only('webhook_silent'),
      });
    }
    return events;
  }

  async #dailySummaries(origin: number, now: number): Promise<PlannedEvent[]> {
    const { db } = this.#options;
    // Only traders with an enabled channel that chose the summary get one (it is not in the feed otherwise).
    const channels = await db
      .selectFrom('notification_channels as c')
      .leftJoin('notification_preferences as p', 'p.user_id', 'c.user_id')
      .select(['c.user_id', 'c.events', 'p.time_zone', 'p.daily_summary_hour'])
      .where('c.enabled', '=', 1)
      .where('c.events', 'like', '%daily_summary%')
      .execute();
    const users = new Map<number, PreferencesRow>();
    for (const row of channels) {
      users.set(Number(row.user_id), {
        timeZone: row.time_zone ?? DEFAULT_PREFERENCES.timeZone,
        dailySummaryHour:
          row.daily_summary_hour === null ? DEFAULT_PREFERENCES.dailySummaryHour : Number(row.daily_summary_hour),
      });
    }
    const events: PlannedEvent[] = [];
    if (now - origin < 0) return events;
    for (const [userId, preferences] of users) {
      const local = localTime(now, preferences.timeZone);
      if (local.hour !== preferences.dailySummaryHour) continue;
      const from = now - DAY_MS;
      const signals = await db
        .selectFrom('signals')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        // Through the trader's strategies, whose (strategy_id, received_at, status, ...) index holds the count.
        .where('strategy_id', 'in', db.selectFrom('strategies').select('id').where('user_id', '=', userId))
        .where('received_at', '>=', from)
        .groupBy('status')
        .execute();
      const byStatus = { accepted: 0, rejected: 0, duplicate: 0 };
      for (const row of signals) byStatus[row.status] = Number(row.n);
      const trades = await db
        .selectFrom('paper_trades')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('net_pnl').as('pnl'),
        ])
        .where('user_id', '=', userId)
        .where('status', '=', 'closed')
        .where('closed_at', '>=', from)
        .executeTakeFirstOrThrow();
      const closed = Number(trades.n);
      const pnl = Number(trades.pnl ?? 0);
      const total = byStatus.accepted + byStatus.rejected + byStatus.duplicate;
      events.push({
        userId,
        key: `daily_summary:${local.date}`,
        event: 'daily_summary',
        occurredAt: now,
        title: `Daily summary: ${total} signals, ${closed} trades closed, P&L ${usd(pnl)}`,
        body: `Last 24 hours: ${byStatus.accepted} accepted, ${byStatus.rejected} rejected, ${byStatus.duplicate} repeats.`,
        link: '/performance/trades',
        data: { from, to: now, signals: byStatus, tradesClosed: closed, realisedPnl: pnl },
        inApp: true,
        channelEvent: only('daily_summary'),
      });
    }
    return events;
  }
}
