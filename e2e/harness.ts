import type { Browser, BrowserContext, Page } from 'playwright-core';

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

export interface PageErrors {
  console: string[];
  page: string[];
}

/** A fresh context and page that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: PageErrors }> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: PageErrors = { console: [], page: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.console.push(msg.text());
  });
  page.on('pageerror', (err) => errors.page.push(err.message));
  return { context, page, errors };
}

/** A browser context whose pages start signed in as `user` (auth restored from storage, as after a reload). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  user: { name: string; email: string; token: string },
  options: { viewport?: { width: number; height: number } } = {},
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

/** Calls the API as `token` and returns the parsed JSON answer. */
export async function api<T>(baseURL: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    ...init,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
