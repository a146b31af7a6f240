import { sql } from 'kysely';
import { addIdColumn, type Migration } from './helpers';

export const up: Migration['up'] = async (db, dialect) => {
  // One webhook per user, kept apart from the users table. The token is found by its SHA-256 hash; the
  // ciphertext is what lets GET /api/webhook show the URL again (see webhook-secrets.ts).
  await db.schema
    .createTable('webhook_secrets')
    .addColumn('user_id', 'bigint', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('token_ciphertext', 'text', (column) => column.notNull())
    .addColumn('tradingview_only', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('rotated_at', 'bigint')
    .execute();

  await db.schema
    .createTable('webhook_encryption_keys')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('signals')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticker', 'text')
    .addColumn('action', 'text')
    .addColumn('price', 'double precision')
    .addColumn('quantity', 'double precision')
    .addColumn('position_size', 'double precision')
    .addColumn('interval', 'text')
    .addColumn('alert_time', 'bigint')
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addColumn('strategy', 'text')
    .addColumn('comment', 'text')
    .addColumn('client_id', 'text')
    .addColumn('body_hash', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('reason', 'text')
    .addColumn('duplicate_of', 'bigint')
    .addColumn('raw', 'text', (column) => column.notNull())
    .addCheckConstraint('signals_status', sql`status in ('accepted', 'rejected', 'duplicate')`)
    .execute();

  // Listing newest first: ids grow in the order signals are committed, so (user, [filter,] id) serves
  // `where ... and id < cursor order by id desc`.
  await db.schema.createIndex('signals_user_id_id').on('signals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('signals_user_id_ticker_id').on('signals').columns(['user_id', 'ticker', 'id']).execute();
  await db.schema.createIndex('signals_user_id_status_id').on('signals').columns(['user_id', 'status', 'id']).execute();

  // Repeats: an alert id names one signal per user (the repeats recorded after it are 'duplicate' rows), and an
  // identical body is looked up within a short window.
  await db.schema
    .createIndex('signals_user_id_client_id')
    .on('signals')
    .columns(['user_id', 'client_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .where(sql.ref('status'), '<>', 'duplicate')
    .execute();
  await db.schema
    .createIndex('signals_user_id_body_hash')
    .on('signals')
    .columns(['user_id', 'body_hash', 'received_at'])
    .execute();
};
