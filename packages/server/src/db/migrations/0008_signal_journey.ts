import { sql } from 'kysely';
import type { Migration } from './helpers';

/** A strategy that usually receives alerts is "silent" after this many minutes without one, unless changed. */
export const DEFAULT_SILENT_AFTER_MINUTES = 1440;

export const up: Migration['up'] = async (db) => {
  // The signal's journey: when its row was written (received_at is when the request arrived), and TradingView's
  // position before the order (`{{strategy.prev_market_position}}`, `{{strategy.prev_market_position_size}}`), which
  // the paper account is compared with. Signals stored before have no stored time.
  await db.schema.alterTable('signals').addColumn('stored_at', 'bigint').execute();
  await db.schema.alterTable('signals').addColumn('prev_market_position', 'text').execute();
  await db.schema.alterTable('signals').addColumn('prev_position_size', 'double precision').execute();

  // An outcome whose alert disagreed with the paper book: TradingView's position and the account's, as JSON.
  await db.schema.alterTable('signal_outcomes').addColumn('out_of_sync', 'text').execute();

  // The webhook health panel's "silent" warning: minutes without an alert; null turns it off.
  await db.schema
    .alterTable('strategies')
    .addColumn('silent_after_minutes', 'integer', (column) => column.defaultTo(DEFAULT_SILENT_AFTER_MINUTES))
    .execute();
  await sql`update strategies set silent_after_minutes = ${DEFAULT_SILENT_AFTER_MINUTES}`.execute(db);

  // Health counts a strategy's signals of the last 7 days by status and delivery delay from this index alone.
  await db.schema
    .createIndex('signals_strategy_id_received_at')
    .on('signals')
    .columns(['strategy_id', 'received_at', 'status', 'alert_time'])
    .execute();
  // How many times a signal was repeated (TradingView retries): its duplicates point at it.
  await db.schema
    .createIndex('signals_duplicate_of')
    .on('signals')
    .column('duplicate_of')
    .where(sql.ref('duplicate_of'), 'is not', null)
    .execute();
};
