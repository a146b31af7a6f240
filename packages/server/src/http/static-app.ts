import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const isUnder = (prefix: string) => (url: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
const isApiPath = isUnder('/api');
const isAssetPath = isUnder('/assets');
const isPageRequest = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built web app from `staticDir`, so one process on one port is the whole product:
 * - `/assets/*` (Vite's content-hashed files) cached for a year as immutable;
 * - every other file, index.html included, revalidated on each use (`no-cache`);
 * - SPA fallback: a GET outside /api/ and /assets/ that accepts HTML gets index.html, and the app routes it.
 * Unknown /api/ routes and anything else get a JSON 404. When the app is not built, the API still works and
 * every other GET gets a 503 that says so.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(path.join(staticDir, 'index.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: 'index.html',
      redirect: false,
      cacheControl: false,
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
      if (!isAssetPath(url) && acceptsHtml(request)) return reply.sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
}
