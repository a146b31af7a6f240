import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { unauthenticated } from '../../http/errors';
import type { AuthenticatedUser, SessionOrigin, TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by requireAuth, null on routes without it. */
    user: AuthenticatedUser | null;
    /** The id of the access token the request presented; set by requireAuth. */
    accessTokenId: number | null;
  }
}

/**
 * Builds the hook that guards a route: a valid bearer token sets `request.user`, anything else is answered
 * 401 `{ message: "Unauthenticated." }` before the handler runs. Modules get it from the AppContext:
 *   app.get('/api/things', { preValidation: requireAuth, schema }, handler)
 * It runs after the body is parsed (a malformed one is still a 400) and before the route's schemas validate
 * the input, so a caller without a valid token learns nothing about what the route accepts.
 */
export function createRequireAuth(tokens: TokenService): preValidationAsyncHookHandler {
  return async function requireAuth(request) {
    const authentication = await tokens.authenticate(request.headers.authorization);
    if (!authentication) throw unauthenticated();
    request.user = authentication.user;
    request.accessTokenId = authentication.tokenId;
  };
}

/** The signed-in user of a request that passed requireAuth (a 401 if it did not, rather than a crash). */
export function authenticatedUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** Where a sign-in request came from: its User-Agent header and the client's address (TRUST_PROXY applied). */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : undefined, ip: request.ip };
}
