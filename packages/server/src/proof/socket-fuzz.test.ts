import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { LINGER_MS } from '../http/connections';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { openSockets } from '../test/server-process';
import { signUpTrader, type SignedInTrader } from '../test/traders';
import { listAllSignals } from './support/api';
import { PROPERTY_TIMEOUT_MS, runs } from './support/hostile';
import { rawPost, rawRequest, type RawResponse } from './support/raw-http';
import { RunningServer } from './support/server';

/*
 * Raw bytes over a real socket to a real server process: what app.inject() cannot send (invalid UTF-8 in
 * bodies and headers, broken framing, bodies just over each limit). The process must answer every request
 * with a 4xx or a 2xx, never a 5xx, never crash, and store exactly what it acknowledged.
 */
vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });
const KIB = 1024;

function expectErrorBody(response: RawResponse): void {
  expect(response.status).toBeLessThan(500);
  if (response.status < 400) return;
  const body = JSON.parse(response.body) as { message?: unknown };
  expect(typeof body.message).toBe('string');
}

/**
 * Writes `request` on a new connection (and `afterFirstAnswer`, if given, once the first bytes come back), and
 * resolves with everything the server wrote until it closed the connection or `timeoutMs` passed. With
 * `readAfterMs`, it reads nothing for that long first, as a client busy elsewhere: the server's answers wait in the
 * connection meanwhile.
 */
function converse(
  url: string,
  request: string,
  timeoutMs: number,
  { afterFirstAnswer, readAfterMs }: { afterFirstAnswer?: string; readAfterMs?: number } = {},
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      const first = data === '';
      data += chunk.toString('latin1');
      if (first && afterFirstAnswer !== undefined) socket.write(afterFirstAnswer);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('error', reject);
    socket.write(request);
    if (readAfterMs !== undefined) {
      socket.pause();
      setTimeout(() => socket.resume(), readAfterMs);
    }
  });
}

/** Header values as a careless client sends them: any bytes but CR and LF, latin1 and invalid UTF-8 included. */
const headerValueBytes = fc
  .uint8Array({ maxLength: 60 })
  .map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0d && byte !== 0x0a)));
const contentTypeLine = fc.oneof(
  fc
    .constantFrom('text/plain', 'application/json', 'application/json; charset=utf-8', 'text/plain; charset=iso-8859-1')
    .map((type) => Buffer.from(`Content-Type: ${type}`)),
  headerValueBytes.map((value) => Buffer.concat([Buffer.from('Content-Type: '), value])),
  fc.constant(undefined),
);
/** Mostly invalid UTF-8: random bytes, overlong forms, lone continuation bytes, surrogates encoded in UTF-8. */
const bodyBytes = fc.oneof(
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    Buffer.from([0xc0, 0xaf]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0x80, 0x80, 0x80]),
    Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
    Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
    Buffer.concat([
      Buffer.from('{"ticker":"BTC","action":"buy","comment":"'),
      Buffer.from([0xe2, 0x28, 0xa1]),
      Buffer.from('"}'),
    ]),
  ),
);

describe('given raw bytes over a real socket', () => {
  let testDatabase: TestDatabase;
  let server: RunningServer;
  let trader: SignedInTrader;
  let webhookPath: string;
  let acknowledged = 0;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite', {
      RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '100000',
    });
    server = await RunningServer.start(testDatabase.env);
    trader = await signUpTrader(server.url);
    webhookPath = new URL(trader.webhookUrl).pathname;
  });

  afterAll(async () => {
    await server?.kill();
    await testDatabase?.cleanup();
  });

  describe('to the webhook', () => {
    it('should store every body with a readable content type and answer 202 or 200, else 415', async () => {
      await fc.assert(
        fc.asyncProperty(bodyBytes, contentTypeLine, async (body, typeLine) => {
          const response = await rawRequest(server.url, rawPost(webhookPath, body, typeLine ? [typeLine] : []));
          expect(response).toBeDefined();
          expectErrorBody(response!);
          expect(response!.status).toBeOneOf([200, 202, 400, 415]);
          if (response!.status < 300) {
            expect(JSON.parse(response!.body)).toMatchObject({ id: expect.stringMatching(/^\d+$/) });
            acknowledged += 1;
          }
        }),
        // Not scaled by PROOF_RUNS: the URL takes 120 posts a minute, and this server's clock is real.
        { numRuns: 100 },
      );
      // Budget: 120 posts a minute per URL; the property stays under it.
      expect(acknowledged).toBeLessThanOrEqual(110);
      expect(await listAllSignals(server.url, trader.authorization)).toHaveLength(acknowledged);
    });

    it.each([
      ['exactly 64 KiB', 64 * KIB, [202]],
      ['64 KiB and 1 byte', 64 * KIB + 1, [413]],
    ])('should answer a body of %s with %j', async (_name, size, statuses) => {
      const response = await rawRequest(
        server.url,
        rawPost(webhookPath, Buffer.alloc(size, 'x'), [Buffer.from('Content-Type: text/plain')]),
      );
      expect(response!.status).toBeOneOf(statuses);
      expectErrorBody(response!);
      if (response!.status < 300) acknowledged += 1;
      expect(await listAllSignals(server.url, trader.authorization)).toHaveLength(acknowledged);
    });

    it('should refuse a chunked body over 64 KiB with 413 and store nothing', async () => {
      const chunk = Buffer.alloc(16 * KIB, 'y');
      const framed = Buffer.concat([
        Buffer.from(
          `POST ${webhookPath} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n`,
        ),
        ...Array.from({ length: 5 }, () =>
          Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
        ),
        Buffer.from('0\r\n\r\n'),
      ]);
      const response = await rawRequest(server.url, framed);
      expect(response?.status).toBe(413);
      expectErrorBody(response!);
      expect(await listAllSignals(server.url, trader.authorization)).toHaveLength(acknowledged);
    });
  });

  describe('to the auth endpoints', () => {
    it.each(['/api/register', '/api/login'])('should answer any bytes posted to %s with a 4xx', async (path) => {
      await fc.assert(
        fc.asyncProperty(bodyBytes, contentTypeLine, async (body, typeLine) => {
          const response = await rawRequest(server.url, rawPost(path, body, typeLine ? [typeLine] : []));
          expect(response!.status).toBeGreaterThanOrEqual(400);
          expectErrorBody(response!);
        }),
        runs(60),
      );
    });

    it.each([
      ['/api/register', 16 * KIB, 422],
      ['/api/register', 16 * KIB + 1, 413],
      ['/api/login', 16 * KIB, 422],
      ['/api/login', 16 * KIB + 1, 413],
    ])('should answer a %s body of %i bytes with %i', async (path, size, status) => {
      const body = Buffer.from(`{"email":"${'e'.repeat(size - 12)}"}`);
      expect(body.length).toBe(size);
      const response = await rawRequest(
        server.url,
        rawPost(path, body, [Buffer.from('Content-Type: application/json')]),
      );
      expect(response!.status).toBe(status);
      expectErrorBody(response!);
    });
  });

  it('should answer a JSON body just over 64 KiB to the other routes with 413, and take one just under', async () => {
    const settings = (padding: number) => {
      const body = Buffer.from(`{"tradingViewOnly":false,"pad":"${'p'.repeat(padding)}"}`);
      return Buffer.concat([
        Buffer.from(
          `PUT /api/webhook/settings HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAuthorization: ${trader.authorization}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        ),
        body,
      ]);
    };
    const frame = '{"tradingViewOnly":false,"pad":""}'.length;
    const over = await rawRequest(server.url, settings(BODY_LIMIT_BYTES + 1 - frame));
    expect(over!.status).toBe(413);
    expectErrorBody(over!);
    const under = await rawRequest(server.url, settings(BODY_LIMIT_BYTES - frame));
    expect(under!.status).toBe(200);
  });

  it("should answer what Node's parser refuses in the API's error shape, saying what was wrong", async () => {
    const cases = [
      ['GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n', 400, /not valid HTTP/],
      [`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20 * KIB)}\r\n\r\n`, 431, /16 KiB/],
    ] as const;
    for (const [request, status, message] of cases) {
      const response = await rawRequest(server.url, Buffer.from(request, 'latin1'), { endInput: true });
      expect(response?.status).toBe(status);
      expect(response?.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response?.headers['x-content-type-options']).toBe('nosniff');
      const body = JSON.parse(response!.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(message);
    }
  });

  it('should start at most 10 pipelined requests of one connection, answer the next 429 and close it, and keep serving', async () => {
    // 2,000 requests in one write, each of them database work, from a client that reads nothing for a second: the
    // server must not close the connection under answers it has written but the client has not read yet (once, a
    // reset threw away all but the first four or five).
    const socketsBefore = openSockets(server.pid);
    const received = await converse(
      server.url,
      `GET /api/signals HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${trader.authorization}\r\n\r\n`.repeat(2_000),
      30_000,
      { readAfterMs: 1_000 },
    );
    // The client has read everything and closed: the server lets the connection go then, well before its 5 s bound.
    await vi.waitFor(() => expect(openSockets(server.pid)).toBeLessThanOrEqual(socketsBefore), {
      timeout: LINGER_MS / 2,
      interval: 50,
    });
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    // The first ten answered as usual, then one 429 that closes the connection: the rest are never answered.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses).toContain(429);
    expect(statuses.length).toBeLessThan(2_000);
    expect(received).toContain('Too many requests at once on one connection');
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('should write no second answer into a live stream when broken bytes follow its request', async () => {
    const received = await converse(
      server.url,
      `GET /api/stream HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${trader.authorization}\r\nAccept: text/event-stream\r\n\r\n`,
      3_000,
      // Once the stream's head is out, break the framing on the same connection.
      { afterFirstAnswer: 'GARBAGE\r\n\r\n' },
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('should answer broken HTTP with a 4xx or by closing the connection, and keep serving', async () => {
    const broken = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc
        .constantFrom(
          'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
          'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
          'POST /api/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
          'POST /api/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
          `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20 * KIB)}\r\n\r\n`,
          'GET /api/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
          'GET /api/health HTTP/1.1\r\nHost: local\u00ffhost\r\nConnection: close\r\n\r\n',
          'GET /api/health\r\n\r\n',
          'BREW /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
          'GET /api/health HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n',
          'GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header Name: x\r\nConnection: close\r\n\r\n',
        )
        .map((text) => Buffer.from(text, 'latin1')),
    );
    await fc.assert(
      fc.asyncProperty(broken, async (request) => {
        const response = await rawRequest(server.url, request, { endInput: true });
        // Errors of HTTP itself come from Node's parser through the server's client error handler: a 400 or 431
        // in the API's error shape.
        if (response !== undefined) expectErrorBody(response);
      }),
      runs(60),
    );
    expect(server.running).toBe(true);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
