import type { CreateTableBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * A SignalDeck migration: Kysely's, plus the dialect, for the few places the two databases differ.
 * The database is untyped on purpose: a migration sees the schema as it was when it was written.
 */
export interface Migration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Adds an integer primary key the database generates: SQLite's rowid alias (`integer primary key autoincrement`,
 * so ids are never reused) or a PostgreSQL identity column.
 */
export function addIdColumn<Table extends string, Columns extends string>(
  table: CreateTableBuilder<Table, Columns>,
  dialect: Dialect,
) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
