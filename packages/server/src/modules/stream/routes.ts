import type { AppModule } from '../../context';
import { candleUpdate, notification, position, signal, trade } from '../../openapi/examples';
import { ERRORS, eventStream, rateLimited } from '../../openapi/registry';
import { authenticatedUser } from '../auth/require-auth';
import { InProcessEventBus, type EventBus } from './bus';
import type { BatchStreamPublisher } from './events';
import { HEARTBEAT_MS, MAX_STREAMS_PER_USER, REAUTHENTICATE_MS, RETRY_MS, StreamHub } from './hub';
import { PostgresEventBus } from './postgres-bus';
import { streamEventSchemas } from './schemas';

const streamExample = [
  `retry: ${RETRY_MS}`,
  `event: candle\ndata: ${JSON.stringify(candleUpdate)}`,
  `event: signal\ndata: ${JSON.stringify(signal)}`,
  `event: outcome\ndata: ${JSON.stringify({ signalId: signal.id, strategyId: signal.strategyId, outcome: signal.outcome })}`,
  `event: position\ndata: ${JSON.stringify({ strategyId: position.strategyId, symbol: position.symbol, position })}`,
  `event: trade\ndata: ${JSON.stringify(trade)}`,
  `event: notification\ndata: ${JSON.stringify(notification)}`,
  ': heartbeat',
].join('\n\n');

/**
 * The live stream: `GET /api/stream` (server-sent events, signed-in users only) and `app.stream`, the publish
 * API other modules send their events through. On PostgreSQL, events are fanned out to every instance with
 * LISTEN/NOTIFY; on the embedded database there is only one instance.
 *
 * The plugin is not encapsulated, so `app.stream` is visible to the modules registered after it.
 */
const streamPlugin: AppModule = async (app, { config, database, services, tokens, requireAuth }) => {
  const bus: EventBus =
    database.dialect === 'postgres' && config.databaseUrl
      ? new PostgresEventBus({ db: database.db, databaseUrl: config.databaseUrl, log: app.log })
      : new InProcessEventBus((error) => app.log.error({ err: error }, 'stream bus: a listener failed'));
  services.add(bus);

  const hub = new StreamHub({
    bus,
    log: app.log,
    isAuthorized: async (authorization) => (await tokens.authenticate(authorization)) !== undefined,
  });
  app.decorate('stream', {
    publish: (event) => hub.publish(event),
    publishAll: (events) => hub.publish(events),
  } satisfies BatchStreamPublisher);
  // A revoked token's streams end at once, on every instance (the revocation travels on the bus).
  const stopHearingRevocations = tokens.onRevoked((tokenId) => void hub.publish({ event: 'token-revoked', tokenId }));
  app.addHook('onClose', async () => stopHearingRevocations());
  // Open streams never finish on their own: end them first, or closing the server would wait for them forever.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/api/stream',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'openStream',
        summary: 'Open the live stream',
        description: [
          'Server-sent events, for as long as the connection stays open: a `candle` event after every tick of the',
          'market feed (to every signed-in connection), and a `signal` event for each signal stored on the',
          "user's webhook (to that user's connections only). Each event's `data` is one line of JSON.",
          `The stream opens with \`retry: ${RETRY_MS}\` (the suggested reconnection delay in milliseconds) and sends a`,
          `\`: heartbeat\` comment every ${HEARTBEAT_MS / 1000} seconds. The token is checked again every`,
          `${REAUTHENTICATE_MS / 1000} seconds; once it has expired, the stream ends, and a sign-out ends it at once.`,
          `An account may hold ${MAX_STREAMS_PER_USER} streams open on one server; one more is answered 429.`,
          "Browsers' EventSource cannot send the Authorization header: read the stream with fetch.",
          'Events sent while a client is disconnected are not replayed: after reconnecting, fetch what it shows again.',
        ].join(' '),
        tags: ['Live stream'],
        response: {
          200: eventStream('The event stream.', streamEventSchemas, streamExample),
          401: ERRORS.unauthenticated,
          429: rateLimited(
            `The account already has ${MAX_STREAMS_PER_USER} streams open on this server.`,
            `Too many live streams open for this account (at most ${MAX_STREAMS_PER_USER}). Close a tab and try again.`,
          ),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      hub.admit(user.id);
      reply.hijack();
      hub.open(
        reply.raw,
        { userId: user.id, tokenId: request.accessTokenId!, authorization: request.headers.authorization ?? '' },
        reply.getHeaders(),
      );
    },
  );
};

export const streamRoutes = Object.assign(streamPlugin, { [Symbol.for('skip-override')]: true });
