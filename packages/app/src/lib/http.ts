import { env } from '../config/env';

/** The `errors` field of an error answer: field name to messages. */
export type FieldErrors = Record<string, string[]>;

/** A failed HTTP call: the answer's message (spec section 8), its `errors` and its status. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;

  constructor(message: string, status: number, errors?: FieldErrors) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
  }
}

interface HttpHooks {
  getToken: () => string | null;
  /** A 401, with the token the request carried (null: none), so a late answer for an older session can be told. */
  onUnauthorized: (sentToken: string | null) => void;
}

let hooks: HttpHooks = { getToken: () => null, onUnauthorized: () => {} };

/** Wires the client to the auth store once, at start-up (keeps lib/ free of feature imports). */
export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

export function authHeaders(token = hooks.getToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

/**
 * The message rules of spec section 8. HTTP failures: the answer's `message`, else the generic
 * error message, else "An error occurred". Anything else: its own message, else
 * "An unknown error occurred".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message || 'An error occurred';
  if (error instanceof Error && error.message) return error.message;
  return 'An unknown error occurred';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one HTTP client (spec section 7): JSON in and out, the bearer token whenever one is held,
 * never cookies, no time-out. Any 401 clears the stored auth.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = hooks.getToken();
  const response = await fetch(`${env.apiUrl}${path}`, {
    method,
    credentials: 'omit',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...authHeaders(token),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) hooks.onUnauthorized(token);
    const message =
      isRecord(body) && typeof body.message === 'string' && body.message
        ? body.message
        : `Request failed with status code ${response.status}`;
    throw new HttpError(message, response.status, isRecord(body) ? readFieldErrors(body.errors) : undefined);
  }
  return body as T;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
