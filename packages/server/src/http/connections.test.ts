import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { openSockets, startServerProcess, type ServerProcess } from '../test/server-process';
import { connectionLimit, HEADERS_TIMEOUT_MS } from './connections';

describe('connectionLimit', () => {
  it.each([
    [undefined, 1024, 768],
    [5_000, 1024, 768],
    [100, 1024, 100],
    [undefined, 1_048_576, 10_000],
    [undefined, undefined, 10_000],
  ])('should allow MAX_CONNECTIONS=%s with an open-file limit of %s: %s', (configured, fileLimit, expected) => {
    expect(connectionLimit(configured, fileLimit)).toBe(expected);
  });
});

/** GET /api/health through `agent` (a connection kept alive, or a new one). */
function health(url: string, agent: http.Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/health`, { agent }, (response) => {
        response.resume().on('end', () => resolve(response.statusCode!));
      })
      .on('error', reject);
  });
}

describe('given more connections than the process has file descriptors', () => {
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;
  const sockets: net.Socket[] = [];

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server?.child.kill('SIGKILL');
    if (server) await server.exited;
    await testDatabase.cleanup();
  });

  it('should refuse the surplus, say so in the log, keep serving, and cut the silent sockets', async () => {
    testDatabase = await createTestDatabase('sqlite');
    server = startServerProcess(testDatabase.env, { openFileLimit: 512 });
    const url = await server.listening;
    const { hostname, port } = new URL(url);

    // A client already connected before the flood, its connection kept alive.
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await health(url, kept)).toBe(200);
    const socketsBefore = openSockets(server.child.pid!);
    const maxConnections = connectionLimit(undefined, 512);

    // 600 connections that never send a request: more than the 512 descriptors the process may open.
    let closedByServer = 0;
    await Promise.all(
      Array.from(
        { length: 600 },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(Number(port), hostname, () => resolve());
            socket.on('error', () => resolve());
            socket.on('close', () => (closedByServer += 1));
            socket.resume(); // reads whatever the server says before it closes (a 408), so the close is seen
            sockets.push(socket);
          }),
      ),
    );
    expect(await health(url, kept)).toBe(200);
    await vi.waitFor(
      () => {
        const errors = server!
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"level":50'));
        expect(errors.join('\n')).toMatch(/connection limit reached: refusing new connections/);
      },
      { timeout: 10_000, interval: 200 },
    );

    // The silent ones are cut once the head timeout passes; then new clients connect again. Those the
    // kernel queued while the process was out of descriptors are accepted only after the first ones are
    // cut, and their own head timeout starts then. A connection whose handshake the kernel completed on
    // this side while the server's accept queue was full is not known to the server until the kernel lets
    // it in, which depends on retransmission backoff (CI saw 41 of 600 still open here at five head
    // timeouts). So what is checked is the server's side: every connection it accepted at once (up to its
    // bound, the kept one among them) is cut within a head timeout or so, and the sockets it holds then fall
    // back to what it held before the flood.
    await vi.waitFor(() => expect(closedByServer).toBeGreaterThanOrEqual(maxConnections - 1), {
      timeout: 2 * HEADERS_TIMEOUT_MS,
      interval: 250,
    });
    await vi.waitFor(() => expect(openSockets(server!.child.pid!)).toBeLessThanOrEqual(socketsBefore), {
      timeout: 5 * HEADERS_TIMEOUT_MS,
      interval: 250,
    });
    expect(await health(url, false)).toBe(200);
    kept.destroy();
  }, 120_000);
});
