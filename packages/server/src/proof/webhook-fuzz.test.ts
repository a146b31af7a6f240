import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../test/app';
import type { Dialect } from '../db/connection';
import {
  contentType,
  deeplyNested,
  hostileText,
  objectText,
  priceValueText,
  PROPERTY_TIMEOUT_MS,
  runs,
} from './support/hostile';
import { countRows, expectClientErrorShape, memoryDataDir } from './support/inject';
import { signUpTrader, type SignedInTrader } from '../test/traders';

/*
 * Property-based tests of the webhook receiver through app.inject(): whatever arrives, the answer is never a
 * 5xx, errors keep their documented shape, and a post to a valid URL is always answered 202 or 200 with an id
 * and stored exactly as received (a rejected alert is stored too, with its reason: that is the documented
 * record a trader reads). PROOF_RUNS scales the number of cases (1 = the suite's; larger for a long run).
 */
vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });
const MAX_ALERT_BYTES = 64 * 1024;
/** The webhook answers at most 120 posts a minute per URL: the clock moves a minute on every this many. */
const POSTS_PER_MINUTE = 100;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A Content-Type Fastify can read at all: `type/subtype`, parameters optional (RFC 9110 media type). */
const MEDIA_TYPE = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*(;.*)?$/;

/** The documented reading of a price (docs: positive decimal numbers only; no hex, NaN, Infinity or overflow). */
function documentedPrice(
  valueText: string,
): { kind: 'invalid-json' | 'absent' | 'refused' } | { kind: 'price'; value: number } {
  let value: unknown;
  try {
    value = JSON.parse(valueText);
  } catch {
    return { kind: 'invalid-json' };
  }
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { kind: 'absent' };
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && DECIMAL.test(value.trim())
        ? Number(value.trim())
        : NaN;
  return Number.isFinite(number) && number > 0 ? { kind: 'price', value: number } : { kind: 'refused' };
}

interface StoredSignal {
  id: string;
  status: string;
  reason: string | null;
  ticker: string | null;
  action: string | null;
  price: number | null;
  strategy: string | null;
  comment: string | null;
  raw: string;
}

describe.each([
  { dialect: 'sqlite' as Dialect, share: 1 },
  { dialect: 'postgres' as Dialect, share: 0.1 },
])('POST /api/webhooks/{token} given hostile input on $dialect', ({ dialect, share }) => {
  let testApp: TestApp;
  let dataDir: string;
  let trader: SignedInTrader;
  let posts = 0;
  let alerts = 0;
  /** A unique alert id, so that a case is never a repeat of an earlier one. */
  const nextAlertId = () => `fuzz-${(alerts += 1)}`;
  const clock = manualClock(Date.now());
  const scaled = (count: number) => runs(count * share);

  const post = async (url: string, payload: string | Buffer, type: string | undefined) => {
    posts += 1;
    if (posts % POSTS_PER_MINUTE === 0) clock.advance(61_000);
    return testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: type === undefined ? {} : { 'content-type': type },
    });
  };
  const signals = () => countRows(testApp.database.db, 'signals');
  const stored = async (id: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/signals/${id}`, headers: trader.headers });
    expect(response.statusCode).toBe(200);
    return response.json<StoredSignal>();
  };

  /**
   * Posts to the trader's URL. Above 64 KiB: 413 and nothing stored. A Content-Type that is no media type at all
   * ("garbage", a list of types): 415 from Fastify before the receiver reads anything, nothing stored. Otherwise
   * a 202 or 200 and one row, the body as received.
   */
  const postValid = async (payload: string | Buffer, type: string | undefined) => {
    const before = await signals();
    const response = await post(trader.webhookPath, payload, type);
    const bytes = Buffer.byteLength(payload);
    const refusals = [
      ...(bytes > MAX_ALERT_BYTES ? [413] : []),
      ...(type !== undefined && !MEDIA_TYPE.test(type) ? [415] : []),
    ];
    if (refusals.length > 0) {
      expect(response.statusCode).toBeOneOf(refusals);
      expectClientErrorShape(response);
      expect(await signals()).toBe(before);
      return undefined;
    }
    expect(response.statusCode, response.body).toBeOneOf([200, 202]);
    const answer = response.json<{ id: string; status?: string; duplicate?: boolean }>();
    expect(answer.id).toMatch(/^[1-9]\d*$/);
    expect(await signals()).toBe(before + 1);
    const signal = await stored(answer.id);
    if (response.statusCode === 200) {
      expect(answer.duplicate).toBe(true);
      expect(signal.status).not.toBe('duplicate');
      return undefined;
    }
    expect(answer.status).toBeOneOf(['accepted', 'rejected']);
    expect(signal.status).toBe(answer.status);
    // The bytes as the server received them (a string payload is sent as UTF-8), decoded as UTF-8: stored as
    // received, except NUL, which PostgreSQL text cannot hold (stored as U+FFFD on both databases).
    const received = (Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8')).toString('utf8');
    expect(signal.raw).toBe(received.replace(/\0/g, '\uFFFD'));
    if (signal.status === 'rejected') expect(signal.reason).toEqual(expect.any(String));
    return signal;
  };

  beforeAll(async () => {
    dataDir = memoryDataDir();
    testApp = await createTestApp(dialect, { DATA_DIR: dataDir }, { clock });
    trader = await signUpTrader(testApp.app);
  });

  afterAll(async () => {
    await testApp?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should answer an unknown or malformed token with a 4xx and store nothing', async () => {
    const before = await signals();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
        fc.oneof(hostileText, objectText()),
        contentType,
        async (token, body, type) => {
          const response = await post(`/api/webhooks/${encodeURIComponent(token)}`, body, type);
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expectClientErrorShape(response);
        },
      ),
      scaled(1_000),
    );
    expect(await signals()).toBe(before);
  });

  it('should store any body up to 64 KiB as received and answer 202 or 200 with its id', async () => {
    const bodies = fc.oneof(
      { weight: 3, arbitrary: hostileText },
      { weight: 3, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
      { weight: 3, arbitrary: objectText() },
      { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: deeplyNested },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: MAX_ALERT_BYTES - 64, max: MAX_ALERT_BYTES + 64 })
          .map((size) => `{"comment":"${'x'.repeat(size - 14)}"}`),
      },
    );
    await fc.assert(
      fc.asyncProperty(bodies, contentType, async (body, type) => {
        await postValid(body, type);
      }),
      scaled(3_500),
    );
  });

  it('should accept a well-formed alert and store its fields, whatever text the free fields hold', async () => {
    const tickers: [string, string][] = [
      ['BINANCE:BTCUSDT', 'BTC'],
      ['ETHUSD', 'ETH'],
      ['SOL/USDT', 'SOL'],
      ['btc', 'BTC'],
      ['COINBASE:ETH-USD', 'ETH'],
      ['BTCUSDT.P', 'BTC'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tickers),
        fc.constantFrom(['buy', 'buy'], ['SELL', 'sell'], ['Long', 'long'], ['close short', 'exit_short']),
        fc.double({ min: 1e-8, max: 1e9, noNaN: true }),
        fc.boolean(),
        // Well-formed text (a lone surrogate is no character: it reads back as U+FFFD, once or three times).
        hostileText.filter(
          (text) =>
            text.trim().length > 0 &&
            text.trim().length <= 200 &&
            !/\{\{[^{}]*\}\}/.test(text) &&
            !LONE_SURROGATE.test(text),
        ),
        async ([ticker, symbol], [action, normalisedAction], price, priceAsText, strategy) => {
          const body = JSON.stringify({
            ticker,
            action,
            price: priceAsText ? String(price) : price,
            strategy,
            id: nextAlertId(),
          });
          const signal = await postValid(body, 'text/plain; charset=utf-8');
          expect(signal).toMatchObject({ status: 'accepted', ticker: symbol, action: normalisedAction, price });
          // Free text comes back as the same string (NUL aside): JSON, never markup.
          expect(signal!.strategy).toBe(strategy.trim().replace(/\0/g, '\uFFFD'));
        },
      ),
      scaled(1_200),
    );
  });

  it('should read a price only when it is a positive decimal number, and store the reason otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(priceValueText, async (priceText) => {
        const body = `{"ticker":"BINANCE:BTCUSDT","action":"buy","price":${priceText},"id":"${nextAlertId()}"}`;
        const signal = (await postValid(body, 'application/json'))!;
        const expected = documentedPrice(priceText);
        if (expected.kind === 'price') expect(signal).toMatchObject({ status: 'accepted', price: expected.value });
        else if (expected.kind === 'absent') expect(signal).toMatchObject({ status: 'accepted', price: null });
        else if (expected.kind === 'invalid-json') expect(signal.reason).toMatch(/^The message is not valid JSON: /);
        else
          expect(signal).toMatchObject({ status: 'rejected', price: null, reason: expect.stringContaining('Price') });
      }),
      scaled(1_200),
    );
  });
});
