import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { AppContext, AppModule } from './context';
import type { DatabaseHandle } from './db/connection';
import {
  clientErrorHandler,
  guardConnections,
  httpServerOptions,
  KEEP_ALIVE_TIMEOUT_MS,
  limitPipelining,
  REQUEST_TIMEOUT_MS,
} from './http/connections';
import { frameworkErrorHandler, HttpError, registerErrorHandling } from './http/errors';
import { loggerOptions, RequestLogController, type LogDestination } from './http/logging';
import { isApiPath } from './http/paths';
import { registerSecurity } from './http/security';
import { registerStaticApp } from './http/static-app';
import { docsRoutes } from './modules/docs/routes';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from './http/validation';
import { authRoutes } from './modules/auth/routes';
import { LoginThrottle } from './modules/auth/login-throttle';
import { createRequireAuth } from './modules/auth/require-auth';
import { TokenService } from './modules/auth/tokens';
import { accountRoutes } from './modules/account/routes';
import { healthRoutes } from './modules/health/routes';
import { marketRoutes } from './modules/market/routes';
import { notificationsModule } from './modules/notifications/routes';
import { paperRoutes } from './modules/paper/routes';
import { AccountQueue } from './http/account-queue';
import { FixedWindowRateLimiter } from './modules/signals/rate-limiter';
import { signalsRoutes, WEBHOOK_REQUESTS_PER_MINUTE } from './modules/signals/routes';
import { streamRoutes } from './modules/stream/routes';
import { openApiRoutes } from './openapi/routes';
import { BackgroundServices } from './services';

/**
 * The API's modules, registered in this order. Each is a Fastify plugin (`src/modules/<name>/routes.ts`) that
 * receives the AppContext as its options and declares its routes with their full paths (`/api/...`) and their
 * zod schemas. To add a module, add one line here. The OpenAPI module comes first: it collects the routes the
 * others declare.
 */
const modules: AppModule[] = [
  openApiRoutes,
  healthRoutes,
  authRoutes,
  streamRoutes,
  marketRoutes,
  paperRoutes,
  signalsRoutes,
  accountRoutes,
  notificationsModule,
  docsRoutes,
];

/** For a JSON body the parser refused though it is well-formed: it holds a key that could poison prototypes. */
export const PROTOTYPE_KEY_REFUSED =
  'The request body holds a "__proto__" key, or a "constructor" object with a "prototype" key: no request takes these keys, so the body is refused.';

function isWellFormedJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Request bodies above this are refused with 413; routes may set a lower `bodyLimit` of their own. No route takes
 * more than a few KiB of settings: at 1 MiB, ten such bodies at once held every other request up for 0.2 to 1.4 s
 * while they were parsed and validated.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** `false` silences logging; a destination receives the JSON log lines (tests read them). Default: stdout. */
  logger?: false | { destination: LogDestination };
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background services; see services.ts for when they start and stop. */
    services: BackgroundServices;
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the first N hops": the client's address is the one
 * the last of them added to X-Forwarded-For, whatever the client wrote to its left. (Fastify given a bare number
 * trusts no hop at all.)
 */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Builds the whole HTTP application without listening, so tests can `inject()` requests or listen themselves. */
export async function buildApp({
  config,
  database,
  logger,
  clock = Date.now,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logger?.destination),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new RequestLogController(),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: httpServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  guardConnections(app.server, { maxConnections: config.maxConnections, log: app.log });
  // Routes declare their input and answers with zod (see http/validation.ts), not JSON Schema.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = new BackgroundServices();
  app.decorate('services', services);
  app.addHook('onClose', () => services.stopAll());

  registerErrorHandling(app);
  await registerSecurity(app, config);
  limitPipelining(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  // JSON bodies as Fastify parses them (secure-json-parse, prototype poisoning refused), except that an empty body
  // with a JSON content type is no body at all: the app sends that header on every call, bodiless POSTs included.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON is the one body the API takes (the webhook receiver has parsers of its own): text is a 415, as for any
  // other media type, not a 422 about a string that is no object.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, (error, value) => {
      // The parser says "malformed" for well-formed JSON it refuses: say what was refused instead.
      if (error && isWellFormedJson(body as string)) return done(new HttpError(400, PROTOTYPE_KEY_REFUSED), undefined);
      done(error, value);
    });
  });

  // Read as the router reads the path: `/%61pi/...` is served by the API's routes, and must not be cached either.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.decorateRequest('user', null);
  app.decorateRequest('accessTokenId', null);
  const tokens = new TokenService(database.db, config, clock);
  const context: AppContext = {
    config,
    database,
    clock,
    services,
    tokens,
    loginThrottle: new LoginThrottle(config.rateLimits.loginFailuresPerMinute, clock),
    webhookRateLimiter: new FixedWindowRateLimiter(WEBHOOK_REQUESTS_PER_MINUTE, 60_000, clock),
    accountQueue: new AccountQueue(),
    requireAuth: createRequireAuth(tokens),
  };
  for (const module of modules) await app.register(module, context);

  await registerStaticApp(app, config.staticDir);
  return app;
}
