import { sql } from 'kysely';
import { addIdColumn, type Migration } from './helpers';

export const up: Migration['up'] = async (db, dialect) => {
  // A trader's notification channels. The destination (a URL, a bot token, an address, and a webhook's signing
  // secret) is kept encrypted (modules/notifications/secrets.ts); `target` is its masked form, safe to show.
  await db.schema
    .createTable('notification_channels')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('destination_ciphertext', 'text', (column) => column.notNull())
    .addColumn('target', 'text', (column) => column.notNull())
    .addColumn('events', 'text', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('notification_channels_kind', sql`kind in ('webhook', 'discord', 'slack', 'telegram', 'email')`)
    .execute();
  await db.schema
    .createIndex('notification_channels_user_id')
    .on('notification_channels')
    .columns(['user_id', 'id'])
    .execute();

  // The outbox: one row per message to send on one channel, written in the transaction that decided it. The
  // unique (channel, event key) means one event occurrence is queued once per channel, whichever instance plans
  // it; `message_id` is the webhook-id, the same on every attempt. A worker claims a row by setting a lease.
  await db.schema
    .createTable('notification_deliveries')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'bigint', (column) =>
      column.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('event_key', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text', (column) => column.notNull().unique())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('response_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('lease_owner', 'text')
    .addCheckConstraint('notification_deliveries_state', sql`state in ('pending', 'retrying', 'delivered', 'failed')`)
    .execute();
  await db.schema
    .createIndex('notification_deliveries_channel_event')
    .on('notification_deliveries')
    .columns(['channel_id', 'event_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notification_deliveries_due')
    .on('notification_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_channel_id')
    .on('notification_deliveries')
    .columns(['channel_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_user_id')
    .on('notification_deliveries')
    .columns(['user_id', 'last_attempt_at'])
    .execute();

  // The in-app feed: one row per event occurrence per user (unique key), read or not.
  await db.schema
    .createTable('notifications')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_user_id_event_key')
    .on('notifications')
    .columns(['user_id', 'event_key'])
    .unique()
    .execute();
  await db.schema.createIndex('notifications_user_id_id').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'bigint', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (column) => column.notNull())
    .addColumn('daily_summary_hour', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  // The planner's origin (one row, id 1): events before it are never notified (an upgrade does not send history).
  await db.schema
    .createTable('notification_planner')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('origin', 'bigint', (column) => column.notNull())
    .execute();

  // The planner reads recent events by time.
  await db.schema.createIndex('signals_received_at').on('signals').columns(['received_at']).execute();
  await db.schema.createIndex('signal_outcomes_decided_at').on('signal_outcomes').columns(['decided_at']).execute();
  await db.schema.createIndex('paper_trades_opened_at').on('paper_trades').columns(['opened_at']).execute();
  await db.schema.createIndex('paper_trades_closed_at').on('paper_trades').columns(['closed_at']).execute();
};
