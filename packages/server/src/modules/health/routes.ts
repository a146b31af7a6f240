import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { checkHealth } from './service';

export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.get('/api/health', async (_request, reply) => {
    const health = await checkHealth(database);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });
};
