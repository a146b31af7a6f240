import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context';
import { HttpError } from '../../http/errors';
import { password, signedIn, user } from '../../openapi/examples';
import { ERRORS, errorResponse, jsonResponse, noContent, rateLimited } from '../../openapi/registry';
import { addressNetwork } from './login-throttle';
import { authenticatedUser, sessionOrigin } from './require-auth';
import { loginBody, registerBody, signedInSchema, userSchema } from './schemas';
import { AuthService } from './service';

/** Auth bodies are a few short strings; anything bigger is refused (413) before it is parsed. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;
const MINUTE_MS = 60_000;
const AUTH_BODY_LIMIT = `Bodies over ${AUTH_BODY_LIMIT_BYTES / 1024} KiB are refused (413).`;

const perMinuteLimit = (max: number, message: string) => ({
  rateLimit: {
    max,
    timeWindow: MINUTE_MS,
    keyGenerator: (request: FastifyRequest) => addressNetwork(request.ip),
    errorResponseBuilder: (_request: unknown, context: { statusCode: number; ttl: number }) =>
      new HttpError(context.statusCode, `${message} Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  },
});

export const authRoutes: AppModule = async (
  app,
  { config, database, clock, services, tokens, loginThrottle, requireAuth },
) => {
  const auth = new AuthService(database.db, tokens, loginThrottle, clock);
  services.add(tokens.pruner((error) => app.log.error({ err: error }, 'pruning expired tokens failed')));

  app.post(
    '/api/register',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: perMinuteLimit(config.rateLimits.registerPerMinute, 'Too many registrations from this address.'),
      schema: {
        operationId: 'register',
        summary: 'Create an account',
        description: [
          'Creates an account and signs it in, answering with a new token.',
          '`email` must be a valid address of at most 255 characters (it is trimmed and lower-cased) that no account has;',
          '`password` 8 to 128 characters, not only spaces, not one character repeated and not one of the most common passwords,',
          'with `password_confirmation` equal to it.',
          `${AUTH_BODY_LIMIT} Each IP address may register RATE_LIMIT_REGISTER_PER_MINUTE times a minute (default 10).`,
        ].join(' '),
        tags: ['Auth'],
        body: registerBody,
        bodyExample: { name: user.name, email: user.email, password, password_confirmation: password },
        response: {
          201: jsonResponse('Registered and signed in.', signedInSchema, signedIn),
          400: ERRORS.malformedJson,
          413: ERRORS.payloadTooLarge,
          415: ERRORS.unsupportedMediaType,
          422: ERRORS.validationFailed,
          429: rateLimited(
            'Too many registrations from this IP address.',
            'Too many registrations from this address. Please try again in 42 seconds.',
          ),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      return reply.code(201).send(await auth.register({ name, email, password }, sessionOrigin(request)));
    },
  );

  app.post(
    '/api/login',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      config: perMinuteLimit(config.rateLimits.loginPerMinute, 'Too many login attempts from this address.'),
      schema: {
        operationId: 'login',
        summary: 'Sign in',
        description: [
          'Signs in with email and password, answering with a new token.',
          'A wrong email or password is a 422 with the same message either way, on `email`.',
          `${AUTH_BODY_LIMIT} Each IP address may try RATE_LIMIT_LOGIN_PER_MINUTE times a minute (default 20), and`,
          'fail RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE times a minute per account (default 5), and an account four times as',
          'many from all addresses together. An IPv6 address counts by its /64.',
        ].join(' '),
        tags: ['Auth'],
        body: loginBody,
        bodyExample: { email: user.email, password },
        response: {
          200: jsonResponse('Signed in.', signedInSchema, signedIn),
          400: ERRORS.malformedJson,
          413: ERRORS.payloadTooLarge,
          415: ERRORS.unsupportedMediaType,
          422: errorResponse('Invalid input, or a wrong email or password.', {
            message: 'These credentials do not match our records.',
            errors: { email: ['These credentials do not match our records.'] },
          }),
          429: rateLimited(
            'Too many attempts from this IP address, or too many failures for this account.',
            'Too many login attempts. Please try again in 42 seconds.',
          ),
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => auth.login(request.body, request.ip, sessionOrigin(request)),
  );

  app.post(
    '/api/logout',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'logout',
        summary: 'Sign out',
        description: 'Revokes the token the request presents; other tokens of the user keep working.',
        tags: ['Auth'],
        response: {
          204: noContent('Signed out: the token no longer works.'),
          401: ERRORS.unauthenticated,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request, reply) => {
      await auth.logout(request.accessTokenId!);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/user',
    {
      preValidation: requireAuth,
      schema: {
        operationId: 'getUser',
        summary: 'Get the signed-in user',
        description: 'The user the token belongs to.',
        tags: ['Auth'],
        response: {
          200: jsonResponse('The signed-in user.', userSchema, user),
          401: ERRORS.unauthenticated,
          503: ERRORS.unavailable,
        },
      },
    },
    async (request) => authenticatedUser(request),
  );
};
