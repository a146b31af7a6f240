import { addIdColumn, type Migration } from './helpers';

export const up: Migration['up'] = async (db, dialect) => {
  await db.schema
    .createTable('users')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('personal_access_tokens')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createIndex('personal_access_tokens_user_id')
    .on('personal_access_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_expires_at')
    .on('personal_access_tokens')
    .column('expires_at')
    .execute();
};
