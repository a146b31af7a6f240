import type { FastifyPluginAsync, preValidationAsyncHookHandler, RawServerDefault } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import type { AccountQueue } from './http/account-queue';
import type { ZodTypeProvider } from './http/validation';
import type { LoginThrottle } from './modules/auth/login-throttle';
import type { TokenService } from './modules/auth/tokens';
import type { FixedWindowRateLimiter } from './modules/signals/rate-limiter';
import type { BackgroundServices } from './services';

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
  /** Failed password checks per account, and per account and address: logins and the Account page's checks share it. */
  loginThrottle: LoginThrottle;
  /**
   * Alerts per webhook URL (keyed by its token's hash). Shared by the receiver and by every way of rotating a URL,
   * which hands the new URL the old one's count.
   */
  webhookRateLimiter: FixedWindowRateLimiter;
  /** Heavy requests (replays, exports, performance) run one at a time per account (see http/account-queue.ts). */
  accountQueue: AccountQueue;
  /**
   * The hook that admits only signed-in users and sets `request.user` (see modules/auth/require-auth.ts):
   * `{ preValidation: requireAuth }` on a route.
   */
  requireAuth: preValidationAsyncHookHandler;
}

/**
 * A module of the API: a Fastify plugin given the AppContext, whose routes declare their zod schemas (typed by
 * ZodTypeProvider) and are registered with their full paths (`/api/...`).
 */
export type AppModule = FastifyPluginAsync<AppContext, RawServerDefault, ZodTypeProvider>;
