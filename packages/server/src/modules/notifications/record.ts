import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { writeTransaction } from '../../db/connection';
import type { Database, NotificationsTable } from '../../db/schema';
import type { NotificationEvent } from './contract';
import type { InAppNotification } from './schemas';

/*
 * Recording a decided event: its in-app item and one outbox row per enabled channel that chose it, in one
 * transaction. Both are unique per event occurrence (`key`): (user, key) for the feed, (channel, key) for the
 * outbox, so an event planned twice (a second scan, a second instance) is recorded once, and an event recorded
 * is sent after any crash (the outbox worker reads the rows).
 */

export type InAppEvent = NotificationEvent | 'channel_disabled';

export interface PlannedEvent {
  userId: number;
  /** The occurrence, e.g. `signal_rejected:42`: unique per user. */
  key: string;
  /** The feed's event. */
  event: InAppEvent;
  occurredAt: number;
  title: string;
  body: string;
  /** App-relative, e.g. /signals?selected=42. */
  link: string | null;
  data: Record<string, unknown>;
  /** Written to the in-app feed (every event but a daily summary that no channel chose). */
  inApp: boolean;
  /** The event a channel that chose `events` is sent this as, or null: not sent to that channel. */
  channelEvent: (events: readonly NotificationEvent[]) => NotificationEvent | null;
}

/** What the outbox stores of a message (its id is the row's message_id; its link stays app-relative). */
export interface StoredMessage {
  event: NotificationEvent | 'test';
  occurredAt: number;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
}

/** A webhook-id: `msg_` and 24 random bytes, base64url. */
export const newMessageId = () => `msg_${randomBytes(24).toString('base64url')}`;

export function inAppJson(row: Selectable<NotificationsTable>): InAppNotification {
  return {
    id: Number(row.id),
    event: row.event as InAppNotification['event'],
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: Number(row.created_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  };
}

export interface Recorded {
  /** The new in-app item, or null (already recorded, or not for the feed). */
  notification: InAppNotification | null;
  deliveries: number;
}

/** A user's enabled channels, by id, with the events each chose. */
export type EnabledChannels = ReadonlyMap<number, readonly { id: number; events: readonly NotificationEvent[] }[]>;

/** The enabled channels of `userIds` (one query per 500 users; a user with none has an empty list). */
export async function enabledChannels(
  db: Kysely<Database> | Transaction<Database>,
  userIds: readonly number[],
): Promise<EnabledChannels> {
  const channels = new Map<number, { id: number; events: NotificationEvent[] }[]>();
  const users = [...new Set(userIds)];
  for (let start = 0; start < users.length; start += 500) {
    const chunk = users.slice(start, start + 500);
    const rows = await db
      .selectFrom('notification_channels')
      .select(['id', 'user_id', 'events'])
      .where('user_id', 'in', chunk)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
    for (const userId of chunk) channels.set(userId, []);
    for (const row of rows) {
      channels.get(Number(row.user_id))!.push({
        id: Number(row.id),
        events: JSON.parse(row.events) as NotificationEvent[],
      });
    }
  }
  return channels;
}

/** The channels of `mine` that chose `event`, with the event each is sent it as. */
const chosenBy = (event: PlannedEvent, mine: readonly { id: number; events: readonly NotificationEvent[] }[]) =>
  mine
    .map((channel) => ({ id: channel.id, event: event.channelEvent(channel.events) }))
    .filter((channel): channel is { id: number; event: NotificationEvent } => channel.event !== null);

const feedRow = (event: PlannedEvent, now: number) => ({
  user_id: event.userId,
  event_key: event.key,
  event: event.event,
  title: event.title,
  body: event.body,
  link: event.link,
  created_at: now,
  read_at: null,
});

/**
 * A delivery row waiting for its first attempt: the message, as the channel's worker sends it, for `channelId`;
 * `nextAttemptAt` null keeps it off the worker's schedule (a test that its request attempts itself).
 */
export function pendingDelivery(delivery: {
  userId: number;
  channelId: number;
  eventKey: string;
  messageId: string;
  message: StoredMessage;
  nextAttemptAt: number | null;
  now: number;
}) {
  const { message, now } = delivery;
  return {
    user_id: delivery.userId,
    channel_id: delivery.channelId,
    event_key: delivery.eventKey,
    message_id: delivery.messageId,
    event: message.event,
    title: message.title,
    payload: JSON.stringify(message),
    state: 'pending' as const,
    attempts: 0,
    next_attempt_at: delivery.nextAttemptAt,
    last_attempt_at: null,
    response_code: null,
    error: null,
    duration_ms: null,
    created_at: now,
    lease_until: null,
    lease_owner: null,
  };
}

function deliveryRow(event: PlannedEvent, channel: { id: number; event: NotificationEvent }, now: number) {
  const message: StoredMessage = {
    event: channel.event,
    occurredAt: event.occurredAt,
    title: event.title,
    body: event.body,
    link: event.link,
    data: event.data,
  };
  return pendingDelivery({
    userId: event.userId,
    channelId: channel.id,
    eventKey: event.key,
    messageId: newMessageId(),
    message,
    nextAttemptAt: now,
    now,
  });
}

async function recordIn(
  trx: Transaction<Database>,
  event: PlannedEvent,
  now: number,
  known?: EnabledChannels,
): Promise<Recorded> {
  const mine = known?.get(event.userId) ?? (await enabledChannels(trx, [event.userId])).get(event.userId)!;
  const channels = chosenBy(event, mine);

  let notification: InAppNotification | null = null;
  if (event.inApp) {
    const row = await trx
      .insertInto('notifications')
      .values(feedRow(event, now))
      .onConflict((conflict) => conflict.columns(['user_id', 'event_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return { notification: null, deliveries: 0 };
    notification = inAppJson(row);
  }
  let deliveries = 0;
  for (const channel of channels) {
    const inserted = await trx
      .insertInto('notification_deliveries')
      .values(deliveryRow(event, channel, now))
      .onConflict((conflict) => conflict.columns(['channel_id', 'event_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) deliveries += 1;
  }
  return { notification, deliveries };
}

/**
 * Records a group of events in `trx` as recordIn records each (the same rows, in the same order, the same
 * answers), with one INSERT for all their feed items and one for all their outbox rows: for PostgreSQL, where each
 * statement is a round trip. An event whose feed item is already recorded (or recorded by an earlier event of the
 * group with the same key) gets no outbox row and no new item.
 */
export async function recordEvents(
  trx: Transaction<Database>,
  events: readonly PlannedEvent[],
  now: number,
  channels: EnabledChannels,
): Promise<Recorded[]> {
  const slot = (userId: number, key: string) => `${userId}\n${key}`;
  const inApp = events.filter((event) => event.inApp);
  const items = new Map<string, InAppNotification | null>();
  if (inApp.length > 0) {
    const rows = await trx
      .insertInto('notifications')
      .values(inApp.map((event) => feedRow(event, now)))
      .onConflict((conflict) => conflict.columns(['user_id', 'event_key']).doNothing())
      .returningAll()
      .execute();
    for (const row of rows) items.set(slot(Number(row.user_id), row.event_key), inAppJson(row));
  }
  const recorded: Recorded[] = [];
  const deliveries: ReturnType<typeof deliveryRow>[] = [];
  for (const event of events) {
    let notification: InAppNotification | null = null;
    if (event.inApp) {
      notification = items.get(slot(event.userId, event.key)) ?? null;
      // The item goes to the first event with its key; a later one finds it recorded, as recordIn would.
      items.set(slot(event.userId, event.key), null);
      if (!notification) {
        recorded.push({ notification: null, deliveries: 0 });
        continue;
      }
    }
    for (const channel of chosenBy(event, channels.get(event.userId)!))
      deliveries.push(deliveryRow(event, channel, now));
    recorded.push({ notification, deliveries: 0 });
  }
  if (deliveries.length > 0) {
    const rows = await trx
      .insertInto('notification_deliveries')
      .values(deliveries)
      .onConflict((conflict) => conflict.columns(['channel_id', 'event_key']).doNothing())
      .returning(['user_id', 'event_key'])
      .execute();
    const count = new Map<string, number>();
    for (const row of rows) {
      const key = slot(Number(row.user_id), row.event_key);
      count.set(key, (count.get(key) ?? 0) + 1);
    }
    events.forEach((event, index) => {
      const key = slot(event.userId, event.key);
      if (!count.has(key)) return;
      recorded[index]!.deliveries = count.get(key)!;
      count.delete(key);
    });
  }
  return recorded;
}

/**
 * Records `event` in its own write transaction (or in `trx`). `channels`, read in that transaction for a group of
 * events, saves reading the user's channels for each one.
 */
export function recordEvent(
  db: Kysely<Database> | Transaction<Database>,
  event: PlannedEvent,
  now: number,
  channels?: EnabledChannels,
): Promise<Recorded> {
  if (db.isTransaction) return recordIn(db as Transaction<Database>, event, now, channels);
  return writeTransaction(db, (trx) => recordIn(trx, event, now));
}

/** The user's unread count. */
export async function unreadCount(db: Kysely<Database>, userId: number): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** Each user's unread count, in one query per 500 users (a user with none unread is 0). */
export async function unreadCounts(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const users = [...new Set(userIds)];
  for (let start = 0; start < users.length; start += 500) {
    const chunk = users.slice(start, start + 500);
    const rows = await db
      .selectFrom('notifications')
      .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('user_id', 'in', chunk)
      .where('read_at', 'is', null)
      .groupBy('user_id')
      .execute();
    for (const userId of chunk) counts.set(userId, 0);
    for (const row of rows) counts.set(Number(row.user_id), Number(row.n));
  }
  return counts;
}
