import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/schema';
import { eventList, notifyListeners, type BusListener, type EventBus } from './bus';
import type { StreamEvent } from './events';
import { dedicatedPostgresClient } from './postgres-client';

/** NOTIFY refuses payloads of 8,000 bytes or more; an envelope stays under this. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 7_900;
/** Base64 characters of a large event per notification (ASCII, so JSON adds no escapes). */
const PART_CHARS = 7_600;
/** Larger events are refused: the stream is for small live updates, not documents. */
export const MAX_EVENT_BYTES = 256 * 1024;
/** The parts of one event arrive together (one transaction); parts still missing after this are dropped. */
const PARTIAL_TTL_MS = 10_000;
const MAX_PARTS = Math.ceil((MAX_EVENT_BYTES * 4) / 3 / PART_CHARS);
const MAX_PARTIAL_EVENTS = 100;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** PostgreSQL identifiers, channel names included, are at most 63 bytes. */
const MAX_CHANNEL_BYTES = 63;
/** Payload bytes one NOTIFY statement carries at most (an event's parts always go together). */
const NOTIFY_STATEMENT_BYTES = 1_000_000;
/** On stop, queued events are sent for at most this long. */
const STOP_SEND_MS = 2_000;

/**
 * One notification: a whole event (numbered `s`: PostgreSQL delivers identical payloads of one transaction once,
 * and events published together share a NOTIFY statement), or part `i` of `n` of the base64 of a large one.
 */
type Envelope = { o: string; s: number; e: StreamEvent } | { o: string; k: string; i: number; n: number; p: string };

interface PartialEvent {
  parts: (string | undefined)[];
  missing: number;
  firstSeen: number;
}

export interface PostgresEventBusOptions {
  /** Notifications are sent through the query pool. */
  db: Kysely<Database>;
  /** The dedicated LISTEN connection is opened with this URL. */
  databaseUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The bus between instances sharing one PostgreSQL database: NOTIFY on a channel named after the schema (so
 * separate schemas on one server never hear each other), LISTEN on a dedicated connection that reconnects with
 * backoff. An instance delivers its own events to its listeners directly and ignores their echo, so local
 * delivery does not depend on the LISTEN connection. Events published while that connection is down are not
 * replayed to this instance (the candle feed re-sends state every tick).
 */
export class PostgresEventBus implements EventBus {
  readonly name = 'stream bus (PostgreSQL LISTEN/NOTIFY)';
  readonly #origin = randomBytes(8).toString('hex');
  /** How this instance's own notifications begin (see #envelopes): their echo is dropped before it is parsed. */
  readonly #ownPrefix = `{"o":"${this.#origin}",`;
  readonly #listeners = new Set<BusListener>();
  readonly #partials = new Map<string, PartialEvent>();
  readonly #options: PostgresEventBusOptions;
  #channel: Promise<string> | undefined;
  #client: pg.Client | undefined;
  #running = false;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #failures = 0;
  #nextId = 0;
  /** The last NOTIFY statement started or queued (see #send), settled either way. */
  #inFlight: Promise<void> = Promise.resolve();
  /** Payloads waiting for the next NOTIFY statement, with their size. */
  #queued: { payloads: string[]; bytes: number; sent: Promise<void> } | undefined;

  constructor(options: PostgresEventBusOptions) {
    this.#options = options;
  }

  subscribe(listener: BusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async publish(events: StreamEvent | readonly StreamEvent[]): Promise<void> {
    const list = eventList(events);
    const payloads = list.flatMap((event) => this.#envelopes(event));
    for (const event of list) this.#deliver(event);
    if (payloads.length === 0) return;
    await this.#send(payloads);
  }

  /**
   * One NOTIFY statement at a time: payloads published while one is in flight go together in the next (each
   * statement is a transaction, and PostgreSQL commits a notifying transaction under one global lock), up to
   * NOTIFY_STATEMENT_BYTES a statement. Parts of one event stay in one statement; order is kept. Resolves once the
   * statement carrying `payloads` committed.
   */
  #send(payloads: string[]): Promise<void> {
    const bytes = payloads.reduce((sum, payload) => sum + payload.length, 0);
    let queued = this.#queued;
    if (!queued || (queued.payloads.length > 0 && queued.bytes + bytes > NOTIFY_STATEMENT_BYTES)) {
      const next = { payloads: [] as string[], bytes: 0, sent: Promise.resolve() };
      next.sent = this.#inFlight.then(async () => {
        if (this.#queued === next) this.#queued = undefined;
        const channel = await this.#channelName();
        await sql`select pg_notify(${channel}, payload) from unnest(${next.payloads}::text[]) as payload`.execute(
          this.#options.db,
        );
      });
      this.#inFlight = next.sent.catch(() => {});
      this.#queued = queued = next;
    }
    queued.payloads.push(...payloads);
    queued.bytes += bytes;
    return queued.sent;
  }

  async start(): Promise<void> {
    this.#running = true;
    await this.#listen();
  }

  async stop(): Promise<void> {
    this.#running = false;
    // The events already published still reach the other instances (the pool is closed after the services).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#inFlight, new Promise((resolve) => (timer = setTimeout(resolve, STOP_SEND_MS)))]);
    clearTimeout(timer);
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #envelopes(event: StreamEvent): string[] {
    const whole = JSON.stringify({ o: this.#origin, s: this.#nextId++, e: event } satisfies Envelope);
    if (Buffer.byteLength(whole) <= NOTIFY_PAYLOAD_LIMIT_BYTES) return [whole];
    const json = Buffer.from(JSON.stringify(event));
    if (json.length > MAX_EVENT_BYTES) {
      throw new Error(
        `A ${event.event} event of ${json.length} bytes is over the stream's limit of ${MAX_EVENT_BYTES}`,
      );
    }
    const base64 = json.toString('base64');
    const n = Math.ceil(base64.length / PART_CHARS);
    const k = String(this.#nextId++);
    return Array.from({ length: n }, (_, i) =>
      JSON.stringify({
        o: this.#origin,
        k,
        i,
        n,
        p: base64.slice(i * PART_CHARS, (i + 1) * PART_CHARS),
      } satisfies Envelope),
    );
  }

  /** `signaldeck:<schema>`, from the pool's own search path, which the LISTEN connection shares. */
  #channelName(): Promise<string> {
    this.#channel ??= sql<{ schema: string }>`select current_schema() as schema`
      .execute(this.#options.db)
      .then(({ rows }) => {
        const schema = rows[0]!.schema;
        const channel = `signaldeck:${schema}`;
        return Buffer.byteLength(channel) <= MAX_CHANNEL_BYTES
          ? channel
          : `signaldeck:${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
      });
    this.#channel.catch(() => (this.#channel = undefined));
    return this.#channel;
  }

  async #listen(): Promise<void> {
    const client = dedicatedPostgresClient(this.#options.databaseUrl);
    this.#client = client;
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.#receive(message.payload);
    });
    client.on('error', (error) => this.#options.log.warn({ err: error }, 'stream bus: the LISTEN connection failed'));
    client.on('end', () => {
      if (this.#client === client) this.#reconnectLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(await this.#channelName())}`);
      this.#failures = 0;
    } catch (error) {
      if (this.#client !== client) return;
      this.#options.log.warn({ err: error }, 'stream bus: could not LISTEN; retrying');
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.#reconnectLater();
    }
  }

  #reconnectLater(): void {
    this.#client = undefined;
    if (!this.#running) return;
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.#failures);
    this.#failures += 1;
    // Jitter, so that instances cut off together do not reconnect in lockstep.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.#reconnectTimer = setTimeout(() => void this.#listen(), delay);
    this.#reconnectTimer.unref();
  }

  #receive(payload: string): void {
    if (payload.startsWith(this.#ownPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === this.#origin) return;
    if ('e' in envelope) return this.#deliver(envelope.e);
    const { i, n } = envelope;
    if (!Number.isInteger(n) || n < 1 || n > MAX_PARTS || !Number.isInteger(i) || i < 0 || i >= n) return;

    const now = Date.now();
    for (const [key, partial] of this.#partials) {
      if (now - partial.firstSeen > PARTIAL_TTL_MS || this.#partials.size > MAX_PARTIAL_EVENTS)
        this.#partials.delete(key);
    }
    const key = `${envelope.o}:${envelope.k}`;
    let partial = this.#partials.get(key);
    if (!partial) {
      partial = { parts: new Array<string | undefined>(n), missing: n, firstSeen: now };
      this.#partials.set(key, partial);
    }
    if (partial.parts.length !== n || partial.parts[i] !== undefined) return;
    partial.parts[i] = envelope.p;
    partial.missing -= 1;
    if (partial.missing > 0) return;
    this.#partials.delete(key);
    try {
      this.#deliver(JSON.parse(Buffer.from(partial.parts.join(''), 'base64').toString('utf8')) as StreamEvent);
    } catch {
      this.#options.log.warn('stream bus: dropped an event whose parts did not make valid JSON');
    }
  }

  #deliver(event: StreamEvent): void {
    notifyListeners(this.#listeners, event, (error) =>
      this.#options.log.error({ err: error }, 'stream bus: a listener failed'),
    );
  }
}
