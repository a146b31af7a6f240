import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // PostgreSQL ingest (modules/signals/ingest.ts): per strategy and body hash, the newest signal stored as an
  // original for an alert without an alert id, and when it was received. Batches look repeats up before they
  // insert; a batch's new originals also claim their body here, in the statement that inserts them, so that of
  // two batches (or instances) storing the same body at once, the second waits on the first's claim and records
  // a duplicate of it. A claim older than the repeat window is taken over; old claims are pruned. (The alert id's
  // repeats need no such table: the unique index on (strategy, alert id) refuses the second original.)
  await db.schema
    .createTable('signal_body_claims')
    .addColumn('strategy_id', 'bigint', (column) => column.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('body_hash', 'text', (column) => column.notNull())
    .addColumn('signal_id', 'bigint', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('signal_body_claims_pkey', ['strategy_id', 'body_hash'])
    .execute();
  await db.schema
    .createIndex('signal_body_claims_received_at')
    .on('signal_body_claims')
    .column('received_at')
    .execute();
};
