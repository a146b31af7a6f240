import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, registerUser, startServer, type RunningServer } from '../scripts/lib/product.mjs';

export {
  CHROMIUM_FLAGS,
  chromiumPath,
  freePort,
  launchBrowser,
  registerUser,
  seedSignals,
  startServer,
  type RunningServer,
} from '../scripts/lib/product.mjs';

export type User = Awaited<ReturnType<typeof registerUser>>;
type Viewport = { width: number; height: number };

/** The product one test file drives; its fields are set once the file's `beforeAll` has run. */
export interface Product {
  server: RunningServer;
  browser: Browser;
  /** The trader registered for the file (with `useProduct({ user })`). */
  user: User;
  /** A fresh page signed in as `as` (the file's trader by default), opened at `path` when one is given. */
  signedIn(
    path?: string | null,
    options?: { viewport?: Viewport; as?: User },
  ): Promise<{ context: BrowserContext; page: Page; errors: PageErrors }>;
  /** A fresh page of a guest, opened at `path` when one is given. */
  guest(path?: string | null, options?: { viewport?: Viewport }): ReturnType<typeof openPage>;
}

/**
 * Starts the built server (fresh data directory, `env` added) and Chromium before the file's tests, and stops
 * both after them; with `user`, registers a trader through the API. Call it at the top of a test file.
 */
export function useProduct(options: { env?: Record<string, string>; user?: { name?: string } } = {}): Product {
  const product = {
    async signedIn(path = null, { viewport, as } = {}) {
      const opened = await signedInPage(product.browser, product.server.url, as ?? product.user, { viewport });
      if (path !== null) await opened.page.goto(path);
      return opened;
    },
    async guest(path = null, { viewport } = {}) {
      const opened = await openPage(product.browser, product.server.url, { viewport });
      if (path !== null) await opened.page.goto(path);
      return opened;
    },
  } as Product;
  beforeAll(async () => {
    product.server = await startServer(options.env);
    product.browser = await launchBrowser();
    if (options.user) product.user = await registerUser(product.server.url, options.user);
  });
  afterAll(async () => {
    await product.browser?.close();
    await product.server?.stop();
  });
  return product;
}

export interface PageErrors {
  console: string[];
  /** Console warnings, each as `type: text`. */
  warnings: string[];
  page: string[];
}

/** A fresh context and page that records console errors and warnings, and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: Viewport } = {},
): Promise<{ context: BrowserContext; page: Page; errors: PageErrors }> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: PageErrors = { console: [], warnings: [], page: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.console.push(msg.text());
    if (msg.type() === 'warning') errors.warnings.push(msg.text());
  });
  page.on('pageerror', (err) => errors.page.push(err.message));
  return { context, page, errors };
}

/** A browser context whose pages start signed in as `user` (auth restored from storage, as after a reload). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  user: { name: string; email: string; token: string },
  options: { viewport?: Viewport } = {},
) {
  const opened = await openPage(browser, baseURL, options);
  await opened.context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('signaldeck.seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('signaldeck.seeded', '1');
      }
    },
    [
      'signaldeck.auth',
      JSON.stringify({ user: { id: 0, name: user.name, email: user.email }, token: user.token }),
    ] as const,
  );
  return opened;
}

/**
 * A request sent on a kept-alive socket that the server had already closed. seedSignals writes synchronously and holds
 * this process's event loop (100,000 signals: seconds, more on a busy machine), so a socket idle past the server's
 * keep-alive timeout meanwhile is only found closed when the next request goes out on it.
 */
const staleSocket = (error: unknown) =>
  error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';

/** Calls the API as `token` and returns the parsed JSON answer. A read that met a stale socket is sent again. */
export async function api<T>(baseURL: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const send = () =>
    fetch(`${baseURL}${path}`, {
      ...init,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        ...init.headers,
      },
    });
  const res = await send().catch((error: unknown) => {
    if ((init.method ?? 'GET') !== 'GET' || !staleSocket(error)) throw error;
    return send();
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Run in the page (`locator.evaluate(startShown)`): whether a name that may be cut keeps its start on screen. Its
 * first letter is within its own box, and that box within its cell (or whatever holds it), so the cell's own
 * ellipsis does not swallow it whole.
 */
export function startShown(element: HTMLElement): boolean {
  const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  if (!text) return false;
  const range = document.createRange();
  const at = text.textContent!.search(/\S/);
  range.setStart(text, at);
  range.setEnd(text, at + 1);
  const letter = range.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const holder = (element.closest('td, th') ?? element.parentElement!).getBoundingClientRect();
  const within = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
  return within(letter, box) && within(box, holder);
}
