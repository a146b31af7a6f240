import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** The secret path segment of a webhook URL is the user's credential: it never reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/^(\/api\/webhooks\/)[^/?#]+/, '$1[redacted]');
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
        url: redactUrl(request.url),
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
