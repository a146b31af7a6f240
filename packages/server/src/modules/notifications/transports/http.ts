import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

import type { DeliveryResult } from '../contract';
import { resolveDestination, type ResolvedAddress, type Resolver } from './destination';

/** At most this much of an answer is read (enough for Discord's or Telegram's JSON error); the rest is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

export const USER_AGENT = 'SignalDeck-Notifications/1.0';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first MAX_ANSWER_BYTES of the body, as text. Never put into an error or a log. */
  body: string;
}

export interface PostOptions {
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Checks and pins the destination (generic webhook, Discord, Slack); off for operator-set URLs (Telegram API). */
  guard: { allowedHosts: readonly string[]; resolver: Resolver } | null;
}

export type PostOutcome =
  { kind: 'answer'; answer: HttpAnswer } | { kind: 'refused'; reason: string } | { kind: 'failed'; reason: string };

/** A lookup that answers the already-checked address, whatever is asked: the connection goes where the check said. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

/** Words for a socket or DNS error code, fit for the delivery log (no address details beyond the host). */
function describeNetworkError(error: unknown, host: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    // One wording for every way a connection fails: a trader's "Send test" must not become a port scanner that
    // tells a closed port from a filtered one or an unreachable host.
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EPIPE':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Could not connect to ${host}, or it ended the connection before answering`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} could not be resolved (DNS)`;
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `${host} presented an invalid TLS certificate`;
    default:
      return `Could not reach ${host}${code ? ` (${code})` : ''}`;
  }
}

/**
 * POSTs once: no redirects followed, no connection reuse, the whole exchange (connect to last byte) within
 * `timeoutMs`. Never throws.
 */
export async function post(options: PostOptions): Promise<PostOutcome> {
  const { url, timeoutMs } = options;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const signal = AbortSignal.timeout(timeoutMs);
  let lookup: LookupFunction | undefined;
  if (options.guard) {
    const resolution = await Promise.race([
      resolveDestination(host, options.guard.allowedHosts, options.guard.resolver),
      new Promise<null>((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true })),
    ]);
    if (resolution === null) return { kind: 'failed', reason: `${host} did not answer within ${timeoutMs / 1000} s` };
    if (!resolution.ok)
      return resolution.retryable
        ? { kind: 'failed', reason: resolution.reason }
        : { kind: 'refused', reason: resolution.reason };
    lookup = pinnedLookup(resolution.address);
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'user-agent': USER_AGENT,
          'content-length': String(Buffer.byteLength(options.body)),
          ...options.headers,
        },
        agent: false,
        signal,
        ...(lookup ? { lookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          finish({
            kind: 'answer',
            answer: {
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'),
            },
          }),
        );
        response.on('error', (error) => finish(failure(error)));
        // Aborted mid-body (the timeout) or cut by the server: 'close' without 'end'.
        response.on('close', () => finish(failure(Object.assign(new Error('closed'), { code: 'ECONNRESET' }))));
      },
    );
    const failure = (error: unknown): PostOutcome =>
      signal.aborted
        ? { kind: 'failed', reason: `${host} did not answer within ${timeoutMs / 1000} s` }
        : { kind: 'failed', reason: describeNetworkError(error, host) };
    request.on('error', (error) => finish(failure(error)));
    request.on('close', () => finish(failure(Object.assign(new Error('closed'), { code: 'ECONNRESET' }))));
    request.end(options.body);
  });
}

/** Milliseconds from a Retry-After header (seconds or an HTTP date), or null. */
export function retryAfterHeader(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.ceil(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The usual classification of an HTTP answer: 2xx ok, 3xx refused redirect, 408/429/5xx retryable, other 4xx permanent. */
export function classifyAnswer(
  answer: HttpAnswer,
  service: string,
  durationMs: number,
  retryAfterMs: number | null = retryAfterHeader(answer.headers['retry-after']),
): DeliveryResult {
  const { status } = answer;
  if (status >= 200 && status < 300)
    return { ok: true, status, permanent: false, retryAfterMs: null, error: null, durationMs };
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      status,
      permanent: true,
      retryAfterMs: null,
      error: `${service} answered with a redirect (HTTP ${status}); redirects are not followed`,
      durationMs,
    };
  }
  const retryable = status === 408 || status === 429 || status >= 500 || status < 200;
  return {
    ok: false,
    status,
    permanent: !retryable,
    retryAfterMs: retryable ? retryAfterMs : null,
    error: `${service} answered HTTP ${status}${status === 429 ? ' (rate limited)' : ''}`,
    durationMs,
  };
}

/** A DeliveryResult for a post that got no answer. */
export function outcomeFailure(outcome: Exclude<PostOutcome, { kind: 'answer' }>, durationMs: number): DeliveryResult {
  return {
    ok: false,
    status: null,
    permanent: outcome.kind === 'refused',
    retryAfterMs: null,
    error: outcome.reason,
    durationMs,
  };
}

export function invalid(error: string): DeliveryResult {
  return { ok: false, status: null, permanent: true, retryAfterMs: null, error, durationMs: 0 };
}
