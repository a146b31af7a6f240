import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import type { ErrorBody } from '../openapi/schemas';

/** An error answered as-is: its status, message, optional field errors and headers reach the client. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new HttpError(401, 'Unauthenticated.', undefined, { 'www-authenticate': 'Bearer' });
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const notFound = (message = 'Not found.') => new HttpError(404, message);

/** A 429 with Retry-After, in seconds (at least 1). */
export function tooManyRequests(message: string, retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, message, undefined, { 'retry-after': String(seconds) });
}

/** Messages for Fastify's own client errors, keyed by error code, in the product's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON with Content-Type: application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL: 'The request URL is malformed.',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request.',
  401: 'Unauthenticated.',
  403: 'This action is unauthorized.',
  404: 'Not found.',
  413: 'The request body is too large.',
  414: 'The request URL is too long.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please slow down.',
};

function toErrorBody(error: FastifyError | HttpError): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  // A client error without a message of its own is still the client's: never "Server error." with a 4xx.
  const message =
    FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? (status < 500 ? 'Bad request.' : 'Server error.');
  return { status, body: { message } };
}

/**
 * Every error leaves the server in the `{ message, errors? }` shape: HttpErrors as they are, Fastify's client
 * errors (bad JSON, too large, wrong content type, rate limited) with a fixed message, an unreachable database
 * as 503, and anything else as a 500 with a generic message: details and stacks go to the log only.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    }
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof HttpError) reply.headers(error.headers);
    return reply.code(status).send(body);
  });
}

/** For client errors Fastify raises before routing (a malformed URL, say), answered in the same shape. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorBody(error);
  void reply.code(status).send(body);
}
