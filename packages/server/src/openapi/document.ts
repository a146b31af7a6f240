import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { OPERATIONS } from './operations';
import {
  COMPONENT_SCHEMAS,
  TAGS,
  type ApiBody,
  type ApiOperation,
  type ApiParameters,
  type ApiResponse,
  type MediaType,
  type Method,
} from './registry';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

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

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string }>;
  };
}

const DESCRIPTION = `The HTTP API of SignalDeck, the dashboard for automated trading: accounts and sign-in, market data, the
webhook that receives TradingView alerts, the signals read from them, and a live stream of both.

Requests and answers are JSON unless an endpoint says otherwise. Endpoints marked as needing sign-in take a
personal access token (from registering or signing in) as \`Authorization: Bearer <token>\`; without a valid one
they answer 401. API answers carry \`Cache-Control: no-store\` unless an endpoint says otherwise.

Every error answer has the same shape, \`{"message": "...", "errors": {"field": ["..."]}}\`, with \`errors\` only on
422. Any endpoint can also answer 500 with a generic message (the details go to the server's log only), and
those that use the database answer 503 while it is unreachable.`;

/** The document's references to the component schemas: each schema must be listed in COMPONENT_SCHEMAS. */
function schemaReferences(): (schema: z.ZodType) => Reference {
  const names = new Map<z.ZodType, string>(
    Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [schema as z.ZodType, name]),
  );
  return (schema) => {
    const name = names.get(schema);
    if (!name)
      throw new Error(`A schema used by an operation is not listed in COMPONENT_SCHEMAS: ${schema.description}`);
    return { $ref: `#/components/schemas/${name}` };
  };
}

/**
 * Generates the OpenAPI 3.1 document from the registry: operations become paths, their zod schemas become
 * `components.schemas` (each converted on its own, so it equals `z.toJSONSchema` of its zod original), and the
 * shared error answers become `components.responses`.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = OPERATIONS): OpenApiDocument {
  const reference = schemaReferences();
  const sharedResponses: Record<string, ResponseObject> = {};

  const content = (bodies: Partial<Record<MediaType, ApiBody>>): Record<string, MediaTypeObject> =>
    Object.fromEntries(
      Object.entries(bodies).map(([mediaType, body]) => [
        mediaType,
        { schema: reference(body.schema), example: body.example },
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
    ...(response.stream && {
      content: {
        'text/event-stream': {
          schema: { type: 'string', description: 'Server-sent events; `x-events` gives the data of each kind.' },
          example: response.stream.example,
          'x-events': Object.fromEntries(
            Object.entries(response.stream.events).map(([event, schema]) => [event, reference(schema)]),
          ),
        },
      },
    }),
  });

  const response = (spec: ApiResponse): ResponseObject | Reference => {
    if (!spec.name) return responseObject(spec);
    sharedResponses[spec.name] ??= responseObject(spec);
    return { $ref: `#/components/responses/${spec.name}` };
  };

  const parameterObjects = (place: 'path' | 'query', spec: ApiParameters): ParameterObject[] => {
    const { properties = {}, required = [] } = toJsonSchema(spec.schema);
    return Object.keys(spec.schema.shape).map((name) => ({
      name,
      in: place,
      required: place === 'path' || required.includes(name),
      description: spec.descriptions[name]!,
      schema: properties[name] as JsonSchema,
    }));
  };

  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
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
      schemas: Object.fromEntries(
        Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, toJsonSchema(schema)]),
      ),
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
