import { type Kysely, sql } from 'kysely';
import type { Dialect, Migration } from './migrations/helpers';
import type { Database } from './schema';

/** The history table; its name and columns are those of Kysely's own migrator, which earlier builds used. */
const HISTORY_TABLE = 'kysely_migration';
/** Serialises migrations across every server sharing one PostgreSQL database. */
const POSTGRES_MIGRATION_LOCK = 8_263_917_402;

/**
 * Brings the schema up to date: runs, in order, every migration in `migrations` that the history table does not
 * list, all in one transaction, so a failure leaves the schema exactly as it was. On PostgreSQL an advisory lock
 * makes servers starting together take turns; on SQLite the write transaction (BEGIN IMMEDIATE) does the same.
 *
 * Written here rather than using Kysely's Migrator, which introspects every schema of the database and fails
 * when another schema is dropped meanwhile (as tests do), and which runs SQLite migrations outside transactions.
 */
export async function migrate(
  db: Kysely<Database>,
  dialect: Dialect,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${POSTGRES_MIGRATION_LOCK})`.execute(trx);
    await trx.schema
      .createTable(HISTORY_TABLE)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (column) => column.primaryKey())
      .addColumn('timestamp', 'varchar(255)', (column) => column.notNull())
      .execute();

    const { rows } = await sql<{ name: string }>`select name from ${sql.table(HISTORY_TABLE)}`.execute(trx);
    const applied = new Set(rows.map((row) => row.name));
    const pending = Object.keys(migrations).filter((name) => !applied.has(name));
    for (const name of pending) {
      await migrations[name]!.up(trx as unknown as Kysely<unknown>, dialect);
      await sql`insert into ${sql.table(HISTORY_TABLE)} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        trx,
      );
    }
    return pending;
  });
}
