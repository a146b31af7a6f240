import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStreamClient } from '../test/event-stream';
import { signUpTrader, TRADER_PASSWORD, type SignedInTrader } from '../test/traders';
import { listAllSignals, waitUntilHealthy, webhookUrlOn } from './support/api';
import { PrivatePostgres } from './support/private-postgres';
import { RunningServer } from './support/server';

/*
 * Two server processes on one PostgreSQL (DESIGN.md: several stateless instances behind a load balancer, live
 * events fanned out with LISTEN/NOTIFY). The PostgreSQL is a private throwaway cluster, so that it can be
 * stopped and started again under the servers without disturbing anyone else's tests.
 */
describe('given two server instances on one PostgreSQL', () => {
  let cluster: PrivatePostgres;
  let first: RunningServer;
  let second: RunningServer;
  let trader: SignedInTrader;
  const readers: EventStreamClient[] = [];

  const postAlert = async (server: RunningServer, comment: string) => {
    const response = await fetch(webhookUrlOn(server.url, trader.webhookUrl), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ ticker: 'BINANCE:SOLUSDT', action: 'buy', price: '142.5', comment, id: comment }),
    });
    return { status: response.status, body: (await response.json()) as { id?: string; message?: string } };
  };
  const openStream = async (server: RunningServer) => {
    const reader = await EventStreamClient.open(server.url, trader.authorization);
    readers.push(reader);
    await reader.opened();
    return reader;
  };

  beforeAll(async () => {
    cluster = await PrivatePostgres.create();
    const env = {
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'silent',
      STATIC_DIR: cluster.dir,
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    };
    [first, second] = await Promise.all([RunningServer.start(env), RunningServer.start(env)]);
    trader = await signUpTrader(first.url, 'Two-instance trader');
  }, 60_000);

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await Promise.all([first?.kill(), second?.kill()]);
    await cluster?.destroy();
  });

  it('should deliver a signal posted to one instance to the stream clients of both', async () => {
    const onFirst = await openStream(first);
    const onSecond = await openStream(second);

    const toFirst = await postAlert(first, 'posted to the first instance');
    expect(toFirst.status).toBe(202);
    const toSecond = await postAlert(second, 'posted to the second instance');
    expect(toSecond.status).toBe(202);

    for (const reader of [onFirst, onSecond]) {
      await reader.waitForSignals(2, 10_000);
      // Both arrive; two instances' events have no order between them (each instance's own are in order).
      expect([...reader.signalIds].sort()).toEqual([toFirst.body.id, toSecond.body.id].sort());
    }
  });

  it('should answer 503 while PostgreSQL is down, keep running, and recover on its own when it is back', async () => {
    const onSecond = readers[1]!;
    const pids = [first.pid, second.pid];
    await cluster.stop();

    for (const server of [first, second]) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'unavailable', message: expect.any(String) });

      const down = [
        await fetch(`${server.url}/api/signals`, { headers: { authorization: trader.authorization } }),
        await fetch(`${server.url}/api/markets/BTC/candles`, { headers: { authorization: trader.authorization } }),
        await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: trader.email, password: TRADER_PASSWORD }),
        }),
      ];
      for (const response of down) {
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ message: expect.any(String) });
      }
      const alert = await postAlert(server, `posted to ${server.url} while the database was down`);
      expect(alert.status).toBe(503);
      expect(alert.body).toEqual({ message: expect.any(String) });
    }
    expect([first.running, second.running]).toEqual([true, true]);

    await cluster.start();
    await Promise.all([waitUntilHealthy(first.url, 30_000), waitUntilHealthy(second.url, 30_000)]);
    expect([first.pid, second.pid]).toEqual(pids);

    // The stream opened before the outage carries the other instance's signals again once that instance's
    // LISTEN connection is back (it retries with backoff up to 10 s; what is published before is not replayed).
    const recovered = performance.now();
    const sent: string[] = [];
    while (!sent.some((id) => onSecond.signalIds.includes(id))) {
      expect(performance.now() - recovered).toBeLessThan(30_000);
      const probe = await postAlert(first, `probe ${sent.length + 1} after the outage`);
      expect(probe.status).toBe(202);
      sent.push(probe.body.id!);
      await onSecond.waitForSignals(onSecond.signalIds.length + 1, 1_000).catch(() => {});
    }
    const afterwards = await postAlert(first, 'posted once the stream had recovered');
    expect(afterwards.status).toBe(202);
    await onSecond.waitForSignals(onSecond.signalIds.length + 1, 5_000);
    expect(onSecond.signalIds.at(-1)).toBe(afterwards.body.id);
    const stored = await listAllSignals(second.url, trader.authorization);
    expect(stored.map((signal) => signal.id)).toEqual([
      afterwards.body.id,
      ...[...sent].reverse(),
      ...onSecond.signalIds.slice(0, 2).sort((a, b) => Number(b) - Number(a)),
    ]);
    console.info(
      `multi-instance: the other instance's stream carried signals again ${(performance.now() - recovered).toFixed(0)} ms after PostgreSQL was healthy (${sent.length} probes)`,
    );
  }, 90_000);

  it('should survive PostgreSQL going away while a connection is checked out of the pool', async () => {
    const fixture = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('support/outage-fixture.ts', import.meta.url))],
      {
        env: { ...process.env, DATABASE_URL: cluster.url },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    fixture.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    fixture.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => fixture.once('exit', resolve));
    const deadline = Date.now() + 20_000;
    while (!output.includes('holding') && Date.now() < deadline && fixture.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output).toContain('holding');

    await cluster.stop();
    fixture.stdin!.end('go\n');
    const code = await exited;
    await cluster.start();
    expect(output).toContain('survived');
    expect(code).toBe(0);
  }, 60_000);
});
