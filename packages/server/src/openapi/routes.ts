import type { AppModule } from '../context';
import {
  apiOperation,
  buildOpenApiDocument,
  type ApiOperation,
  type DocumentedRoute,
  type OpenApiDocument,
} from './document';
import { jsonResponse } from './registry';
import { openApiDocumentSchema } from './schemas';

/** The document changes only with the server, so clients and proxies may keep it this long. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export interface ApiDescription {
  operations: readonly ApiOperation[];
  document: OpenApiDocument;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's operations and its OpenAPI document, read from the registered routes; set once the app is ready. */
    apiDescription: ApiDescription;
  }
}

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 description, generated when the app is ready from the routes
 * registered under /api/ (each declares its schemas and words; see registry.ts). Registered before the other
 * modules and not encapsulated, so that it sees every route they add.
 */
const openApiPlugin: AppModule = async (app, { requireAuth }) => {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // A route without an operationId is not part of the API (the openapi test checks that every route is).
    if (!route.url.startsWith('/api/') || !route.schema?.operationId) return;
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's automatic twin of each GET.
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        auth: [route.preValidation].flat().includes(requireAuth),
      });
    }
  });

  // Empty until the app is ready, when every route has been added.
  app.decorate('apiDescription', { operations: [], document: buildOpenApiDocument([]) });
  app.addHook('onReady', async () => {
    const operations = routes.map(apiOperation);
    app.apiDescription = { operations, document: buildOpenApiDocument(operations) };
  });

  app.get(
    '/api/openapi.json',
    {
      schema: {
        operationId: 'getOpenApiDocument',
        summary: 'Get this description',
        description: 'This API as an OpenAPI 3.1 document, for tools and client generators.',
        tags: ['Service'],
        response: {
          200: jsonResponse(
            'The OpenAPI document.',
            openApiDocumentSchema,
            { openapi: '3.1.0', info: { title: 'SignalDeck API', version: '0.1.0' }, paths: {}, components: {} },
            { 'Cache-Control': `\`${OPENAPI_CACHE_CONTROL}\`: the document changes only with the server.` },
          ),
        },
      },
    },
    async (_request, reply) => reply.header('cache-control', OPENAPI_CACHE_CONTROL).send(app.apiDescription.document),
  );
};

export const openApiRoutes = Object.assign(openApiPlugin, { [Symbol.for('skip-override')]: true });
