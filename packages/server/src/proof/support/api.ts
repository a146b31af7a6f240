/*
 * A small client of SignalDeck's HTTP API over real sockets, for the proofs that drive a server process the way
 * a trader's browser and TradingView do.
 */

export interface Trader {
  userId: number;
  email: string;
  password: string;
  /** `Bearer <token>`. */
  authorization: string;
  /** The trader's full webhook URL as `GET /api/webhook` shows it. */
  webhookUrl: string;
}

/** The fields of a signal these proofs look at, as `GET /api/signals` returns them. */
export interface ListedSignal {
  id: string;
  ticker: string | null;
  action: string | null;
  price: number | null;
  strategy: string | null;
  comment: string | null;
  status: 'accepted' | 'rejected' | 'duplicate';
  reason: string | null;
  duplicateOf: string | null;
}

export const TRADER_PASSWORD = 'proof of durability';

let registrations = 0;

async function expectJson<T>(response: Response, status: number, what: string): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Registers a new trader (a unique email each time) and reads their webhook URL. */
export async function signUp(baseUrl: string, name = 'Proof trader'): Promise<Trader> {
  registrations += 1;
  const email = `proof-${process.pid}-${Date.now()}-${registrations}@example.com`;
  const registered = await expectJson<{ user: { id: number }; token: string }>(
    await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password: TRADER_PASSWORD, password_confirmation: TRADER_PASSWORD }),
    }),
    201,
    'registration',
  );
  const authorization = `Bearer ${registered.token}`;
  const webhook = await expectJson<{ url: string }>(
    await fetch(`${baseUrl}/api/webhook`, { headers: { authorization } }),
    200,
    'webhook URL',
  );
  return { userId: registered.user.id, email, password: TRADER_PASSWORD, authorization, webhookUrl: webhook.url };
}

/** The same webhook path on another server (another instance, or the same data after a restart). */
export function webhookUrlOn(baseUrl: string, webhookUrl: string): string {
  return `${baseUrl}${new URL(webhookUrl).pathname}`;
}

/** Every signal of the trader, newest first, read page by page through `nextCursor`. */
export async function listAllSignals(baseUrl: string, authorization: string): Promise<ListedSignal[]> {
  const signals: ListedSignal[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: { data: ListedSignal[]; nextCursor: string | null } = await expectJson(
      await fetch(`${baseUrl}/api/signals?limit=200${query}`, { headers: { authorization } }),
      200,
      'signals page',
    );
    signals.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return signals;
}

/** Resolves once `GET /api/health` answers 200, or rejects after `timeoutMs`. */
export async function waitUntilHealthy(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms (last answer: ${last})`);
}
