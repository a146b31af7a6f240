import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { requestProtocol } from './origin';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The Content Security Policy: only this origin's own scripts, styles and connections; nothing inline. */
export const CSP_DIRECTIVES = {
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
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The policy for one page response. `styleNonce` allows the `<style>` elements the app's dialog
 * scroll lock injects, and only those carrying this response's nonce: no 'unsafe-inline'.
 */
export function contentSecurityPolicy(styleNonce: string): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => {
      const values = name === 'styleSrc' ? [...sources, `'nonce-${styleNonce}'`] : sources;
      return `${kebab(name)} ${values.join(' ')}`;
    })
    .join(';');
}

/**
 * Security headers on every response, and CORS closed unless CORS_ORIGINS lists origins.
 * The app is served from this same origin, so nothing of it needs inline code or another host.
 */
export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): Promise<void> {
  // Helmet's middleware is built once, here: @fastify/helmet built it again for every request (parsing the
  // policy's directives each time), a twentieth of the CPU of a small request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: CSP_DIRECTIVES,
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent only over HTTPS (below): on plain HTTP it is meaningless, and on localhost it would be harmful.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  // X-Forwarded-Proto counts only when TRUST_PROXY trusts the proxy that set it (see requestProtocol).
  app.addHook('onRequest', async (request, reply) => {
    if (requestProtocol(request) === 'https') reply.header('strict-transport-security', HSTS);
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
