import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isApiPath, isUnder, routedPath } from './paths';
import { contentSecurityPolicy } from './security';

/** The app's build marks where each page response's nonce goes (Vite's `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = 'SIGNALDECK_CSP_NONCE';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const isAssetPath = isUnder('/assets');
const isPageRequest = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built web app from `staticDir`, so one process on one port is the whole product:
 * - `/assets/*` (Vite's content-hashed files) cached for a year as immutable, their Brotli or gzip copy sent
 *   when the build wrote one and the browser accepts it;
 * - every other file, index.html included, revalidated on each use (`no-cache`);
 * - SPA fallback: a GET outside /api/ and /assets/ that accepts HTML gets index.html, and the app routes it.
 * Unknown /api/ routes and anything else get a JSON 404. When the app is not built, the API still works and
 * every other GET gets a 503 that says so.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexPath = path.join(staticDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : '';

  /** index.html with a fresh nonce, and the policy that allows exactly that nonce. */
  const sendIndex = (reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  };

  if (built) {
    // The files' catch-all route never looks for an API path on disk, nor for a segment longer than a file name can
    // be (255): the plugin answers 403 to a path it cannot check (ENAMETOOLONG), where not found is the truth. The
    // guard is that route's own, so no other request pays for it.
    const notAFile: onRequestHookHandler = (request, reply, done) => {
      if (
        isApiPath(request.url) ||
        routedPath(request.url)
          .split('/')
          .some((segment) => segment.length > 255)
      ) {
        reply.callNotFound();
        return;
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*') return;
      route.onRequest = [...(route.onRequest === undefined ? [] : [route.onRequest].flat()), notAFile];
    });
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      // Directories are never listed, and index.html is only ever sent through sendIndex (its nonce).
      allowedPath: (pathName) => !pathName.endsWith('/') && pathName !== '/index.html',
      redirect: false,
      cacheControl: false,
      // The app's build writes a Brotli and a gzip copy of each text asset (app/scripts/precompress.mjs): a
      // browser that accepts one gets it (317 KB of JavaScript is about 95 KB in Brotli on the wire).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(staticDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (!isApiPath(url) && isPageRequest(request)) {
      if (!built) {
        return reply
          .code(503)
          .send({ message: 'The web app is not built yet. Run pnpm build, then restart the server.' });
      }
      if (!isAssetPath(url) && (acceptsHtml(request) || url === '/' || url.startsWith('/index.html'))) {
        return sendIndex(reply);
      }
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
}
