import { z } from 'zod';
import { errorSchema } from './schemas';

/**
 * What a route declares, in its Fastify `schema`, beyond what Fastify validates: the words and examples of the
 * API reference. Each route under /api/ declares everything about itself in one place (its path, its zod
 * params, query, body and answers, and these); the OpenAPI document (document.ts) is generated from the
 * registered routes, and docs/api.md from the document.
 *
 *   app.get('/api/things/:id', {
 *     preValidation: requireAuth,
 *     schema: {
 *       operationId: 'getThing', summary: 'Get a thing', description: '...', tags: ['Things'],
 *       params: z.object({ id: z.string().describe('The thing.') }),
 *       response: { 200: jsonResponse('The thing.', thingSchema, example), 401: ERRORS.unauthenticated },
 *     },
 *   }, handler);
 */
declare module 'fastify' {
  interface FastifySchema {
    /** The operation's name in the OpenAPI document; every route under /api/ has one. */
    operationId?: string;
    /** A short title, also the heading of its section in docs/api.md. */
    summary?: string;
    description?: string;
    tags?: readonly [Tag];
    /** An example of the JSON body `body` describes (the openapi test checks it against the schema). */
    bodyExample?: unknown;
    /**
     * The body of a route that reads its body itself (the webhook receiver stores whatever it is sent):
     * described for the reference, never validated.
     */
    documentedBody?: ApiRequestBody;
  }
}

export type MediaType = 'application/json' | 'text/plain' | 'text/csv' | 'text/event-stream';

export const TAGS = {
  Auth: 'Accounts, sign-in tokens and the signed-in user.',
  Account: "The signed-in trader's own account: profile, password, sessions, export and deletion.",
  'Market data': 'The pairs SignalDeck charts, and their candles.',
  'Live stream': 'Server-sent events: live candles and new signals.',
  Webhooks: 'The URL TradingView posts alerts to, and its settings.',
  Signals: 'The signals received on the webhook URL.',
  'Paper trading': "Strategies, their paper accounts' positions and trades, and performance.",
  Notifications:
    'Notification channels (webhook, Discord, Slack, Telegram, email), their delivery logs, and the in-app feed.',
  Service: 'Health and this description.',
} as const;
export type Tag = keyof typeof TAGS;

/** A body of one media type: its schema and an example (the openapi test checks it against the schema). */
export interface ApiBody<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  example: z.input<Schema>;
  /** A text/event-stream's events: the schema of each one's `data`, by event name. */
  events?: Record<string, z.ZodType>;
}

/** A route's answer with one status, as it sits in the route's `schema.response` (Fastify reads `content`). */
export interface ApiResponse {
  description: string;
  /** The body by media type; absent when there is none (204). */
  content?: Partial<Record<MediaType, ApiBody>>;
  /** Headers worth knowing about, by name, with what they say. */
  headers?: Record<string, string>;
  /** A shared answer: written once under components.responses with this name, and referenced. */
  name?: string;
}

export interface ApiRequestBody {
  required: boolean;
  content: Partial<Record<MediaType, ApiBody>>;
}

/**
 * An answer with a JSON body. Generic in its schema, so the route's handler is typed by it and the example is
 * checked against it by the compiler.
 */
export function jsonResponse<Schema extends z.ZodType>(
  description: string,
  schema: Schema,
  example: z.input<Schema>,
  headers?: Record<string, string>,
) {
  return {
    description,
    content: { 'application/json': { schema, example } },
    ...(headers ? { headers } : {}),
  } satisfies ApiResponse;
}

/** An answer without a body. */
export const noContent = (description: string) => ({ description }) satisfies ApiResponse;

/** A text/event-stream: the data of each event by its name, and an example of the stream as sent. */
export function eventStream(description: string, events: Record<string, z.ZodType>, example: string) {
  return {
    description,
    content: {
      'text/event-stream': {
        schema: z.string().describe('Server-sent events; `x-events` gives the data of each kind.'),
        example,
        events,
      },
    },
  } satisfies ApiResponse;
}

/** An error answer written once under components.responses, as `name`, and referenced. */
function sharedError(
  name: string,
  description: string,
  example: z.input<typeof errorSchema>,
  headers?: Record<string, string>,
) {
  return { name, ...jsonResponse(description, errorSchema, example, headers) };
}

/** The error answers many routes share. */
export const ERRORS = {
  malformedJson: sharedError(
    'MalformedJson',
    'The body is not valid JSON, or holds a `__proto__` key or a `constructor` object with a `prototype` key (refused, with a message that says so).',
    {
      message: 'Malformed JSON in request body',
    },
  ),
  unauthenticated: sharedError(
    'Unauthenticated',
    'No valid bearer token: missing, malformed, expired or revoked.',
    { message: 'Unauthenticated.' },
    { 'WWW-Authenticate': '`Bearer`.' },
  ),
  payloadTooLarge: sharedError('PayloadTooLarge', 'The body is over the size limit; nothing was done.', {
    message: 'The request body is too large.',
  }),
  unsupportedMediaType: sharedError('UnsupportedMediaType', 'The body is neither JSON nor text (a form, say).', {
    message: 'Unsupported content type. Send JSON with Content-Type: application/json.',
  }),
  validationFailed: sharedError(
    'ValidationFailed',
    'The input is invalid: `errors` lists the messages of each field, and `message` repeats the first. At most 20 ' +
      'fields are listed: the messages of any others are counted under `more` ("5,980 more errors are not listed.").',
    {
      message: 'The email field must be a valid email address. (and 1 more error)',
      errors: {
        email: ['The email field must be a valid email address.'],
        password: ['The password field must be at least 8 characters.'],
      },
    },
  ),
  unavailable: sharedError('Unavailable', 'The database is unavailable; nothing was done. Try again shortly.', {
    message: 'The service is temporarily unavailable. Please try again shortly.',
  }),
};

/** An error answer of one route, with an example of its message. */
export const errorResponse = (description: string, example: z.input<typeof errorSchema>) =>
  jsonResponse(description, errorSchema, example);

/** A 429: each limit words its message its own way. */
export function rateLimited(description: string, message: string) {
  return jsonResponse(
    `${description} Nothing was done; try again after \`Retry-After\` seconds.`,
    errorSchema,
    { message },
    { 'Retry-After': 'seconds to wait before trying again.' },
  );
}
