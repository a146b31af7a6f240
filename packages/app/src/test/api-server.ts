import type { SignedIn } from '@signaldeck/server/api-types';
import { inject, vi } from 'vitest';

const nodeFetch = globalThis.fetch;

type Answer = (request: Request) => Response | Promise<Response>;

export interface ApiServer {
  /** The real server's origin. */
  origin: string;
  /** Every call the app made, in order (clones: their bodies can still be read). */
  calls: Request[];
  /** Answers the app's calls to `path` with `answer` instead of the server (a failure the server cannot be made to send). */
  answer(path: string, answer: Answer): void;
  /** Calls the server directly, as another client would (not recorded). */
  serverFetch(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Sends the app's API calls to the real server that `api-server.global.ts` started. The app calls
 * same-origin paths (`/api/login`); in the browser the page's origin completes them, here this
 * does. Everything else about each call (method, headers, body, credentials) is the app's own.
 * Call it in `beforeEach`; vitest restores the real fetch after each test.
 */
export function useApiServer(): ApiServer {
  const origin = inject('apiOrigin');
  const calls: Request[] = [];
  const answers = new Map<string, Answer>();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, origin);
    const request = new Request(url, init);
    calls.push(request.clone());
    const answer = answers.get(url.pathname);
    return answer ? answer(request) : nodeFetch(request);
  });
  return {
    origin,
    calls,
    answer: (path, answer) => answers.set(path, answer),
    serverFetch: (path, init) => nodeFetch(new URL(path, origin), init),
  };
}

let registered = 0;

/** A trader registered through the real API: the user the server returned, a token, and the password. */
export async function registerTrader(origin: string, name = 'Ada Lovelace') {
  registered += 1;
  const email = `trader-${Date.now()}-${registered}@example.com`;
  const password = 'correct horse battery';
  const response = await nodeFetch(new URL('/api/register', origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name, email, password, password_confirmation: password }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const { user, token } = (await response.json()) as SignedIn;
  return { user, token, email, password };
}

/**
 * A trader's webhook URL, as their alerts reach it: `post(alert)` sends one alert (JSON) to the real server and
 * resolves to its answer.
 */
export async function traderWebhook(api: ApiServer, token: string) {
  const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const { url } = (await (await api.serverFetch('/api/webhook', { headers: auth })).json()) as { url: string };
  const path = new URL(url).pathname;
  return (alert: Record<string, unknown>) =>
    api.serverFetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(alert),
    });
}
