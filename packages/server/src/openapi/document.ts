import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { componentNames } from './components';
import { TAGS, type ApiBody, type ApiRequestBody, type ApiResponse, type MediaType, type Tag } from './registry';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A registered route as the document reads it: what Fastify was given, and whether it requires sign-in. */
export interface DocumentedRoute {
  method: string;
  /** Fastify form: `/api/signals/:id`. */
  url: string;
  schema: FastifySchema;
  auth: boolean;
}

/** One operation of the API, read from its route's declaration. */
export interface ApiOperation {
  operationId: string;
  method: Method;
  /** OpenAPI form: `/api/signals/{id}`. */
  path: string;
  summary: string;
  description: string;
  tag: Tag;
  /** Whether a bearer token is required (answered 401 without one): the route is guarded by requireAuth. */
  auth: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: ApiRequestBody;
  responses: Record<string, ApiResponse>;
}

/**
 * Reads a route's declaration as an operation. A route under /api/ must say what it is (operationId, summary,
 * description, one tag) and what it answers; its params and query must be zod objects, each field described.
 */
export function apiOperation(route: DocumentedRoute): ApiOperation {
  const { schema, url } = route;
  const where = `${route.method} ${url}`;
  if (!schema.operationId || !schema.summary || !schema.description || !schema.tags || !schema.response) {
    throw new Error(`${where} does not declare its operationId, summary, description, tags and response`);
  }
  const zodObject = (value: unknown, part: string) => {
    if (value === undefined) return undefined;
    if (!(value instanceof z.ZodObject)) throw new Error(`${where}: its ${part} schema is not a zod object`);
    return value;
  };
  const body: ApiRequestBody | undefined =
    schema.body === undefined
      ? schema.documentedBody
      : {
          required: true,
          content: { 'application/json': { schema: schema.body as z.ZodType, example: schema.bodyExample } },
        };
  return {
    operationId: schema.operationId,
    method: route.method.toLowerCase() as Method,
    path: url.replace(/:(\w+)/g, '{$1}'),
    summary: schema.summary,
    description: schema.description,
    tag: schema.tags[0],
    auth: route.auth,
    params: zodObject(schema.params, 'params'),
    query: zodObject(schema.querystring, 'querystring'),
    ...(body && { body }),
    responses: schema.response as Record<string, ApiResponse>,
  };
}

/**
 * How every schema is converted: JSON Schema 2020-12, the dialect of OpenAPI 3.1, taken from the input side of
 * each zod schema. For a request that is what a client may send (a query's `limit` is a string of digits); the
 * response schemas have no transforms, so both sides are the same, and unlisted fields are not forbidden.
 */
export const JSON_SCHEMA_PARAMS = { target: 'draft-2020-12', io: 'input' } as const;

/** A zod schema as JSON Schema, without `$schema`: OpenAPI 3.1 declares the dialect once for the document. */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, JSON_SCHEMA_PARAMS);
  return jsonSchema;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  example?: unknown;
  /** A text/event-stream's events: the schema of each one's `data`, by event name. */
  'x-events'?: Record<string, JsonSchema>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaTypeObject>;
}

export type Reference = { $ref: string };

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject | Reference>;
}

// A type, not an interface: it is what GET /api/openapi.json answers, checked against a zod object of any keys.
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string }>;
  };
};

const DESCRIPTION = `The HTTP API of SignalDeck, the dashboard for automated trading: accounts and sign-in, market data, the
webhook that receives TradingView alerts, the signals read from them, and a live stream of both.

Requests and answers are JSON unless an endpoint says otherwise. Field names are camelCase (\`receivedAt\`,
\`nextCursor\`), except those SignalDeck takes as others write them: registration's \`password_confirmation\`
and the keys of a TradingView alert (\`position_size\`...). Endpoints marked as needing sign-in take a
personal access token (from registering or signing in) as \`Authorization: Bearer <token>\`; without a valid one
they answer 401. API answers carry \`Cache-Control: no-store\` unless an endpoint says otherwise.

Every error answer has the same shape, \`{"message": "...", "errors": {"field": ["..."]}}\`, with \`errors\` only on
422. Any endpoint can also answer 500 with a generic message (the details go to the server's log only), and
those that use the database answer 503 while it is unreachable. An \`{id}\` in a path that no row can have (\`0\`,
\`-1\`, \`abc\`, 20 digits) is answered 404 with the endpoint's own message (\`Strategy not found.\`), as an id
of another user's is.`;

/**
 * Generates the OpenAPI 3.1 document from the API's operations, listed by tag (in TAGS order) and, within a tag,
 * in the order their routes were registered. A named schema (see components.ts) becomes a component, converted
 * on its own (so it equals `z.toJSONSchema` of its zod original) and referenced; the shared error answers
 * become `components.responses`.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[]): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  const sharedResponses: Record<string, ResponseObject> = {};
  const tagOrder = Object.keys(TAGS);
  const ordered = [...operations].sort((a, b) => tagOrder.indexOf(a.tag) - tagOrder.indexOf(b.tag));

  const schemaObject = (schema: z.ZodType): JsonSchema | Reference => {
    const name = componentNames.get(schema)?.name;
    if (!name) return toJsonSchema(schema);
    components[name] ??= toJsonSchema(schema);
    return { $ref: `#/components/schemas/${name}` };
  };

  const content = (bodies: Partial<Record<MediaType, ApiBody>>): Record<string, MediaTypeObject> =>
    Object.fromEntries(
      Object.entries(bodies).map(([mediaType, body]) => [
        mediaType,
        {
          schema: schemaObject(body.schema),
          example: body.example,
          ...(body.events && {
            'x-events': Object.fromEntries(
              Object.entries(body.events).map(([event, schema]) => [event, schemaObject(schema)]),
            ),
          }),
        },
      ]),
    );

  const responseObject = (response: ApiResponse): ResponseObject => ({
    description: response.description,
    ...(response.headers && {
      headers: Object.fromEntries(
        Object.entries(response.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      ),
    }),
    ...(response.content && { content: content(response.content) }),
  });

  const response = (spec: ApiResponse): ResponseObject | Reference => {
    if (!spec.name) return responseObject(spec);
    sharedResponses[spec.name] ??= responseObject(spec);
    return { $ref: `#/components/responses/${spec.name}` };
  };

  const parameterObjects = (place: 'path' | 'query', schema: z.ZodObject): ParameterObject[] => {
    const { properties = {}, required = [] } = toJsonSchema(schema);
    return Object.keys(schema.shape).map((name) => {
      // The field's description is the parameter's; its schema keeps the rest.
      const { description, ...fieldSchema } = properties[name] as JsonSchema;
      if (!description) throw new Error(`The ${place} parameter ${name} has no description`);
      return {
        name,
        in: place,
        required: place === 'path' || required.includes(name),
        description,
        schema: fieldSchema,
      };
    });
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const operation of ordered) {
    const parameters = [
      ...(operation.params ? parameterObjects('path', operation.params) : []),
      ...(operation.query ? parameterObjects('query', operation.query) : []),
    ];
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [operation.tag],
      security: operation.auth ? [{ bearerAuth: [] }] : [],
      ...(parameters.length > 0 && { parameters }),
      ...(operation.body && {
        requestBody: { required: operation.body.required, content: content(operation.body.content) },
      }),
      responses: Object.fromEntries(
        Object.entries(operation.responses).map(([status, spec]) => [status, response(spec)]),
      ),
    };
  }

  return {
    openapi: '3.1.0',
    info: { title: 'SignalDeck API', version: packageJson.version, description: DESCRIPTION },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: components,
      responses: sharedResponses,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: '<id>|<secret>',
          description: [
            'A personal access token (Laravel Sanctum style), from `POST /api/register` or `POST /api/login`:',
            '`<id>|<secret>`, sent as `Authorization: Bearer <id>|<secret>`. Only a hash of the secret is stored.',
            'A token stops working after TOKEN_IDLE_TTL_MINUTES unused (default 7 days), TOKEN_ABSOLUTE_TTL_DAYS',
            'after sign-in (default 30), or at sign-out.',
          ].join(' '),
        },
      },
    },
  };
}
