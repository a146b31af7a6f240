import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../../test/database';
import { signal as exampleSignal } from '../../openapi/examples';
import type { CandleUpdate } from './events';
import { NOTIFY_PAYLOAD_LIMIT_BYTES, PostgresEventBus } from './postgres-bus';
import { EventStreamClient } from '../../test/event-stream';
import { signUpTrader } from '../../test/traders';

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
}

/** A server instance on `testDatabase`'s schema, listening and with its background services running. */
async function startInstance(testDatabase: TestDatabase): Promise<Instance> {
  const database = await openDatabase(testDatabase.config);
  const app = await buildApp({ config: testDatabase.config, database, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  await app.services.startAll();
  return { app, database, url };
}

async function stopInstance({ app, database }: Instance): Promise<void> {
  await app.close();
  await database.close();
}

describe('the PostgreSQL stream bus', () => {
  let testDatabase: TestDatabase;
  let first: Instance;
  let second: Instance;
  const clients: EventStreamClient[] = [];

  const signIn = (name: string) => signUpTrader(first.app, name);

  const open = async (instance: Instance, authorization: string) => {
    const client = await EventStreamClient.open(instance.url, authorization);
    clients.push(client);
    await client.opened();
    return client;
  };

  beforeEach(async () => {
    testDatabase = await createTestDatabase('postgres');
    [first, second] = await Promise.all([startInstance(testDatabase), startInstance(testDatabase)]);
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await Promise.all([stopInstance(first), stopInstance(second)]);
    await testDatabase.cleanup();
  });

  describe('given two instances on one schema', () => {
    it('should end a stream on one instance at once when its token is revoked by a logout on the other', async () => {
      const ada = await signIn('Ada');
      const bob = await signIn('Bob');
      const adaOnSecond = await open(second, ada.authorization);
      const bobOnSecond = await open(second, bob.authorization);

      const started = Date.now();
      const logout = await fetch(`${first.url}/api/logout`, {
        method: 'POST',
        headers: { authorization: ada.authorization },
      });
      expect(logout.status).toBe(204);
      await adaOnSecond.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
      const stillHere = { ...exampleSignal, id: '77' };
      await first.app.stream.publish({ event: 'signal', userId: bob.id, data: stillHere });
      expect((await bobOnSecond.waitFor((event) => event.event === 'signal')).data).toEqual(stillHere);
    });

    it("should bring an event published on one to the other's stream clients, targeted ones to their owner only", async () => {
      const ada = await signIn('Ada');
      const bob = await signIn('Bob');
      const adaOnSecond = await open(second, ada.authorization);
      const bobOnSecond = await open(second, bob.authorization);
      const adaOnFirst = await open(first, ada.authorization);

      const signal = { ...exampleSignal, id: '7', ticker: 'ETH' };
      await first.app.stream.publish({ event: 'signal', userId: ada.id, data: signal });

      expect(await adaOnSecond.waitFor((event) => event.event === 'signal')).toEqual({ event: 'signal', data: signal });
      expect(await adaOnFirst.waitFor((event) => event.event === 'signal')).toEqual({ event: 'signal', data: signal });
      const candle = { time: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 };
      const update: CandleUpdate = {
        symbol: 'SOL',
        candles: { '1m': candle, '5m': candle, '15m': candle, '1h': candle, '4h': candle, '1d': candle },
      };
      await first.app.stream.publish({ event: 'candle', data: update });
      await bobOnSecond.waitFor(
        (event) => event.event === 'candle' && (event.data as { symbol: string }).symbol === 'SOL',
      );
      expect(bobOnSecond.events.some((event) => event.event === 'signal')).toBe(false);
      // Once, not echoed back to the instance it came from.
      expect(adaOnFirst.events.filter((event) => event.event === 'signal')).toHaveLength(1);
    });

    it('should carry an event larger than one notification intact', async () => {
      const ada = await signIn('Ada');
      const client = await open(second, ada.authorization);
      const signal = { ...exampleSignal, id: '8', comment: 'é🙂"\\\n'.repeat(4_000) };
      expect(JSON.stringify(signal).length).toBeGreaterThan(3 * NOTIFY_PAYLOAD_LIMIT_BYTES);

      await first.app.stream.publish({ event: 'signal', userId: ada.id, data: signal });

      expect(await client.waitFor((event) => event.event === 'signal')).toEqual({ event: 'signal', data: signal });
    });

    /** A bus of its own on the first instance's pool, counting its NOTIFY statements. */
    const countingBus = (db = first.database.db) => {
      const notifies: string[] = [];
      const counted = db.withPlugin({
        transformQuery: ({ node }) => {
          if (node.kind === 'RawNode' && node.sqlFragments.join('').includes('pg_notify')) notifies.push(node.kind);
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const bus = new PostgresEventBus({
        db: counted,
        databaseUrl: testDatabase.env.DATABASE_URL!,
        log: first.app.log,
      });
      return { bus, notifies };
    };
    const signalsNumbered = (count: number, comment: (index: number) => string | null) =>
      Array.from({ length: count }, (_, index) => ({
        ...exampleSignal,
        id: String(index + 1),
        comment: comment(index),
      }));

    it('should send events published together in two NOTIFY statements, all of them in order, repeats too', async () => {
      const ada = await signIn('Ada');
      const client = await open(second, ada.authorization);
      const { bus, notifies } = countingBus();
      // One of them larger than a notification: its parts travel in one statement with the rest. Three repeat the
      // event before them word for word (a position closed, opened, closed again), which PostgreSQL would deliver
      // once per transaction if their notifications were identical.
      const signals = signalsNumbered(40, (index) =>
        index === 20 ? 'x'.repeat(3 * NOTIFY_PAYLOAD_LIMIT_BYTES) : null,
      );
      for (const index of [30, 31, 32]) signals[index] = signals[29]!;

      const publish = (signal: (typeof signals)[number]) =>
        bus.publish({ event: 'signal', userId: ada.id, data: signal });
      const opening = publish(signals[0]!);
      await new Promise(setImmediate);
      await Promise.all([opening, ...signals.slice(1).map(publish)]);

      expect(await client.waitForSignals(40)).toEqual(signals.map((signal) => signal.id));
      // The first went at once; the 39 published while its statement was in flight went together in one.
      expect(notifies).toHaveLength(2);
    });

    it('should split a large burst into NOTIFY statements of at most about a megabyte', async () => {
      const ada = await signIn('Ada');
      const client = await open(second, ada.authorization);
      const { bus, notifies } = countingBus();
      // 300 events of about 7.2 KB each: 2.2 MB.
      const signals = signalsNumbered(300, () => 'x'.repeat(7_000));

      await Promise.all(signals.map((signal) => bus.publish({ event: 'signal', userId: ada.id, data: signal })));

      expect(await client.waitForSignals(300)).toEqual(signals.map((signal) => signal.id));
      expect(notifies).toHaveLength(3);
    });

    it('should send the events it was given before it stops', async () => {
      const ada = await signIn('Ada');
      const client = await open(second, ada.authorization);
      const own = await openDatabase(testDatabase.config);
      const { bus } = countingBus(own.db);
      const signals = signalsNumbered(3, () => null);
      const sent = Promise.allSettled(
        signals.map((signal) => bus.publish({ event: 'signal', userId: ada.id, data: signal })),
      );

      await bus.stop();
      await own.close();

      expect((await sent).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await client.waitForSignals(3)).toEqual(['1', '2', '3']);
    });

    it('should listen again after its LISTEN connection is cut', async () => {
      const ada = await signIn('Ada');
      const client = await open(second, ada.authorization);
      const admin = new pg.Client({ connectionString: testPostgresUrl().href });
      await admin.connect();
      try {
        const schema = new URL(testDatabase.env.DATABASE_URL!).searchParams.get('options')!.split('=')[1]!;
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where query = $1`,
          [`LISTEN "signaldeck:${schema}"`],
        );
        expect(rowCount).toBe(2);
      } finally {
        await admin.end();
      }

      // Events sent while it reconnects are not replayed; keep publishing until one gets through.
      const deadline = Date.now() + 10_000;
      let sequence = 0;
      while (!client.events.some((event) => event.event === 'signal') && Date.now() < deadline) {
        await first.app.stream.publish({
          event: 'signal',
          userId: ada.id,
          data: { ...exampleSignal, id: String(++sequence) },
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.waitFor((event) => event.event === 'signal', 0);
    });
  });

  describe('given an instance on another schema', () => {
    it('should not hear the first schema', async () => {
      const otherDatabase = await createTestDatabase('postgres');
      const other = await startInstance(otherDatabase);
      try {
        const stranger = await signUpTrader(other.app, 'Eve');
        const ada = await signIn('Ada');
        const eve = await open(other, stranger.authorization);
        const adaClient = await open(second, ada.authorization);

        const candle = { time: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 };
        const update: CandleUpdate = {
          symbol: 'BTC',
          candles: { '1m': candle, '5m': candle, '15m': candle, '1h': candle, '4h': candle, '1d': candle },
        };
        await first.app.stream.publish({ event: 'candle', data: { ...update, symbol: 'ETH' } });
        await adaClient.waitFor((event) => (event.data as { symbol?: string }).symbol === 'ETH');
        await other.app.stream.publish({ event: 'candle', data: update });
        await eve.waitFor((event) => (event.data as { symbol?: string }).symbol === 'BTC');
        expect(eve.events.some((event) => (event.data as { symbol?: string }).symbol === 'ETH')).toBe(false);
      } finally {
        await stopInstance(other);
        await otherDatabase.cleanup();
      }
    });
  });
});
