import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // What the account's last replay covered: when it ran (the outcomes it decided carry that time) and the time it
  // replayed up to (candles closing and positions closed by hand up to then). The trades and outcomes it rewrote are
  // history, not news, and the notification planner leaves them out. Null: never replayed.
  await db.schema.alterTable('paper_accounts').addColumn('replayed_at', 'bigint').execute();
  await db.schema.alterTable('paper_accounts').addColumn('replayed_until', 'bigint').execute();
};
