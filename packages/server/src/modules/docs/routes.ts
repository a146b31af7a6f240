import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppModule } from '../../context';
import { renderDocsPage } from './render';

/** The repository's docs/ folder, found upwards from this file (src/ when run from source, dist/ when built). */
function findDocsDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'docs');
    if (existsSync(path.join(candidate, 'webhooks.md'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

const PAGE = /^[a-z][a-z0-9-]{0,40}$/;

const STYLESHEET = `:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.55}
body{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1,h2,h3{line-height:1.25}h2,h3{scroll-margin-top:1rem}
h1 a,h2 a,h3 a,h4 a{color:inherit;text-decoration:none}
:target{outline:2px solid #d97706;outline-offset:4px}
code{font-family:ui-monospace,monospace;font-size:.92em;overflow-wrap:anywhere}
pre{overflow-x:auto;padding:.75rem;border:1px solid #8884;border-radius:6px}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #8884;padding:.35rem .5rem;text-align:left;vertical-align:top}
a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
`;

/**
 * The docs, served by the product itself at `/docs/{page}` (docs/{page}.md rendered), so the app's "How to fix"
 * links (`/docs/webhooks#unknown-action`) open the section that explains a rejection or a setup problem, on any
 * install. Pages are read from the repository's docs/ folder; without it (an image built without docs), 404.
 */
export const docsRoutes: AppModule = async (app) => {
  const docsDir = findDocsDir();

  app.get('/docs/docs.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLESHEET),
  );

  app.get<{ Params: { page: string } }>('/docs/:page', async (request, reply) => {
    const { page } = request.params;
    const file = docsDir && PAGE.test(page) ? path.join(docsDir, `${page}.md`) : undefined;
    if (!file || !existsSync(file)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such page in the docs.');
    }
    const { title, html } = renderDocsPage(await readFile(file, 'utf8'));
    const safeTitle = title.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${safeTitle} · SignalDeck docs</title><link rel="stylesheet" href="/docs/docs.css"></head><body><main>${html}</main></body></html>`,
      );
  });
};
