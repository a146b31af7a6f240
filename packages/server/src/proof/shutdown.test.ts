import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { signUpTrader } from '../test/traders';
import { listAllSignals, webhookUrlOn } from './support/api';
import { RunningServer } from './support/server';

/* SIGTERM, the way a deploy or a container stop ends the server: what is in flight is answered or refused. */
describe('given a server that is told to stop (SIGTERM)', () => {
  let testDatabase: TestDatabase;
  const servers: RunningServer[] = [];
  const start = async () => {
    const server = await RunningServer.start(testDatabase.env);
    servers.push(server);
    return server;
  };

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    await testDatabase.cleanup();
  });

  it('should answer or refuse every webhook post in flight, keep every acknowledged one, and exit 0', async () => {
    testDatabase = await createTestDatabase('sqlite');
    const server = await start();
    const trader = await signUpTrader(server.url);
    const url = webhookUrlOn(server.url, trader.webhookUrl);

    // A client of our own, whose connections end with the test.
    const agent = new http.Agent({ keepAlive: true });
    const post = (alertId: string) =>
      new Promise<{ alertId: string; status: number; body: { id?: string; message?: string } }>((resolve) => {
        const body = JSON.stringify({
          ticker: 'BTCUSDT',
          action: 'sell',
          price: '64000',
          comment: alertId,
          id: alertId,
        });
        const request = http.request(
          url,
          { method: 'POST', agent, headers: { 'content-type': 'text/plain' } },
          (response) => {
            let text = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
            response.on('end', () =>
              resolve({ alertId, status: response.statusCode!, body: JSON.parse(text) as { id?: string } }),
            );
          },
        );
        request.on('error', () => resolve({ alertId, status: 0, body: {} }));
        request.end(body);
      });
    // Eight posters, ten posts each, one after another; the stop comes as the tenth post is acknowledged.
    let acknowledgedSoFar = 0;
    const poster = async (wave: number) => {
      const answers = [];
      for (let index = 0; index < 10; index += 1) {
        const answer = await post(`shutdown-${wave}-${index}`);
        answers.push(answer);
        if (answer.status === 202 && (acknowledgedSoFar += 1) === 10) server.process.child.kill('SIGTERM');
      }
      return answers;
    };
    const answers = (await Promise.all(Array.from({ length: 8 }, (_, wave) => poster(wave)))).flat();
    agent.destroy();
    expect((await server.process.exited).code).toBe(0);

    for (const answer of answers) {
      // 202 stored; 503 refused while stopping (try again); 0: the connection was refused or closed unanswered.
      expect(answer.status).toBeOneOf([0, 202, 503]);
      if (answer.status === 503) expect(answer.body.message).toEqual(expect.any(String));
    }
    const acknowledged = answers.filter((answer) => answer.status === 202);
    const restarted = await start();
    const stored = await listAllSignals(restarted.url, trader.authorization);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    expect(
      stored.filter((signal) =>
        acknowledged.some((answer) => answer.body.id === signal.id && answer.alertId === signal.comment),
      ),
    ).toHaveLength(acknowledged.length);
  });

  // A connection that has sent nothing yet (a browser's preconnect, the spare connection fetch opens after an
  // aborted stream) once kept the server waiting out its 10 s grace period and exiting 1.
  it('should exit 0 promptly while a client holds a connection that has sent nothing', async () => {
    testDatabase = await createTestDatabase('sqlite');
    const server = await start();
    const { hostname, port } = new URL(server.url);
    const silent = net.connect(Number(port), hostname);
    silent.on('error', () => {});
    await new Promise((resolve) => silent.once('connect', resolve));
    try {
      server.process.child.kill('SIGTERM');
      const exit = await Promise.race([
        server.process.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running after 3 s'), 3_000)),
      ]);
      expect(exit).toEqual({ code: 0, signal: null });
    } finally {
      silent.destroy();
    }
  });
});
