import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthenticated } from '../../http/errors';
import type { AuthenticatedUser, TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by requireAuth, null on routes without it. */
    user: AuthenticatedUser | null;
    /** The id of the access token the request presented; set by requireAuth. */
    accessTokenId: number | null;
  }
}

/**
 * Builds the preHandler that guards a route: a valid bearer token sets `request.user`, anything else is answered
 * 401 `{ message: "Unauthenticated." }` before the handler runs. Modules get it from the AppContext:
 *   app.get('/api/things', { preHandler: requireAuth }, handler)   // one route
 *   app.addHook('preHandler', requireAuth)                         // every route of the module
 */
export function createRequireAuth(tokens: TokenService): preHandlerAsyncHookHandler {
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
