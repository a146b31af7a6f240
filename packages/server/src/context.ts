import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import type { TokenService } from './modules/auth/tokens';
import type { BackgroundServices } from './services';

/** Milliseconds since the epoch. Injected so tests can move time (token expiry, rate-limit windows). */
export type Clock = () => number;

/**
 * What every module is given when app.ts registers it (as its Fastify plugin options). Modules take what they
 * need from here instead of importing singletons, so tests can build an app on any database and clock.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  services: BackgroundServices;
  tokens: TokenService;
  /**
   * The preHandler that admits only signed-in users and sets `request.user` (see modules/auth/require-auth.ts):
   * `{ preHandler: requireAuth }` on a route, or `app.addHook('preHandler', requireAuth)` for a whole module.
   */
  requireAuth: preHandlerAsyncHookHandler;
}
