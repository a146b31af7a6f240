import type { z } from 'zod';
import { loginBody, registerBody } from '../modules/auth/routes';
import { signedInSchema, userSchema } from '../modules/auth/schemas';
import { healthSchema } from '../modules/health/schemas';
import { candlesSchema, marketListSchema } from '../modules/market/schemas';
import { settingsBody } from '../modules/signals/routes';
import {
  alertMessageSchema,
  alertRepeatedSchema,
  alertStoredSchema,
  alertTextSchema,
  rotatedWebhookSchema,
  signalPageSchema,
  signalSchema,
  signalWithRawSchema,
  webhookSchema,
  webhookSettingsSchema,
} from '../modules/signals/schemas';
import { candleUpdateSchema } from '../modules/stream/schemas';
import { errorSchema, openApiDocumentSchema } from './schemas';

/**
 * The API's description, route by route, from which the OpenAPI document (document.ts) and docs/api.md
 * (markdown.ts) are generated. Request schemas are the zod objects the routes validate with; response schemas
 * are the modules' `schemas.ts`. The openapi test checks both against the running app.
 */

export type Method = 'get' | 'post' | 'put';
export type MediaType = 'application/json' | 'text/plain';

export const TAGS = {
  Auth: 'Accounts, sign-in tokens and the signed-in user.',
  'Market data': 'The pairs SignalDeck charts, and their candles.',
  'Live stream': 'Server-sent events: live candles and new signals.',
  Webhooks: 'The URL TradingView posts alerts to, and its settings.',
  Signals: 'The signals received on the webhook URL.',
  Service: 'Health and this description.',
} as const;
export type Tag = keyof typeof TAGS;

/**
 * Every schema the document names (components.schemas), by name. An operation may only use schemas listed
 * here, so each is described once and the test can compare each with its zod original.
 */
export const COMPONENT_SCHEMAS = {
  Error: errorSchema,
  RegisterRequest: registerBody,
  LoginRequest: loginBody,
  User: userSchema,
  SignedIn: signedInSchema,
  MarketList: marketListSchema,
  Candles: candlesSchema,
  CandleUpdate: candleUpdateSchema,
  AlertMessage: alertMessageSchema,
  AlertText: alertTextSchema,
  AlertStored: alertStoredSchema,
  AlertRepeated: alertRepeatedSchema,
  Webhook: webhookSchema,
  RotatedWebhook: rotatedWebhookSchema,
  WebhookSettings: webhookSettingsSchema,
  WebhookSettingsRequest: settingsBody,
  Signal: signalSchema,
  SignalWithRaw: signalWithRawSchema,
  SignalPage: signalPageSchema,
  HealthStatus: healthSchema,
  OpenApiDocument: openApiDocumentSchema,
} satisfies Record<string, z.ZodType>;

/** A body of one media type: its schema and an example (checked against the schema by the test). */
export interface ApiBody {
  schema: z.ZodType;
  example: unknown;
}

export interface ApiResponse {
  description: string;
  /** The body by media type; absent when there is none (204) or for a stream. */
  content?: Partial<Record<MediaType, ApiBody>>;
  /** A text/event-stream: the `data` of each event, by event name, and an example of the stream. */
  stream?: { events: Record<string, z.ZodType>; example: string };
  /** Headers worth knowing about, by name, with what they say. */
  headers?: Record<string, string>;
  /** A shared response: written once under components.responses with this name, and referenced. */
  name?: string;
}

/** Path or query parameters: the object schema that describes them, and a description of each. */
export interface ApiParameters {
  schema: z.ZodObject;
  descriptions: Record<string, string>;
}

/** Parameters with a description required for every field of the schema. */
export function parameters<Schema extends z.ZodObject>(
  schema: Schema,
  descriptions: { [Field in keyof Schema['shape']]: string },
): ApiParameters {
  return { schema, descriptions: descriptions as Record<string, string> };
}

export interface ApiOperation {
  operationId: string;
  method: Method;
  /** OpenAPI form: `/api/signals/{id}`. */
  path: string;
  summary: string;
  description: string;
  tag: Tag;
  /** Whether a bearer token is required (answered 401 without one). */
  auth: boolean;
  params?: ApiParameters;
  query?: ApiParameters;
  body?: { required: boolean; content: Partial<Record<MediaType, ApiBody>> };
  responses: Record<number, ApiResponse>;
}

const json = (schema: z.ZodType, example: unknown): Partial<Record<MediaType, ApiBody>> => ({
  'application/json': { schema, example },
});

/** An error answer written once under components.responses, as `name`, and referenced. */
const sharedError = (
  name: string,
  description: string,
  example: z.input<typeof errorSchema>,
  headers?: Record<string, string>,
): ApiResponse => ({ name, ...jsonResponse(description, errorSchema, example, headers) });

/** The error answers many routes share. */
export const ERRORS = {
  malformedJson: sharedError('MalformedJson', 'The body is not valid JSON.', {
    message: 'Malformed JSON in request body',
  }),
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
    'The input is invalid: `errors` lists the messages of each field, and `message` repeats the first.',
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
} satisfies Record<string, ApiResponse>;

/** A response with a JSON body. */
export function jsonResponse(
  description: string,
  schema: z.ZodType,
  example: unknown,
  headers?: Record<string, string>,
): ApiResponse {
  return { description, content: json(schema, example), ...(headers ? { headers } : {}) };
}

/** A 429: each limit words its message its own way. */
export function rateLimited(description: string, message: string): ApiResponse {
  return jsonResponse(
    `${description} Nothing was done; try again after \`Retry-After\` seconds.`,
    errorSchema,
    { message },
    {
      'Retry-After': 'seconds to wait before trying again.',
    },
  );
}

/** A JSON request body. */
export function jsonBody(schema: z.ZodType, example: unknown): ApiOperation['body'] {
  return { required: true, content: json(schema, example) };
}
