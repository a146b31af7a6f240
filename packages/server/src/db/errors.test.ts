import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { openDatabase, type DatabaseHandle } from './connection';
import { CONFLICT_ATTEMPTS, isDatabaseUnavailable, retryingConflicts, TransactionConflictError } from './errors';

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

describe('retryingConflicts', () => {
  /** Fails with PostgreSQL's error `code` the first `failures` times, then answers how many attempts it took. */
  const failing = (failures: number, code: string) => {
    let attempts = 0;
    return async () => {
      attempts += 1;
      if (attempts <= failures) throw Object.assign(new Error(`attempt ${attempts} refused`), { code });
      return attempts;
    };
  };
  const waits: number[] = [];
  const wait = async (milliseconds: number) => {
    waits.push(milliseconds);
  };
  afterEach(() => {
    waits.length = 0;
  });

  it('should run a transaction aborted for a deadlock or a serialization failure again, after a pause that doubles', async () => {
    expect(await retryingConflicts(failing(2, '40P01'), { wait })).toBe(3);
    expect(await retryingConflicts(failing(CONFLICT_ATTEMPTS - 1, '40001'), { wait })).toBe(CONFLICT_ATTEMPTS);
    // 10, 20, 40... ms, each with up to as much again at random.
    const bases = [10, 20, 10, 20, 40, 80, 160];
    expect(waits).toHaveLength(bases.length);
    waits.forEach((waited, index) => {
      expect(waited).toBeGreaterThanOrEqual(bases[index]!);
      expect(waited).toBeLessThan(2 * bases[index]!);
    });
  });

  it('should answer a conflict that outlasts the retries as a busy database (503), and any other error at once', async () => {
    const outlasting = retryingConflicts(failing(CONFLICT_ATTEMPTS, '40P01'), { wait });
    await expect(outlasting).rejects.toBeInstanceOf(TransactionConflictError);
    await expect(outlasting).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(retryingConflicts(failing(1, '23505'), { wait })).rejects.toThrow('attempt 1 refused');
  });
});
