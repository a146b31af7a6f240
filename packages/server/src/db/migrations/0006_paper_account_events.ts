import { sql } from 'kysely';
import { addIdColumn, type Migration } from './helpers';

export const up: Migration['up'] = async (db, dialect) => {
  // What a trader did to a paper account by hand, for replay to do again: for now a position closed at market.
  // `time` is when (the fill's time); `after_time` where it fell on the account's timeline (every candle closing
  // and every signal received at or before it had been applied, nothing later); `price` the market price it was
  // closed at, before slippage. A reset deletes them with the account's trades.
  await db.schema
    .createTable('paper_account_events')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('strategy_id', 'bigint', (column) => column.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('time', 'bigint', (column) => column.notNull())
    .addColumn('after_time', 'bigint', (column) => column.notNull())
    .addColumn('price', 'double precision', (column) => column.notNull())
    .addCheckConstraint('paper_account_events_type', sql`type in ('manual_close')`)
    .execute();
  await db.schema
    .createIndex('paper_account_events_strategy_id_after_time')
    .on('paper_account_events')
    .columns(['strategy_id', 'after_time', 'id'])
    .execute();
};
