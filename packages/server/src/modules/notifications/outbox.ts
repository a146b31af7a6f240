import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { writeTransaction, type Dialect } from '../../db/connection';
import type { Database, DeliveryState } from '../../db/schema';
import type { BackgroundService } from '../../services';
import type { ChannelDestination, Deliver, DeliveryResult, NotificationMessage, TransportSettings } from './contract';
import { recordEvent, type StoredMessage } from './record';
import type { InAppNotification } from './schemas';
import type { ChannelSecrets } from './secrets';

/*
 * The outbox worker: sends what the planner (and "Send test") wrote to notification_deliveries, and keeps the log.
 *
 * - Claiming: a due row (pending or retrying, next_attempt_at passed) of an enabled channel is leased to this
 *   worker (lease_until) in a transaction; on PostgreSQL the candidate rows are read FOR UPDATE SKIP LOCKED, so
 *   two instances never claim one row. A lease that outlives its worker (a crash) expires and the row is claimed
 *   again: delivery is at least once, always with the row's message id (the webhook-id).
 * - Concurrency: at most one attempt in flight per channel (no claim while another row of the channel is leased)
 *   and at most `globalLimit` at once, each in its own promise: a channel whose receiver hangs holds only its own
 *   slot until the transport's timeout. Nothing here runs in the ingest's path.
 * - Per user at most `perUserPerMinute` attempts a minute; the rest wait in the outbox.
 * - Retries: exponential backoff with full jitter (a random wait up to RETRY_BASE_MS doubling per attempt, at most
 *   RETRY_CAP_MS; longer when the service asked with Retry-After), until GIVE_UP_AFTER_MS after the row was written.
 *   A permanent failure (a 4xx but 408/429, a refused destination) is not retried. A test is attempted once.
 * - After MAX_PERMANENT_FAILURES permanent failures in a row the channel is disabled with its reason, and the
 *   trader gets a `channel_disabled` item in the feed. A success resets the count.
 * Destinations and secrets are never logged: log lines name the channel and delivery ids only.
 */

export const RETRY_BASE_MS = 10_000;
export const RETRY_CAP_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const MAX_PERMANENT_FAILURES = 5;
export const POLL_MS = 1_000;
export const GLOBAL_LIMIT = 8;
export const PER_USER_PER_MINUTE = 30;
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** A lease lasts the attempt's timeout and this much more. */
const LEASE_MARGIN_MS = 30_000;

/** The wait before retry number `attempt` (1 = the first retry): full jitter over a capped exponential. */
export function backoffMs(attempt: number, random: () => number, retryAfterMs: number | null): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.max(retryAfterMs ?? 0, Math.floor(random() * ceiling));
}

export interface OutboxOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  log: FastifyBaseLogger;
  deliver: Deliver;
  settings: TransportSettings;
  /** PUBLIC_URL: app-relative links become absolute with it; unset, messages carry no link. */
  publicUrl: string | undefined;
  secrets: ChannelSecrets;
  /** A channel was disabled: its owner's new feed item. */
  onChannelDisabled: (userId: number, notification: InAppNotification) => void;
  random?: () => number;
  pollMs?: number;
  globalLimit?: number;
  perUserPerMinute?: number;
}

interface ClaimedRow {
  id: number;
  user_id: number;
  channel_id: number;
  message_id: string;
  event: string;
  payload: string;
  attempts: number;
  created_at: number;
  destination_ciphertext: string;
  channel_name: string;
}

const formatUtc = (at: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');

export class Outbox implements BackgroundService {
  readonly name = 'notification outbox';
  readonly #options: OutboxOptions;
  readonly #owner = randomBytes(8).toString('hex');
  readonly #inFlight = new Map<number, Promise<void>>();
  readonly #channelsInFlight = new Set<number>();
  readonly #attemptsByUser = new Map<number, number[]>();
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;
  #again = false;
  #stopped = true;

  constructor(options: OutboxOptions) {
    this.#options = options;
  }

  get #random() {
    return this.#options.random ?? Math.random;
  }

  start(): void {
    this.#stopped = false;
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs ?? POLL_MS);
    this.#timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Looks for due rows now (after new rows were written). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = true;
    void this.#tick()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'notification outbox failed to claim'))
      .finally(() => {
        this.#ticking = false;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Claims what is due now and resolves once those attempts are recorded (tests drive the worker with it). */
  async runOnce(): Promise<void> {
    await this.#tick();
    await this.idle();
  }

  /** Resolves once every attempt in flight has finished (tests). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0 || this.#ticking) {
      await Promise.allSettled([...this.#inFlight.values()]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  #usersAtCap(now: number): number[] {
    const cap = this.#options.perUserPerMinute ?? PER_USER_PER_MINUTE;
    const capped: number[] = [];
    for (const [userId, times] of this.#attemptsByUser) {
      const recent = times.filter((time) => time > now - 60_000);
      if (recent.length === 0) this.#attemptsByUser.delete(userId);
      else this.#attemptsByUser.set(userId, recent);
      if (recent.length >= cap) capped.push(userId);
    }
    return capped;
  }

  async #tick(): Promise<void> {
    const free = (this.#options.globalLimit ?? GLOBAL_LIMIT) - this.#inFlight.size;
    if (free <= 0) return;
    const claimed = await this.#claim(free);
    for (const row of claimed) this.#launch(row);
  }

  #launch(row: ClaimedRow): void {
    const userAttempts = this.#attemptsByUser.get(row.user_id) ?? [];
    userAttempts.push(this.#options.clock());
    this.#attemptsByUser.set(row.user_id, userAttempts);
    this.#channelsInFlight.add(row.channel_id);
    const attempt = this.#attempt(row)
      .catch((error: unknown) =>
        this.#options.log.error(
          { err: error, deliveryId: row.id, channelId: row.channel_id },
          'notification attempt failed',
        ),
      )
      .finally(() => {
        this.#inFlight.delete(row.id);
        this.#channelsInFlight.delete(row.channel_id);
        this.wake();
      });
    this.#inFlight.set(row.id, attempt);
  }

  /** Leases up to `limit` due rows, at most one per channel, none of a channel with an attempt in flight. */
  async #claim(limit: number, onlyId?: number): Promise<ClaimedRow[]> {
    const { db, dialect, clock } = this.#options;
    const now = clock();
    const capped = onlyId === undefined ? this.#usersAtCap(now) : [];
    const busy = onlyId === undefined ? [...this.#channelsInFlight] : [];
    // Most polls find nothing due: a plain read first, so an idle outbox takes no write lock (on SQLite, the
    // webhook ingest's writer would wait for it).
    if (onlyId === undefined) {
      const due = await db
        .selectFrom('notification_deliveries')
        .select('id')
        .where('state', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .limit(1)
        .executeTakeFirst();
      if (!due) return [];
    }
    return writeTransaction(db, async (trx) => {
      let query = trx
        .selectFrom('notification_deliveries as d')
        .innerJoin('notification_channels as c', 'c.id', 'd.channel_id')
        .select([
          'd.id',
          'd.user_id',
          'd.channel_id',
          'd.message_id',
          'd.event',
          'd.payload',
          'd.attempts',
          'd.created_at',
          'c.destination_ciphertext',
          'c.name as channel_name',
        ])
        .where('d.state', 'in', ['pending', 'retrying'])
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]));
      if (onlyId !== undefined) {
        query = query.where('d.id', '=', onlyId);
      } else {
        query = query
          .where('d.next_attempt_at', '<=', now)
          .where('c.enabled', '=', 1)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('notification_deliveries as other')
                  .select(sql`1`.as('one'))
                  .whereRef('other.channel_id', '=', 'd.channel_id')
                  .where('other.lease_until', '>=', now)
                  .where('other.state', 'in', ['pending', 'retrying']),
              ),
            ),
          );
        if (capped.length > 0) query = query.where('d.user_id', 'not in', capped);
        if (busy.length > 0) query = query.where('d.channel_id', 'not in', busy);
      }
      query = query
        .orderBy('d.next_attempt_at')
        .orderBy('d.id')
        .limit(Math.max(limit * 4, 20));
      if (dialect === 'postgres') query = query.forUpdate(['d']).skipLocked();
      const candidates = await query.execute();
      const picked: ClaimedRow[] = [];
      const channels = new Set<number>();
      const perUser = new Map<number, number>();
      const cap = this.#options.perUserPerMinute ?? PER_USER_PER_MINUTE;
      for (const candidate of candidates) {
        const row = {
          ...candidate,
          id: Number(candidate.id),
          user_id: Number(candidate.user_id),
          channel_id: Number(candidate.channel_id),
          attempts: Number(candidate.attempts),
          created_at: Number(candidate.created_at),
        };
        if (channels.has(row.channel_id)) continue;
        const recent = (this.#attemptsByUser.get(row.user_id)?.length ?? 0) + (perUser.get(row.user_id) ?? 0);
        if (onlyId === undefined && recent >= cap) continue;
        channels.add(row.channel_id);
        perUser.set(row.user_id, (perUser.get(row.user_id) ?? 0) + 1);
        picked.push(row);
        if (picked.length >= limit) break;
      }
      if (picked.length > 0) {
        await trx
          .updateTable('notification_deliveries')
          .set({ lease_until: now + this.#options.settings.timeoutMs + LEASE_MARGIN_MS, lease_owner: this.#owner })
          .where(
            'id',
            'in',
            picked.map((row) => row.id),
          )
          .execute();
      }
      return picked;
    });
  }

  /**
   * One attempt of delivery `id` now, whatever its schedule, in the caller's promise ("Send test"). Resolves once
   * it is recorded; false when the row is not attemptable (already delivered, failed, or leased by a worker).
   */
  async attemptNow(id: number): Promise<boolean> {
    const [row] = await this.#claim(1, id);
    if (!row) return false;
    this.#channelsInFlight.add(row.channel_id);
    try {
      await this.#attempt(row);
    } finally {
      this.#channelsInFlight.delete(row.channel_id);
    }
    return true;
  }

  async #attempt(row: ClaimedRow): Promise<void> {
    const { clock, deliver, settings, publicUrl, secrets } = this.#options;
    const stored = JSON.parse(row.payload) as StoredMessage;
    const message: NotificationMessage = {
      ...stored,
      id: row.message_id,
      link: stored.link && publicUrl ? `${publicUrl}${stored.link}` : null,
    };
    let destination: ChannelDestination | undefined;
    let result: DeliveryResult;
    try {
      destination = await secrets.decrypt(row.user_id, row.destination_ciphertext);
    } catch {
      result = {
        ok: false,
        status: null,
        permanent: true,
        retryAfterMs: null,
        error: "The channel's destination cannot be decrypted: the server key it was stored with is not configured.",
        durationMs: 0,
      };
    }
    if (destination) {
      const started = clock();
      try {
        result = await deliver(destination, message, settings);
      } catch (error) {
        // A transport must not throw; if one does, the attempt counts as a transient failure.
        this.#options.log.error({ err: error, deliveryId: row.id }, 'notification transport threw');
        result = {
          ok: false,
          status: null,
          permanent: false,
          retryAfterMs: null,
          error: 'The delivery failed unexpectedly.',
          durationMs: Math.max(0, clock() - started),
        };
      }
    }
    await this.#record(row, result!);
  }

  async #record(row: ClaimedRow, result: DeliveryResult): Promise<void> {
    const { db, clock, log } = this.#options;
    const now = clock();
    const attempts = row.attempts + 1;
    let state: DeliveryState;
    let next: number | null = null;
    let error = result.error;
    if (result.ok) state = 'delivered';
    else if (result.permanent || row.event === 'test') state = 'failed';
    else if (now >= row.created_at + GIVE_UP_AFTER_MS) {
      state = 'failed';
      error = `${error ?? 'Failed'} (gave up 24 hours after the event)`;
    } else {
      state = 'retrying';
      next = Math.min(now + backoffMs(attempts, this.#random, result.retryAfterMs), row.created_at + GIVE_UP_AFTER_MS);
    }
    const disabled = await writeTransaction(db, async (trx) => {
      const updated = await trx
        .updateTable('notification_deliveries')
        .set({
          state,
          attempts,
          next_attempt_at: next,
          last_attempt_at: now,
          response_code: result.status,
          error,
          duration_ms: Math.max(0, Math.round(result.durationMs)),
          lease_until: null,
          lease_owner: null,
        })
        .where('id', '=', row.id)
        .where('lease_owner', '=', this.#owner)
        .executeTakeFirst();
      // Our lease expired and another worker took the row: its attempt is the one recorded.
      if (Number(updated.numUpdatedRows) === 0) return null;
      if (result.ok) {
        await trx
          .updateTable('notification_channels')
          .set({ consecutive_failures: 0 })
          .where('id', '=', row.channel_id)
          .execute();
        return null;
      }
      if (!result.permanent) return null;
      const channel = await trx
        .updateTable('notification_channels')
        .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
        .where('id', '=', row.channel_id)
        .returning(['consecutive_failures', 'enabled', 'name'])
        .executeTakeFirst();
      if (!channel || Number(channel.enabled) !== 1 || Number(channel.consecutive_failures) < MAX_PERMANENT_FAILURES) {
        return null;
      }
      const why = result.status === null ? (result.error ?? 'no answer') : `HTTP ${result.status}`;
      const reason = `Disabled after ${MAX_PERMANENT_FAILURES} permanent failures (${why}) on ${formatUtc(now)} UTC`;
      await trx
        .updateTable('notification_channels')
        .set({ enabled: 0, disabled_reason: reason, updated_at: now })
        .where('id', '=', row.channel_id)
        .execute();
      const recorded = await recordEvent(
        trx,
        {
          userId: row.user_id,
          key: `channel_disabled:${row.channel_id}:${now}`,
          event: 'channel_disabled',
          occurredAt: now,
          title: `Channel disabled: ${channel.name}`,
          body: `${reason}. Check its settings, then enable it again.`,
          link: '/settings/notifications',
          data: { channelId: row.channel_id },
          inApp: true,
          channelEvent: () => null,
        },
        now,
      );
      return recorded.notification;
    });
    if (disabled) {
      log.warn({ channelId: row.channel_id }, 'notification channel disabled after repeated permanent failures');
      this.#options.onChannelDisabled(row.user_id, disabled);
    }
  }
}
