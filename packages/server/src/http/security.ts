import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response, and CORS closed unless CORS_ORIGINS lists origins.
 * The app is served from this same origin, so nothing of it needs inline code or another host.
 */
export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent only over HTTPS (below): on plain HTTP it is meaningless, and on localhost it would be harmful.
    strictTransportSecurity: false,
  });

  // `request.protocol` honours X-Forwarded-Proto only when TRUST_PROXY trusts the proxy that set it.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Accept', 'Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    credentials: false,
    maxAge: 600,
  });
}
