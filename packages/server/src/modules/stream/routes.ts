import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { authenticatedUser } from '../auth/require-auth';
import { InProcessEventBus, type EventBus } from './bus';
import type { StreamPublisher } from './events';
import { StreamHub } from './hub';
import { PostgresEventBus } from './postgres-bus';

/**
 * The live stream: `GET /api/stream` (server-sent events, signed-in users only) and `app.stream`, the publish
 * API other modules send their events through. On PostgreSQL, events are fanned out to every instance with
 * LISTEN/NOTIFY; on the embedded database there is only one instance.
 *
 * The plugin is not encapsulated, so `app.stream` is visible to the modules registered after it.
 */
const streamPlugin: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database, services, tokens, requireAuth },
) => {
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
  app.decorate('stream', { publish: (event) => hub.publish(event) } satisfies StreamPublisher);
  // Open streams never finish on their own: end them first, or closing the server would wait for them forever.
  app.addHook('preClose', async () => hub.closeAll());

  app.get('/api/stream', { preHandler: requireAuth }, async (request, reply) => {
    const user = authenticatedUser(request);
    reply.hijack();
    hub.open(reply.raw, { userId: user.id, authorization: request.headers.authorization ?? '' }, reply.getHeaders());
  });
};

export const streamRoutes = Object.assign(streamPlugin, { [Symbol.for('skip-override')]: true });
