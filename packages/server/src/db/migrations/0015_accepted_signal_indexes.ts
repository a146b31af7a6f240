import { sql } from 'kysely';
import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // Fewer indexes for an accepted signal to write (most signals are accepted, and each index is a write per row).
  //
  // The notification planner reads recent rejected signals by time; nothing else reads `signals` by time across
  // traders (the daily summary counts one trader's through its strategies' (strategy_id, received_at, ...) index):
  // only rejected signals are kept in that index now.
  await db.schema.dropIndex('signals_received_at').execute();
  await db.schema
    .createIndex('signals_rejected_received_at')
    .on('signals')
    .column('received_at')
    .where(sql.ref('status'), '=', 'rejected')
    .execute();

  // Repeats by body: only an alert without an alert id is a repeat of an identical body (as docs/webhooks.md says; an
  // alert with one is told by its id, which an identical body that parses carries too), so only signals without one
  // are indexed by body.
  await db.schema.dropIndex('signals_strategy_id_body_hash').execute();
  await db.schema
    .createIndex('signals_strategy_id_body_hash')
    .on('signals')
    .columns(['strategy_id', 'body_hash', 'received_at'])
    .where(sql.ref('client_id'), 'is', null)
    .execute();
};
