import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // When the account was last replayed: the trades and outcomes a replay rewrote up to then are history, not news,
  // and the notification planner leaves them out. Null: never replayed.
  await db.schema.alterTable('paper_accounts').addColumn('replayed_at', 'bigint').execute();
};
