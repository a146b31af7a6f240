import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { EventStreamClient } from '../../test/event-stream';
import type { OutcomeUpdate } from '../stream/schemas';
import type { Signal, SignalPage } from './schemas';
import { alertBody } from '../../test/signals';
import { signUpTrader } from '../../test/traders';

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
}

describe('signals on the live stream', () => {
  let testDatabase: TestDatabase;
  const instances: Instance[] = [];
  const clients: EventStreamClient[] = [];

  /** A server instance as main.ts runs it: listening on its own socket, background services (the bus) started. */
  const startInstance = async (): Promise<Instance> => {
    const database = await openDatabase(testDatabase.config);
    const app = await buildApp({ config: testDatabase.config, database, logger: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    await app.services.startAll();
    const instance = { app, database, url };
    instances.push(instance);
    return instance;
  };

  const openStream = async (instance: Instance, authorization: string) => {
    const client = await EventStreamClient.open(instance.url, authorization);
    clients.push(client);
    await client.opened();
    return client;
  };

  const postAlert = async (instance: Instance, webhookPath: string, body: string) => {
    const response = await fetch(`${instance.url}${webhookPath}`, { method: 'POST', body });
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  };

  afterEach(async () => {
    // Servers first, with their streams still open: closing ends them. (A stream its client dropped before the
    // server closed currently keeps app.close() waiting; reported to the stream module.)
    for (const { app, database } of instances.splice(0)) {
      await app.close();
      await database.close();
    }
    for (const client of clients.splice(0)) client.close();
    await testDatabase.cleanup();
  });

  describe.each(TEST_DIALECTS)('given one server on %s', (dialect) => {
    it("should send each stored signal, without its raw body, to its owner's connections only", async () => {
      testDatabase = await createTestDatabase(dialect);
      const server = await startInstance();
      const ada = await signUpTrader(server.app, 'Ada');
      const grace = await signUpTrader(server.app, 'Grace');
      const adaStream = await openStream(server, ada.headers.authorization);
      const graceStream = await openStream(server, grace.headers.authorization);

      const accepted = await postAlert(server, ada.webhookPath, alertBody({ id: 'live-1' }));
      const rejected = await postAlert(server, ada.webhookPath, 'not json');
      const graceSignal = await postAlert(server, grace.webhookPath, alertBody({ id: 'live-2' }));

      const event = await adaStream.waitFor(
        (received) => received.event === 'signal' && (received.data as Signal).id === accepted,
      );
      // The signal is sent once stored, before the paper executor decides it: its outcome follows in an event,
      // once the market data of its minute is final (the feed stores the forming minute every few seconds).
      const decided = await adaStream.waitFor(
        (received) => received.event === 'outcome' && (received.data as OutcomeUpdate).signalId === accepted,
        20_000,
      );
      const listed = await server.app.inject({ method: 'GET', url: '/api/signals', headers: ada.headers });
      const listedSignal = listed.json<SignalPage>().data.find((signal) => signal.id === accepted)!;
      // Published at commit, before the executor decides it.
      expect(event.data).toEqual({ ...listedSignal, outcome: null, decidedAt: null });
      expect(decided.data).toEqual({
        signalId: accepted,
        strategyId: listedSignal.strategyId,
        outcome: listedSignal.outcome,
      });
      expect(event.data).not.toHaveProperty('raw');
      await adaStream.waitFor((received) => received.event === 'signal' && (received.data as Signal).id === rejected);

      await graceStream.waitFor(
        (received) => received.event === 'signal' && (received.data as Signal).id === graceSignal,
      );
      const signalIds = (client: EventStreamClient) =>
        client.events.filter((received) => received.event === 'signal').map((received) => (received.data as Signal).id);
      expect(signalIds(graceStream)).toEqual([graceSignal]);
      expect(signalIds(adaStream)).toEqual([accepted, rejected]);
      const outcomeIds = (client: EventStreamClient) =>
        client.events
          .filter((received) => received.event === 'outcome')
          .map((received) => (received.data as OutcomeUpdate).signalId);
      expect(outcomeIds(graceStream)).not.toContain(accepted);
    });
  });

  describe('given two servers on one PostgreSQL database', () => {
    it('should bring a webhook posted to one to a stream open on the other', async () => {
      testDatabase = await createTestDatabase('postgres');
      const receiving = await startInstance();
      const streaming = await startInstance();
      const ada = await signUpTrader(receiving.app, 'Ada');
      const stream = await openStream(streaming, ada.headers.authorization);

      const id = await postAlert(
        receiving,
        ada.webhookPath,
        alertBody({ id: 'across', ticker: 'COINBASE:SOLUSD', action: 'short' }),
      );
      const event = await stream.waitFor((received) => received.event === 'signal');
      expect(event.data).toMatchObject({ id, ticker: 'SOL', action: 'short', status: 'accepted' });
    });
  });
});
