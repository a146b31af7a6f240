import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // Webhook posts refused before anything was stored (429, 403, 413, 415), counted per user and status, so
  // that a trader can see their alerts are being turned away.
  await db.schema
    .createTable('webhook_refusals')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('count', 'bigint', (column) => column.notNull())
    .addColumn('last_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('webhook_refusals_pkey', ['user_id', 'status'])
    .execute();
};
