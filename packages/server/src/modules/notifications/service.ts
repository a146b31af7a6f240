import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, NotificationChannelsTable, NotificationDeliveriesTable } from '../../db/schema';
import { HttpError, notFound, tooManyRequests } from '../../http/errors';
import { validationError } from '../../http/validation';
import {
  CHANNEL_KINDS,
  type ChannelKind,
  type CheckDestination,
  type NotificationEvent,
  type TransportSettings,
} from './contract';
import { maskDestination, readDestination, type DestinationInput } from './destinations';
import type { Outbox } from './outbox';
import { DEFAULT_PREFERENCES } from './planner';
import { inAppJson, newMessageId, pendingDelivery, unreadCount, type StoredMessage } from './record';
import {
  MAX_CHANNELS,
  type InAppNotificationPage,
  type NotificationChannel,
  type NotificationChannelList,
  type NotificationDelivery,
  type NotificationDeliveryPage,
  type NotificationPreferences,
} from './schemas';
import type { ChannelSecrets } from './secrets';
import { generateChannelSecret } from './transports';

export const TESTS_PER_MINUTE = 5;

/** The transport settings from the server's settings (config.notifications). */
export function transportSettings(config: Config, timeoutMs: number): TransportSettings {
  return {
    allowedHosts: config.notifications.allowedHosts,
    smtpUrl: config.notifications.smtpUrl,
    smtpFrom: config.notifications.smtpFrom,
    telegramApiUrl: config.notifications.telegramApiUrl,
    timeoutMs,
  };
}

/** The columns a delivery's answer is made of: not its payload, lease or owner. */
export type DeliveryLogRow = Omit<
  Selectable<NotificationDeliveriesTable>,
  'user_id' | 'channel_id' | 'event_key' | 'payload' | 'lease_until' | 'lease_owner'
>;

export function deliveryJson(row: DeliveryLogRow): NotificationDelivery {
  const time = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    messageId: row.message_id,
    event: row.event as NotificationDelivery['event'],
    title: row.title,
    state: row.state,
    attempts: Number(row.attempts),
    responseCode: row.response_code === null ? null : Number(row.response_code),
    error: row.error,
    createdAt: Number(row.created_at),
    lastAttemptAt: time(row.last_attempt_at),
    nextAttemptAt: row.state === 'pending' || row.state === 'retrying' ? time(row.next_attempt_at) : null,
    durationMs: time(row.duration_ms),
  };
}

/** The field a destination problem is reported on. */
const destinationField = (kind: ChannelKind) => (kind === 'telegram' ? 'botToken' : kind === 'email' ? 'email' : 'url');

export interface NotificationServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  secrets: ChannelSecrets;
  outbox: Outbox;
  settings: TransportSettings;
  checkDestination: CheckDestination;
  /** New outbox rows were written. */
  onQueued: () => void;
}

/** The signed-in trader's channels, their delivery logs, preferences and in-app feed. */
export class NotificationService {
  readonly #options: NotificationServiceOptions;

  constructor(options: NotificationServiceOptions) {
    this.#options = options;
  }

  get #db() {
    return this.#options.db;
  }

  availableKinds(): ChannelKind[] {
    return CHANNEL_KINDS.filter((kind) => kind !== 'email' || this.#options.config.notifications.smtpUrl !== undefined);
  }

  async #channelJson(row: Selectable<NotificationChannelsTable>): Promise<NotificationChannel> {
    const last = await this.#db
      .selectFrom('notification_deliveries')
      .select(['last_attempt_at', 'state', 'response_code'])
      .where('channel_id', '=', row.id)
      .where('last_attempt_at', 'is not', null)
      .orderBy('last_attempt_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      id: Number(row.id),
      name: row.name,
      kind: row.kind,
      target: row.target,
      events: JSON.parse(row.events) as NotificationEvent[],
      enabled: Number(row.enabled) === 1,
      disabledReason: row.disabled_reason,
      consecutiveFailures: Number(row.consecutive_failures),
      lastDelivery: last
        ? {
            at: Number(last.last_attempt_at),
            ok: last.state === 'delivered',
            status: last.response_code === null ? null : Number(last.response_code),
          }
        : null,
      createdAt: Number(row.created_at),
    };
  }

  async #own(userId: number, id: number): Promise<Selectable<NotificationChannelsTable>> {
    const row = await this.#db
      .selectFrom('notification_channels')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('Channel not found.');
    return row;
  }

  async list(userId: number): Promise<NotificationChannelList> {
    const rows = await this.#db
      .selectFrom('notification_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const channels: NotificationChannel[] = [];
    for (const row of rows) channels.push(await this.#channelJson(row));
    return { channels, availableKinds: this.availableKinds(), maxChannels: MAX_CHANNELS };
  }

  async create(
    userId: number,
    body: DestinationInput & { name: string; events: NotificationEvent[] },
  ): Promise<{ channel: NotificationChannel; signingSecret: string | null }> {
    if (!this.availableKinds().includes(body.kind)) {
      throw validationError({ kind: ['Email channels need an SMTP server: the operator has not set SMTP_URL.'] });
    }
    const read = readDestination(body, generateChannelSecret);
    if ('errors' in read) throw validationError(read.errors);
    const { destination } = read;
    const problem = await this.#options.checkDestination(destination, this.#options.settings);
    if (problem) throw validationError({ [destinationField(body.kind)]: [problem] });
    const count = await this.#db
      .selectFrom('notification_channels')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_CHANNELS) {
      throw new HttpError(
        409,
        `You already have ${MAX_CHANNELS} channels, the most a trader can have. Remove one first.`,
      );
    }
    const now = this.#options.clock();
    const row = await this.#db
      .insertInto('notification_channels')
      .values({
        user_id: userId,
        name: body.name,
        kind: body.kind,
        destination_ciphertext: await this.#options.secrets.encrypt(userId, destination),
        target: maskDestination(destination),
        events: JSON.stringify(body.events),
        enabled: 1,
        disabled_reason: null,
        consecutive_failures: 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      channel: await this.#channelJson(row),
      signingSecret: destination.kind === 'webhook' ? destination.secret : null,
    };
  }

  async update(
    userId: number,
    id: number,
    body: { name?: string | undefined; events?: NotificationEvent[] | undefined; enabled?: boolean | undefined },
  ): Promise<{ channel: NotificationChannel }> {
    const existing = await this.#own(userId, id);
    const enabling = body.enabled === true && Number(existing.enabled) !== 1;
    const row = await this.#db
      .updateTable('notification_channels')
      .set({
        ...(body.name !== undefined && { name: body.name }),
        ...(body.events !== undefined && { events: JSON.stringify(body.events) }),
        ...(body.enabled === false && { enabled: 0 }),
        ...(enabling && { enabled: 1, consecutive_failures: 0, disabled_reason: null }),
        updated_at: this.#options.clock(),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (enabling) this.#options.onQueued();
    return { channel: await this.#channelJson(row) };
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.#own(userId, id);
    await this.#db.deleteFrom('notification_channels').where('id', '=', id).where('user_id', '=', userId).execute();
  }

  /** "Send test": one attempt now, through the outbox, recorded in the channel's log. */
  async test(userId: number, id: number): Promise<{ delivery: NotificationDelivery }> {
    const channel = await this.#own(userId, id);
    const now = this.#options.clock();
    const recent = await this.#db
      .selectFrom('notification_deliveries')
      .select(['created_at'])
      .where('user_id', '=', userId)
      .where('event', '=', 'test')
      .where('created_at', '>', now - 60_000)
      .orderBy('created_at')
      .execute();
    if (recent.length >= TESTS_PER_MINUTE) {
      const wait = Number(recent[0]!.created_at) + 60_000 - now;
      throw tooManyRequests(
        `At most ${TESTS_PER_MINUTE} tests a minute. Please try again in ${Math.ceil(wait / 1000)} seconds.`,
        wait / 1000,
      );
    }
    const messageId = newMessageId();
    const message: StoredMessage = {
      event: 'test',
      occurredAt: now,
      title: `Test notification from SignalDeck: ${channel.name}`,
      body: 'If you can read this, the channel works.',
      link: '/settings/notifications',
      data: { channelId: String(channel.id) },
    };
    const { id: deliveryId } = await this.#db
      .insertInto('notification_deliveries')
      .values(
        pendingDelivery({
          userId,
          channelId: id,
          eventKey: `test:${messageId}`,
          messageId,
          message,
          // Never picked by the worker's schedule: this request makes the one attempt.
          nextAttemptAt: null,
          now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.#options.outbox.attemptNow(Number(deliveryId));
    const row = await this.#db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    return { delivery: deliveryJson(row) };
  }

  async deliveries(
    userId: number,
    id: number,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<NotificationDeliveryPage> {
    await this.#own(userId, id);
    let select = this.#db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('channel_id', '=', id)
      .where('user_id', '=', userId);
    if (query.cursor) select = select.where('id', '<', Number(query.cursor));
    const rows = await select
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(deliveryJson),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    };
  }

  async preferences(userId: number): Promise<NotificationPreferences> {
    const row = await this.#db
      .selectFrom('notification_preferences')
      .select(['time_zone', 'daily_summary_hour'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? { timeZone: row.time_zone, dailySummaryHour: Number(row.daily_summary_hour) }
      : { ...DEFAULT_PREFERENCES };
  }

  async setPreferences(userId: number, body: NotificationPreferences): Promise<NotificationPreferences> {
    const now = this.#options.clock();
    await this.#db
      .insertInto('notification_preferences')
      .values({ user_id: userId, time_zone: body.timeZone, daily_summary_hour: body.dailySummaryHour, updated_at: now })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ time_zone: body.timeZone, daily_summary_hour: body.dailySummaryHour, updated_at: now }),
      )
      .execute();
    return this.preferences(userId);
  }

  async feed(userId: number, query: { cursor?: string | undefined; limit: number }): Promise<InAppNotificationPage> {
    let select = this.#db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    if (query.cursor) select = select.where('id', '<', Number(query.cursor));
    const rows = await select
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(inAppJson),
      unread: await unreadCount(this.#db, userId),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    };
  }

  async markRead(userId: number, body: { ids: number[] } | { all: true }): Promise<{ unread: number }> {
    let update = this.#db
      .updateTable('notifications')
      .set({ read_at: this.#options.clock() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if ('ids' in body) update = update.where('id', 'in', body.ids);
    await update.execute();
    return { unread: await unreadCount(this.#db, userId) };
  }
}
