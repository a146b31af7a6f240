import pg from 'pg';
import { postgresConnectionString } from '../../db/connection';

/**
 * A PostgreSQL connection of its own, outside the query pool, for what must hold one session: LISTEN, and
 * session-level advisory locks. Like the pool (and libpq), it connects as the operating-system user when neither
 * the URL nor PGUSER names one. The caller connects it and listens for its `error` and `end`.
 */
export function dedicatedPostgresClient(databaseUrl: string): pg.Client {
  return new pg.Client({
    connectionString: postgresConnectionString(databaseUrl),
    connectionTimeoutMillis: 5_000,
    // A dead peer is noticed within about a minute rather than the kernel's default of hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
}
