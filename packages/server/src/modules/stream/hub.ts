import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './bus';
import { tooManyRequests } from '../../http/errors';
import type { StreamEvent, StreamPublisher } from './events';

/**
 * A comment line this often keeps proxies from closing an idle stream and lets clients notice a dead one: the app
 * treats 4.5 s of silence as a lost connection, so its indicator tells the truth within 5 s.
 */
export const HEARTBEAT_MS = 2_000;
/** The reconnection delay suggested to clients (`retry:`). */
export const RETRY_MS = 3_000;
/**
 * Bytes a connection may have waiting to be sent (beyond what the kernel's socket buffer took) before it is cut
 * off: a client that stops reading costs at most this much memory. Above the largest event a bus carries.
 */
export const MAX_BUFFERED_BYTES = 512 * 1024;
/** Each connection's credentials are checked again this often; an expired token ends its stream. */
export const REAUTHENTICATE_MS = 60_000;
/**
 * Streams one user may hold open on one server instance (a few tabs and devices). One more is answered 429:
 * closing the oldest instead would let 11 tabs take turns closing each other for ever.
 */
export const MAX_STREAMS_PER_USER = 10;

const HEARTBEAT_FRAME = ': heartbeat\n\n';

interface Connection {
  userId: number;
  /** The sign-in token it was opened with: revoking it (logout) ends the stream at once. */
  tokenId: number;
  authorization: string;
  response: ServerResponse;
}

export interface StreamHubOptions {
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Whether an Authorization header still signs its user in. */
  isAuthorized(authorization: string): Promise<boolean>;
}

/**
 * The open streams of this instance: writes what the bus carries to the connections it is meant for, as
 * server-sent events, with a heartbeat, a bound on what each connection may buffer, and a periodic check of
 * each connection's token.
 */
export class StreamHub implements StreamPublisher {
  readonly #options: StreamHubOptions;
  readonly #connections = new Set<Connection>();
  readonly #byUser = new Map<number, Set<Connection>>();
  #heartbeat: NodeJS.Timeout | undefined;
  #beatsSinceCheck = 0;
  #closed = false;

  constructor(options: StreamHubOptions) {
    this.#options = options;
    options.bus.subscribe((event) => this.#deliver(event));
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  async publish(events: StreamEvent | readonly StreamEvent[]): Promise<void> {
    try {
      await this.#options.bus.publish(events);
    } catch (error) {
      const event = Array.isArray(events) ? (events as StreamEvent[])[0]?.event : (events as StreamEvent).event;
      this.#options.log.error({ err: error, event }, 'stream: publishing an event failed');
    }
  }

  /** Throws a 429 when `userId` already has MAX_STREAMS_PER_USER streams open here. */
  admit(userId: number): void {
    if ((this.#byUser.get(userId)?.size ?? 0) < MAX_STREAMS_PER_USER) return;
    throw tooManyRequests(
      `Too many live streams open for this account (at most ${MAX_STREAMS_PER_USER}). Close a tab and try again.`,
      RETRY_MS / 1000,
    );
  }

  /** Turns `response` into `userId`'s event stream: writes the head and the retry hint, then every event for them. */
  open(
    response: ServerResponse,
    user: { userId: number; tokenId: number; authorization: string },
    headers: Record<string, string | number | string[] | undefined>,
  ): void {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Tells nginx-like proxies not to hold events back in a buffer.
      'x-accel-buffering': 'no',
    });
    if (this.#closed || !response.socket || response.socket.destroyed) {
      // Closing, or the client left while it was being signed in: its `close` has fired already.
      response.end();
      return;
    }
    const connection: Connection = { ...user, response };
    this.#connections.add(connection);
    let own = this.#byUser.get(user.userId);
    if (!own) this.#byUser.set(user.userId, (own = new Set()));
    own.add(connection);
    response.on('close', () => this.#remove(connection));
    response.on('error', () => this.#remove(connection));
    this.#write(connection, `retry: ${RETRY_MS}\n\n`);
    this.#heartbeat ??= setInterval(() => this.#beat(), HEARTBEAT_MS).unref();
  }

  /** Ends every stream (the server is closing) and takes no more. */
  closeAll(): void {
    this.#closed = true;
    for (const connection of this.#connections) connection.response.end();
    this.#connections.clear();
    this.#byUser.clear();
    this.#stopHeartbeat();
  }

  #deliver(event: StreamEvent): void {
    if (event.event === 'token-revoked') {
      for (const connection of [...this.#connections]) {
        if (connection.tokenId !== event.tokenId) continue;
        this.#remove(connection);
        connection.response.end();
      }
      return;
    }
    const targets = 'userId' in event ? this.#byUser.get(event.userId) : this.#connections;
    if (!targets || targets.size === 0) return;
    const frame = `event: ${event.event}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
    for (const connection of targets) this.#write(connection, frame);
  }

  #write(connection: Connection, frame: string): void {
    const { response } = connection;
    if (response.writableLength + Buffer.byteLength(frame) > MAX_BUFFERED_BYTES) {
      this.#options.log.warn({ userId: connection.userId }, 'stream: a client is not reading; closing its stream');
      this.#remove(connection);
      response.destroy();
      return;
    }
    response.write(frame);
  }

  #beat(): void {
    for (const connection of this.#connections) this.#write(connection, HEARTBEAT_FRAME);
    this.#beatsSinceCheck += 1;
    if (this.#beatsSinceCheck * HEARTBEAT_MS >= REAUTHENTICATE_MS) {
      this.#beatsSinceCheck = 0;
      void this.#reauthenticate();
    }
  }

  async #reauthenticate(): Promise<void> {
    for (const connection of [...this.#connections]) {
      try {
        if (await this.#options.isAuthorized(connection.authorization)) continue;
      } catch (error) {
        // The database being away is no reason to cut traders off; the next check decides.
        this.#options.log.warn({ err: error }, 'stream: could not re-check a token');
        continue;
      }
      this.#remove(connection);
      connection.response.end();
    }
  }

  #remove(connection: Connection): void {
    if (!this.#connections.delete(connection)) return;
    const own = this.#byUser.get(connection.userId);
    own?.delete(connection);
    if (own?.size === 0) this.#byUser.delete(connection.userId);
    if (this.#connections.size === 0) this.#stopHeartbeat();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    this.#beatsSinceCheck = 0;
  }
}
