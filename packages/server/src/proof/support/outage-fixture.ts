/*
 * Run as its own process by the outage proof (multi-instance.test.ts): opens the database at DATABASE_URL, holds
 * a transaction open (a pool connection checked out, as during any request), says "holding", and once told "go"
 * on stdin (the test has stopped PostgreSQL meanwhile) uses the transaction again. Losing the database must fail
 * that query, not kill the process: it then says "survived" and exits 0.
 */
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';

const database = await openDatabase(loadConfig(process.env));
const go = new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
await database.db
  .transaction()
  .execute(async (trx) => {
    await sql`select 1`.execute(trx);
    process.stdout.write('holding\n');
    await go;
    await sql`select 1`.execute(trx);
  })
  .catch(() => {});
// The connection's end is reported a moment after the failed query; still alive after it, the process survived.
await new Promise((resolve) => setTimeout(resolve, 500));
process.stdout.write('survived\n');
await database.close().catch(() => {});
process.exit(0);
