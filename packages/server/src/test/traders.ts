import type { FastifyInstance } from 'fastify';

/** A trader registered through the API, signed in, with the webhook URL the API gave them. */
export interface SignedInTrader {
  id: number;
  name: string;
  email: string;
  password: string;
  /** `Bearer <token>`. */
  authorization: string;
  /** The Authorization header, ready for `inject` or `fetch`. */
  headers: { authorization: string };
  /** The full webhook URL, as `GET /api/webhook` shows it. */
  webhookUrl: string;
  /** `/api/webhooks/<token>`. */
  webhookPath: string;
  webhookToken: string;
}

export const TRADER_PASSWORD = 'correct horse battery';

let registrations = 0;

/**
 * Registers a trader as the app does and reads their webhook URL: in-process through `inject` when given the app,
 * over a real socket when given a server's base URL (another process, or a listening app). Registration is rate
 * limited per address (RATE_LIMIT_REGISTER_PER_MINUTE, 10 by default): a test that signs up more raises it.
 */
export async function signUpTrader(server: FastifyInstance | string, name = 'Trader'): Promise<SignedInTrader> {
  registrations += 1;
  const email = `trader-${process.pid}-${Date.now()}-${registrations}@example.com`;
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: object) => {
    if (typeof server !== 'string') {
      const response = await server.inject({ method, url, headers, ...(body && { payload: body }) });
      return { status: response.statusCode, text: response.body };
    }
    const response = await fetch(`${server}${url}`, {
      method,
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };
  const expectJson = async <T>(answer: Promise<{ status: number; text: string }>, status: number, what: string) => {
    const { status: actual, text } = await answer;
    if (actual !== status) throw new Error(`${what}: expected ${status}, got ${actual} ${text}`);
    return JSON.parse(text) as T;
  };

  const registered = await expectJson<{ user: { id: number }; token: string }>(
    call(
      'POST',
      '/api/register',
      {},
      {
        name,
        email,
        password: TRADER_PASSWORD,
        password_confirmation: TRADER_PASSWORD,
      },
    ),
    201,
    'registration',
  );
  const authorization = `Bearer ${registered.token}`;
  const { url: webhookUrl } = await expectJson<{ url: string }>(
    call('GET', '/api/webhook', { authorization }),
    200,
    'webhook URL',
  );
  const webhookPath = new URL(webhookUrl).pathname;
  return {
    id: registered.user.id,
    name,
    email,
    password: TRADER_PASSWORD,
    authorization,
    headers: { authorization },
    webhookUrl,
    webhookPath,
    webhookToken: webhookPath.split('/').pop()!,
  };
}
