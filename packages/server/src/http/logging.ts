import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * A run of base64url characters this long is taken for a credential (a webhook token has 43), wherever it is in
 * the URL: no path or query of the app's own holds one.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;

/** Percent escapes decoded byte by byte (an invalid one stays as it is), as often as they nest. */
function decodePercent(url: string): string {
  let decoded = url;
  for (let round = 0; round < 3; round += 1) {
    const next = decoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/**
 * A webhook URL's token is its owner's credential: it never reaches a log line, however the URL spells it
 * (`/%61pi/webhooks/...`, `/api/webhook/...`, a token in the query). Decided by pattern, not by prefix: when the
 * URL, percent escapes decoded, holds anything token-like, the decoded URL is logged with it replaced;
 * otherwise the URL as received.
 */
export function redactUrl(url: string): string {
  const decoded = decodePercent(url);
  TOKEN_LIKE.lastIndex = 0;
  if (!TOKEN_LIKE.test(decoded)) return url;
  return decoded.replace(TOKEN_LIKE, '[redacted]');
}

/** The webhook route is logged by what was routed, whatever the token looked like. */
const WEBHOOK_ROUTE = '/api/webhooks/:token';

export function requestUrlForLog(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  if (request.routeOptions?.url === WEBHOOK_ROUTE) return '/api/webhooks/[redacted]';
  return redactUrl(request.url);
}

/** Anything that might carry a credential, wherever a log call puts it. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.authorization',
  'password',
  'password_confirmation',
  'token',
];

export interface LogDestination {
  write(line: string): void;
}

/**
 * Pino options for the server: the configured level, credentials redacted, and request lines that carry
 * method, redacted URL and remote address only (never headers or bodies).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: LogDestination,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: requestUrlForLog(request),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** One log line per request, when it completes, carrying the (redacted) request line; never the raw URL. */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ req: request }, 'route not found');
  }
}
