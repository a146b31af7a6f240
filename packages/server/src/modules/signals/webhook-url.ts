import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../../http/origin';

/**
 * A webhook URL as the API gives it out: PUBLIC_URL when set, else the origin the request reached (its Host
 * header when that is a valid host, see requestOrigin), then `/api/webhooks/{token}`.
 */
export function webhookUrl(request: FastifyRequest, publicUrl: string | undefined, token: string): string {
  return `${publicUrl ?? requestOrigin(request)}/api/webhooks/${token}`;
}
