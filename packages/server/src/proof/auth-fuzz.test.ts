import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import {
  contentType,
  deeplyNested,
  hostileKey,
  hostileText,
  objectText,
  PROPERTY_TIMEOUT_MS,
  runs,
} from './support/hostile';
import { countRows, expectClientErrorShape, memoryDataDir } from './support/inject';
import { signUpTrader, type SignedInTrader } from '../test/traders';

/*
 * Property-based tests of the auth endpoints through app.inject(): no input makes them answer 5xx, every error
 * has the documented shape, and nothing is stored unless the input was a valid registration or login.
 * PROOF_RUNS scales the number of cases.
 */
vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });
const AUTH_BODY_LIMIT = 16 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A body for a JSON endpoint: JSON of any shape, objects with hostile keys, or not JSON at all. */
const jsonEndpointBody = fc.oneof(
  { weight: 3, arbitrary: objectText() },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: deeplyNested },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: AUTH_BODY_LIMIT - 32, max: AUTH_BODY_LIMIT + 32 })
      .map((size) => `{"name":"${'n'.repeat(size - 11)}"}`),
  },
);

/** Registration-shaped objects whose fields are hostile values: all but a few are invalid. */
const registrationLike = fc
  .record(
    {
      name: fc.oneof(hostileText, fc.jsonValue()),
      email: fc.oneof(hostileText, fc.emailAddress(), fc.jsonValue()),
      password: fc.oneof(hostileText, fc.jsonValue()),
      password_confirmation: fc.oneof(hostileText, fc.jsonValue()),
      extra: fc.tuple(hostileKey, fc.jsonValue()),
    },
    { requiredKeys: [] },
  )
  .map(({ extra, ...fields }) => {
    const pairs = Object.entries(fields).map(
      ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`,
    );
    if (extra) pairs.push(`${JSON.stringify(extra[0])}:${JSON.stringify(extra[1]) ?? 'null'}`);
    return { text: `{${pairs.join(',')}}`, fields };
  });

/**
 * Whether JSON text holds a prototype-poisoning key, which the server refuses with 400 (saying so): a
 * `__proto__` key, or a `constructor` object with a `prototype` key.
 */
function isPoisoned(text: string): boolean {
  let poisoned = false;
  JSON.parse(text, (key, value: unknown) => {
    if (key === '__proto__') poisoned = true;
    if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))
      poisoned = true;
    return value;
  });
  return poisoned;
}

/** Whether the documented rules (docs/api.md) admit this registration. */
function isValidRegistration(fields: Record<string, unknown>): boolean {
  const { name, email, password, password_confirmation: confirmation } = fields;
  return (
    typeof name === 'string' &&
    name.trim().length >= 1 &&
    name.trim().length <= 100 &&
    typeof email === 'string' &&
    EMAIL.test(email.trim()) &&
    typeof password === 'string' &&
    password.length >= 8 &&
    password.length <= 128 &&
    confirmation === password
  );
}

describe('the auth endpoints given hostile input', () => {
  let testApp: TestApp;
  let dataDir: string;
  let trader: SignedInTrader;

  const rows = async () => ({
    users: await countRows(testApp.database.db, 'users'),
    tokens: await countRows(testApp.database.db, 'personal_access_tokens'),
  });
  const send = (url: string, payload: string | Buffer, type: string | undefined) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: type === undefined ? {} : { 'content-type': type } });

  beforeAll(async () => {
    dataDir = memoryDataDir();
    // Generous limits: these tests are about what each request does, not how many are allowed.
    testApp = await createTestApp('sqlite', {
      DATA_DIR: dataDir,
      RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '100000',
    });
    trader = await signUpTrader(testApp.app);
  });

  afterAll(async () => {
    await testApp?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['/api/register', '/api/login'])(
    'should answer any body to %s with a 4xx in the error shape, storing nothing',
    async (url) => {
      await fc.assert(
        fc.asyncProperty(jsonEndpointBody, contentType, async (body, type) => {
          const before = await rows();
          const response = await send(url, body, type);
          if (response.statusCode === 201) {
            expect(url).toBe('/api/register');
            expect(await rows()).toEqual({ users: before.users + 1, tokens: before.tokens + 1 });
            return;
          }
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          if (Buffer.byteLength(body) > AUTH_BODY_LIMIT) expect(response.statusCode).toBeOneOf([413, 415]);
          let objectBody = false;
          try {
            const parsed: unknown = JSON.parse(body.toString());
            objectBody = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
          } catch {
            // Not JSON: a 400, 413 or 415.
          }
          expectClientErrorShape(response, { objectBody: objectBody && type?.startsWith('application/json') });
          expect(await rows()).toEqual(before);
        }),
        runs(url === '/api/register' ? 1_200 : 800),
      );
    },
  );

  it('should register only registrations the documented rules admit, and answer the rest 422 with field errors', async () => {
    await fc.assert(
      fc.asyncProperty(registrationLike, async ({ text, fields }) => {
        const before = await rows();
        const response = await send('/api/register', text, 'application/json');
        if (Buffer.byteLength(text) > AUTH_BODY_LIMIT) {
          // Long field values can take the body past the documented 16 KiB: refused whole, before any rule.
          expect(response.statusCode, response.body).toBe(413);
        } else if (isPoisoned(text)) {
          expect(response.statusCode, response.body).toBe(400);
        } else if (isValidRegistration(fields)) {
          // A valid registration may still find its email taken.
          expect(response.statusCode, response.body).toBeOneOf([201, 422]);
        } else {
          expect(response.statusCode, response.body).toBe(422);
        }
        expectClientErrorShape(response, { objectBody: response.statusCode === 422 });
        const created = response.statusCode === 201 ? 1 : 0;
        expect(await rows()).toEqual({ users: before.users + created, tokens: before.tokens + created });
      }),
      runs(800),
    );
  });

  it('should refuse a login with wrong credentials with the same 422, known email or not, and issue no token', async () => {
    const email = fc.oneof(fc.constant(trader.email), fc.stringMatching(/^[a-z0-9]{1,20}@[a-z]{1,10}\.(com|org|io)$/));
    await fc.assert(
      fc.asyncProperty(email, fc.string({ minLength: 1, maxLength: 128 }), async (email, password) => {
        fc.pre(password !== trader.password);
        const before = await rows();
        const response = await send('/api/login', JSON.stringify({ email, password }), 'application/json');
        expect(response.statusCode).toBe(422);
        expectClientErrorShape(response, { objectBody: true });
        expect(response.json()).toEqual({
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        });
        expect(await rows()).toEqual(before);
      }),
      // Each attempt costs an Argon2 verification (~20-50 ms): few cases, but each is a real one.
      runs(60),
    );
  });

  it('should answer any Authorization header that is not a live token with 401', async () => {
    const header = fc.oneof(
      hostileText.map((text) => text.replace(/[^\x20-\x7e]/g, '')),
      fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 16n }), fc.stringMatching(/^[A-Za-z0-9_-]{0,140}$/))
        .map(([id, secret]) => `Bearer ${id}|${secret}`),
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        `Bearer ${'9'.repeat(15)}|${'a'.repeat(43)}`,
        'Bearer 1|',
        'Bearer |abc',
      ),
      fc.constant(trader.headers.authorization.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))),
    );
    await fc.assert(
      fc.asyncProperty(
        header,
        fc.constantFrom('GET /api/user', 'POST /api/logout', 'GET /api/signals', 'GET /api/webhook', 'GET /api/stream'),
        async (authorization, route) => {
          const [method, url] = route.split(' ') as ['GET' | 'POST', string];
          const before = await rows();
          const response = await testApp.app.inject({ method, url, headers: { authorization } });
          expect(response.statusCode).toBe(401);
          expectClientErrorShape(response);
          expect(await rows()).toEqual(before);
        },
      ),
      runs(1_000),
    );
    // The real token still works: nothing above revoked or damaged it.
    const user = await testApp.app.inject({ method: 'GET', url: '/api/user', headers: trader.headers });
    expect(user.statusCode).toBe(200);
  });
});
