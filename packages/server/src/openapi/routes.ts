import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { buildOpenApiDocument } from './document';

/** The document changes only with the server, so clients and proxies may keep it this long. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

/** `GET /api/openapi.json`: the API's OpenAPI 3.1 description, generated once from the registry (registry.ts). */
export const openApiRoutes: FastifyPluginAsync<AppContext> = async (app) => {
  const document = JSON.stringify(buildOpenApiDocument());

  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('cache-control', OPENAPI_CACHE_CONTROL).type('application/json; charset=utf-8').send(document),
  );
};
