import { readFileSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/*
 * Every connection holds a file descriptor. Past the process's limit (often 1,024) the server can accept
 * nothing: every request, /api/health included, is reset, and Node says nothing about it. So connections are
 * bounded below that limit (the rest is left to the database, its worker, files and the stream bus), sockets
 * that send nothing are cut within seconds, and reaching the bound is logged as an error.
 */

/** A connection that has sent nothing, or not a complete request head, for this long is cut. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A request whose body has not arrived in full within this long is cut (a webhook body is 64 KiB at most). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A kept-alive connection with no new request for this long is closed. */
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** How often Node checks the two timeouts above. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/** Descriptors kept for everything but client connections: the database, its worker, files, the stream bus. */
const DESCRIPTOR_RESERVE_SHARE = 0.25;
/** Above this, connections cost memory for no use: one instance serves a few thousand traders. */
const MAX_CONNECTIONS_CEILING = 10_000;
/** The log says so at most once per this long, however many connections are refused. */
const REFUSAL_LOG_INTERVAL_MS = 10_000;
/** How long a connection the server ends after an answer stays open for the client to read that answer. */
export const LINGER_MS = 5_000;

/** Node's server options for the head timeout (Fastify's own options set the other two). */
export const httpServerOptions: ServerOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
};

/** The process's soft limit on open files, from /proc on Linux; undefined where it cannot be read. */
export function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync(limits, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The connection bound: MAX_CONNECTIONS when set, else three quarters of the open-file limit (at most 10,000),
 * and never more than that share of the limit, so some descriptors are always left for everything else.
 */
export function connectionLimit(configured: number | undefined, fileLimit: number | undefined): number {
  const ceiling =
    fileLimit === undefined
      ? MAX_CONNECTIONS_CEILING
      : Math.max(1, Math.floor(fileLimit * (1 - DESCRIPTOR_RESERVE_SHARE)));
  return Math.min(configured ?? MAX_CONNECTIONS_CEILING, ceiling);
}

/**
 * Bounds the server's connections (Node refuses more: the new socket is closed at once) and logs, as an error,
 * when connections are refused for it or when the process runs out of descriptors.
 */
export function guardConnections(
  server: Server,
  { maxConnections, log }: { maxConnections: number | undefined; log: FastifyBaseLogger },
): number {
  const fileLimit = openFileLimit();
  const limit = connectionLimit(maxConnections, fileLimit);
  server.maxConnections = limit;
  if (maxConnections !== undefined && limit < maxConnections) {
    log.warn(
      { maxConnections: limit, openFileLimit: fileLimit },
      `MAX_CONNECTIONS lowered to ${limit}: the process may open only ${fileLimit} files`,
    );
  }

  let refused = 0;
  let lastLoggedAt = 0;
  const refuse = (reason: string, details: object = {}) => {
    refused += 1;
    const now = Date.now();
    if (now - lastLoggedAt < REFUSAL_LOG_INTERVAL_MS) return;
    lastLoggedAt = now;
    log.error({ ...details, refused, maxConnections: limit, openFileLimit: fileLimit }, reason);
    refused = 0;
  };
  server.on('drop', () => refuse('connection limit reached: refusing new connections'));
  // Node's head timeout starts with the first byte: a socket that sends nothing at all is cut by this instead
  // (inactivity; Node's own handler destroys it), until its first request starts.
  server.on('connection', (socket: Socket) => socket.setTimeout(HEADERS_TIMEOUT_MS));
  server.on('request', (request: IncomingMessage) => request.socket.setTimeout(server.timeout));
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EMFILE' || error.code === 'ENFILE') {
      refuse('out of file descriptors: refusing new connections', { err: error });
    }
  });
  return limit;
}

/** What a request Node's HTTP parser refused is answered with: the status and the API's `{ message }`. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time. Send it again.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's headers are larger than 16 KiB." },
};
const MALFORMED = { status: 400, message: 'The request is not valid HTTP/1.1.' };

/**
 * Requests Node's parser cannot read (broken framing, a head over its 16 KiB limit, a head or body too slow to
 * arrive) never reach a route: they are answered here, on the socket, in the API's error shape (a JSON object
 * with `message`, as every other 4xx), and the connection is closed. Fastify's default answer had its own shape
 * ("Client Error", with `error` and `statusCode`). Where an answer has already begun on the connection (a live
 * stream's, or the answer to a request whose body then stalled), nothing more is written: the socket is closed.
 * Requests read before the broken one on a pipelined connection may have been carried out, so the message says
 * what was wrong, not that nothing was done.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: Error & { code?: string }, socket: Socket) {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ code: error.code, status }, 'unreadable request refused');
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/**
 * Ends a connection after the answers written on it, without losing them. Closed while some of the client's bytes
 * are still unread (the rest of a pipelined batch), a socket makes the kernel reset the connection, and a reset
 * throws away the answers still waiting to be sent: a client slow to read lost all but its first few answers, and
 * the 429 that said why. So the server half-closes (its answers, then the end of its stream), then reads and throws
 * away whatever the client still sends, parsing none of it, and closes the socket once the client has closed its
 * side, or LINGER_MS later, whichever comes first.
 */
function closeAfterAnswer(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end();
  // The HTTP server's own listener feeds its parser; a listener of ours takes the socket back from the parser,
  // which reads it directly otherwise (Node's server does so whenever another 'data' listener is added).
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.once('end', () => socket.destroy());
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Requests one connection may have in flight at once (HTTP/1.1 pipelining); browsers send one at a time. */
export const MAX_REQUESTS_IN_FLIGHT_PER_CONNECTION = 10;

/**
 * A client that pipelines thousands of requests in one write had every one of them read and started at once, each
 * with its database work: one unauthenticated connection held the pool, stalled every trader's webhooks past
 * TradingView's timeout and grew the process by gigabytes. Past MAX_REQUESTS_IN_FLIGHT_PER_CONNECTION unanswered
 * requests on a connection, a request is answered 429 at once, before any route runs, and the connection is
 * closed after it (and after the answers before it: see closeAfterAnswer).
 */
export function limitPipelining(app: FastifyInstance): void {
  const inFlight = new WeakMap<Socket, number>();
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    const count = (inFlight.get(socket) ?? 0) + 1;
    inFlight.set(socket, count);
    reply.raw.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
    if (count <= MAX_REQUESTS_IN_FLIGHT_PER_CONNECTION) return done();
    // Node ends a connection after an answer that says `Connection: close` by destroying the socket as soon as the
    // answer is written, with the rest of the batch unread: this socket's end waits for the client instead.
    (socket as Socket & { destroySoon(): void }).destroySoon = () => closeAfterAnswer(socket);
    reply.header('connection', 'close');
    done(
      new HttpError(
        429,
        `Too many requests at once on one connection: wait for the answers (at most ${MAX_REQUESTS_IN_FLIGHT_PER_CONNECTION} at a time).`,
      ),
    );
  });
}
