import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import { authenticatedUser } from './require-auth';
import { LoginThrottle } from './login-throttle';
import { AuthService } from './service';

/** Auth bodies are a few short strings; anything bigger is refused (413) before it is parsed. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;
const MINUTE_MS = 60_000;

const email = z.string().trim().toLowerCase().pipe(z.email().max(255));

export const registerBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    email,
    password: z.string().min(8).max(128),
    password_confirmation: z.unknown().optional(),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password'],
    message: 'The password field confirmation does not match.',
    // Reported alongside the other fields' errors, as long as there is a password to compare.
    when: (payload) => typeof (payload.value as { password?: unknown }).password === 'string',
  });

export const loginBody = z.object({
  email,
  password: z.string().min(1).max(128),
});

const rateLimited = (max: number, message: string) => ({
  rateLimit: {
    max,
    timeWindow: MINUTE_MS,
    errorResponseBuilder: (_request: unknown, context: { statusCode: number; ttl: number }) =>
      new HttpError(context.statusCode, `${message} Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  },
});

export const authRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database, clock, services, tokens, requireAuth },
) => {
  const auth = new AuthService(
    database.db,
    tokens,
    new LoginThrottle(config.rateLimits.loginFailuresPerMinute, clock),
    clock,
  );
  services.add(tokens.pruner((error) => app.log.error({ err: error }, 'pruning expired tokens failed')));

  app.post(
    '/api/register',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: rateLimited(config.rateLimits.registerPerMinute, 'Too many registrations from this address.'),
    },
    async (request, reply) => {
      const { name, email, password } = parseInput(registerBody, request.body ?? {});
      return reply.code(201).send(await auth.register({ name, email, password }));
    },
  );

  app.post(
    '/api/login',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: rateLimited(config.rateLimits.loginPerMinute, 'Too many login attempts from this address.'),
    },
    async (request) => auth.login(parseInput(loginBody, request.body ?? {}), request.ip),
  );

  app.post('/api/logout', { preHandler: requireAuth }, async (request, reply) => {
    await auth.logout(request.accessTokenId!);
    return reply.code(204).send();
  });

  app.get('/api/user', { preHandler: requireAuth }, async (request) => authenticatedUser(request));
};
