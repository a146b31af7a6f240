import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // Webhook posts refused before anything was stored, counted per strategy (each has its own URL) and status, so
  // that Settings > Strategy can show next to each URL what was turned away. webhook_refusals keeps the per-user
  // totals `GET /api/webhook` reports.
  await db.schema
    .createTable('strategy_refusals')
    .addColumn('strategy_id', 'bigint', (column) => column.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('count', 'bigint', (column) => column.notNull())
    .addColumn('last_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('strategy_refusals_pkey', ['strategy_id', 'status'])
    .execute();
};
