import type { AppModule } from '../../context';
import { jsonResponse } from '../../openapi/registry';
import { healthSchema } from './schemas';
import { checkHealth } from './service';

export const healthRoutes: AppModule = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Check health',
        description:
          'Whether the server and its database answer (the database within 2 seconds): for load balancers and monitors.',
        tags: ['Service'],
        response: {
          200: jsonResponse('Healthy.', healthSchema, { status: 'ok' }),
          503: jsonResponse('The database is not answering.', healthSchema, {
            status: 'unavailable',
            message: 'The database is not answering.',
          }),
        },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(database);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
