import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { openDatabase, type DatabaseHandle } from './connection';
import { isDatabaseUnavailable } from './errors';

/** A TCP relay to the test PostgreSQL server that can reset (RST) every connection it carries, as a cut network does. */
async function resettingRelay(target: URL) {
  const clients = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    for (const socket of [client, upstream]) socket.on('error', () => {});
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    resetAll: () => {
      for (const client of clients) client.resetAndDestroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('given PostgreSQL behind a connection that is reset in the middle of a query', () => {
  let testDatabase: TestDatabase;
  let database: DatabaseHandle | undefined;
  let relay: Awaited<ReturnType<typeof resettingRelay>>;

  afterEach(async () => {
    await database?.close();
    await relay.close();
    await testDatabase.cleanup();
  });

  it('should report the failed query as the database being unavailable, and answer the next query', async () => {
    testDatabase = await createTestDatabase('postgres');
    const direct = new URL(testDatabase.config.databaseUrl!);
    relay = await resettingRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    database = await openDatabase({ ...testDatabase.config, databaseUrl: viaRelay.href });

    const running = sql`select pg_sleep(5)`.execute(database.db).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    relay.resetAll();
    const error = (await running) as Error & { code?: string };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('ECONNRESET');
    expect(isDatabaseUnavailable(error)).toBe(true);

    // The pool dropped the broken connection: a retry gets a new one.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });
});
