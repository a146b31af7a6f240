import type { StreamEventData } from './schemas';

export type { CandleUpdate, OutcomeUpdate, PositionUpdate } from './schemas';

/**
 * An event of the live stream (`GET /api/stream`). Each is sent as one server-sent event whose `event:` field is
 * `event` and whose `data:` is `data` as JSON. Who receives it follows from its kind:
 * - `candle`: every signed-in connection;
 * - `signal`, `outcome`, `position`, `trade`, `notification`: only the connections of the user `userId` (the owner);
 * - `token-revoked`: nobody; the streams opened with that token end.
 */
export type StreamEvent =
  | { event: 'candle'; data: StreamEventData['candle'] }
  | { event: 'signal'; userId: number; data: StreamEventData['signal'] }
  | { event: 'outcome'; userId: number; data: StreamEventData['outcome'] }
  | { event: 'position'; userId: number; data: StreamEventData['position'] }
  | { event: 'trade'; userId: number; data: StreamEventData['trade'] }
  /** A new item of the owner's in-app notifications, with their unread count. */
  | { event: 'notification'; userId: number; data: StreamEventData['notification'] }
  /** Not sent to anyone: every instance ends the streams opened with that sign-in token (logout). */
  | { event: 'token-revoked'; tokenId: number };

/**
 * The publish API other modules use, available as `app.stream` to every module registered after the stream
 * module (app.ts lists it before them):
 *
 *   await app.stream.publish({ event: 'signal', userId: signal.userId, data: signalJson });
 *   await app.stream.publish({ event: 'candle', data: { symbol: 'BTC', candles: { '1m': candle, ... } } });
 *
 * The event reaches this instance's connections at once and, on PostgreSQL, every other instance's through
 * LISTEN/NOTIFY. `publish` never rejects (a failure to reach other instances is logged), so a caller can fire
 * and forget; it resolves once the event is on its way. Keep `data` small: it is sent to every receiving
 * connection, and on PostgreSQL anything over a few kilobytes is split across several notifications.
 */
export interface StreamPublisher {
  publish(event: StreamEvent): Promise<void>;
}

/** `app.stream` also sends events that go out together, in order: on PostgreSQL one statement for all of them. */
export interface BatchStreamPublisher extends StreamPublisher {
  publishAll(events: readonly StreamEvent[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live stream's publish API; see StreamPublisher. */
    stream: BatchStreamPublisher;
  }
}
