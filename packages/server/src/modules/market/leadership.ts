import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { dedicatedPostgresClient } from '../stream/postgres-client';

/**
 * Which instance runs the market feed. Only one may (two would fetch and write the same candles twice); the
 * others follow, and their stream clients get the candles through the event bus.
 */
export interface Leadership {
  /** True when this instance leads (already, or from now on). */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
  /** Called when the lead is lost without release(). */
  onLost?: () => void;
}

/** The embedded database admits one process (the data directory is locked), which therefore always leads. */
export class SoleLeadership implements Leadership {
  async tryAcquire(): Promise<boolean> {
    return true;
  }

  async release(): Promise<void> {}
}

/**
 * Leadership among the instances on one PostgreSQL schema: a session-level advisory lock, named after the schema,
 * held on a connection of its own. PostgreSQL frees the lock when that session ends, so if the leader dies or its
 * connection drops, a follower's next try takes over; the old leader learns of the loss through `onLost`.
 */
export class PostgresLeadership implements Leadership {
  onLost?: () => void;
  #client: pg.Client | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async tryAcquire(): Promise<boolean> {
    if (this.#client) return true;
    const client = dedicatedPostgresClient(this.databaseUrl);
    client.on('error', (error) => this.log.warn({ err: error }, 'market feed: the leadership connection failed'));
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        `select pg_try_advisory_lock(hashtext('signaldeck:market-feed:' || current_schema())) as locked`,
      );
      if (!rows[0]?.locked) {
        await client.end();
        return false;
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.on('end', () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.onLost?.();
    });
    this.#client = client;
    return true;
  }

  async release(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    // Ending the session frees its advisory locks.
    await client?.end().catch(() => {});
  }
}
