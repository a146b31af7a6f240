import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../clock';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';

const MINUTE_MS = 60_000;
const TOKEN_FORMAT = /^\d+\|[A-Za-z0-9_-]{43}$/;

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  password_confirmation: 'correct horse',
};
const grace = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  password: 'battery staple',
  password_confirmation: 'battery staple',
};

describe.each(TEST_DIALECTS)('auth on %s', (dialect) => {
  let testApp: TestApp;
  let app: FastifyInstance;

  const start = async (env: Record<string, string> = {}, clock?: Clock) => {
    testApp = await createTestApp(dialect, env, { clock });
    app = testApp.app;
  };

  afterEach(async () => {
    await testApp.cleanup();
  });

  const request = (options: InjectOptions) => app.inject(options);
  const register = (body: object, options: Partial<InjectOptions> = {}) =>
    request({ method: 'POST', url: '/api/register', payload: body, ...options });
  const login = (body: object, options: Partial<InjectOptions> = {}) =>
    request({ method: 'POST', url: '/api/login', payload: body, ...options });
  const getUser = (token?: string) =>
    request({ method: 'GET', url: '/api/user', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const logout = (token: string) =>
    request({
      method: 'POST',
      url: '/api/logout',
      // The app sends a JSON content type on every call, bodiless ones included.
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    });
  const registered = async (body: typeof ada = ada) => {
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    return response.json() as { user: { id: number; name: string; email: string }; token: string };
  };

  describe('POST /api/register', () => {
    it('should create the account and answer 201 with the user and a token', async () => {
      await start();
      const response = await register({ ...ada, name: '  Ada Lovelace ', email: ' Ada@Example.COM ' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        user: { id: expect.any(Number), name: 'Ada Lovelace', email: 'ada@example.com' },
        token: expect.stringMatching(TOKEN_FORMAT),
      });
    });

    it('should ignore unknown fields', async () => {
      await start();
      const response = await register({ ...ada, is_admin: true, id: 999 });
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json().user)).toEqual(['id', 'name', 'email']);
      expect(response.json().user.id).not.toBe(999);
    });

    it('should report every missing field', async () => {
      await start();
      const response = await register({});
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The name field is required. (and 2 more errors)',
        errors: {
          name: ['The name field is required.'],
          email: ['The email field is required.'],
          password: ['The password field is required.'],
        },
      });
    });

    it('should treat a bodiless request like an empty one', async () => {
      await start();
      const response = await register(undefined as unknown as object, {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['name', 'email', 'password']);
    });

    it.each([
      ['a blank name', { name: '   ' }, 'name', 'The name field is required.'],
      ['a name too long', { name: 'x'.repeat(101) }, 'name', 'The name field must not be greater than 100 characters.'],
      ['a name that is not text', { name: 42 }, 'name', 'The name field must be a string.'],
      // Told it is not text, and that alone (not also "must list at least 8 items").
      [
        'a password that is a list',
        { password: ['a'], password_confirmation: ['a'] },
        'password',
        'The password field must be a string.',
      ],
      ['an invalid email', { email: 'ada-at-example' }, 'email', 'The email field must be a valid email address.'],
      [
        'an email too long',
        { email: `${'a'.repeat(250)}@example.com` },
        'email',
        'The email field must not be greater than 255 characters.',
      ],
      [
        'a short password',
        { password: 'short', password_confirmation: 'short' },
        'password',
        'The password field must be at least 8 characters.',
      ],
      [
        'a password too long',
        { password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) },
        'password',
        'The password field must not be greater than 128 characters.',
      ],
      [
        'a password of spaces only',
        { password: ' '.repeat(12), password_confirmation: ' '.repeat(12) },
        'password',
        'The password field must not be only spaces.',
      ],
      [
        'a password of one character repeated',
        { password: 'zzzzzzzzzz', password_confirmation: 'zzzzzzzzzz' },
        'password',
        'The password field must not repeat one character.',
      ],
      [
        'one of the most common passwords, in any case',
        { password: 'Password123', password_confirmation: 'Password123' },
        'password',
        'The password field is one of the most common passwords: choose another.',
      ],
      [
        'a common password in full-width letters',
        { password: 'ｐａｓｓｗｏｒｄ１２３', password_confirmation: 'ｐａｓｓｗｏｒｄ１２３' },
        'password',
        'The password field is one of the most common passwords: choose another.',
      ],
      [
        'a common password with an invisible space in it',
        { password: 'pass\u200bword123', password_confirmation: 'pass\u200bword123' },
        'password',
        'The password field is one of the most common passwords: choose another.',
      ],
      [
        'a password with a lone surrogate',
        { password: '\ud800abcdefgh', password_confirmation: '\ud800abcdefgh' },
        'password',
        'The password field must not contain broken characters.',
      ],
      [
        'a confirmation that differs',
        { password_confirmation: 'correct horsE' },
        'password',
        'The password field confirmation does not match.',
      ],
      [
        'no confirmation',
        { password_confirmation: undefined },
        'password',
        'The password field confirmation does not match.',
      ],
    ])('should refuse %s with 422 on that field', async (_case, change, field, message) => {
      await start();
      const response = await register({ ...ada, ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    });

    it('should report a short password and a differing confirmation together', async () => {
      await start();
      const response = await register({ ...ada, password: 'short', password_confirmation: 'other' });
      expect(response.json().errors.password).toEqual([
        'The password field must be at least 8 characters.',
        'The password field confirmation does not match.',
      ]);
    });

    it('should refuse an email already taken, whatever its case', async () => {
      await start();
      await registered();
      const response = await register({ ...grace, email: 'ADA@example.com' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
    });

    it('should refuse a name with NUL or other control characters with 422 on every database', async () => {
      await start();
      for (const name of ['Ada\u0000', 'Ada\u0007Lovelace', '\ud800Ada']) {
        const response = await register({ ...ada, name });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ name: ['The name field must not contain control characters.'] });
      }
      // One that would read backwards ("Eve\u202Egnp.exe" shows as "Eveexe.png").
      for (const name of ['Eve\u202Egnp.exe', 'Ada\u2067Lovelace']) {
        const response = await register({ ...ada, name });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ name: ['The name field must not contain text-direction controls.'] });
      }
      // A right-to-left name, with the mark it may need, is a name like any other.
      const rtl = await register({ ...ada, email: 'noa@example.com', name: 'נועה כהן\u200F' });
      expect(rtl.statusCode).toBe(201);
      const withNul = await register({ ...ada, email: 'nul\u0000@example.com', password: 'pass\u0000word' });
      expect(withNul.statusCode).toBe(422);
      expect(withNul.json().errors.email).toEqual(['The email field must be a valid email address.']);
      expect(await testApp.database.db.selectFrom('users').select('name').execute()).toEqual([
        { name: 'נועה כהן\u200F' },
      ]);
    });

    it('should take about as long to refuse a taken email as to create an account', async () => {
      await start({ RATE_LIMIT_REGISTER_PER_MINUTE: '100' });
      await registered();
      const timings = { taken: [] as number[], created: [] as number[] };
      for (let round = 0; round < 9; round += 1) {
        for (const [kind, email] of [
          ['taken', ada.email],
          ['created', `new${round}@example.com`],
        ] as const) {
          const started = performance.now();
          const response = await register({ ...ada, email });
          timings[kind].push(performance.now() - started);
          expect(response.statusCode).toBe(kind === 'taken' ? 422 : 201);
        }
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      // Without hashing for a taken email it answers in a tenth of the time. The bound allows for noise: with 5
      // rounds and a bound of 0.4, one of two runs under Node 22 on a busy machine fell below it.
      expect(median(timings.taken) / median(timings.created)).toBeGreaterThan(0.3);
    });

    it('should let only one of two simultaneous registrations of an email succeed', async () => {
      await start();
      const responses = await Promise.all([register(ada), register({ ...ada, email: 'ADA@EXAMPLE.COM' })]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    });

    it('should store an Argon2id hash, never the password', async () => {
      await start();
      await registered();
      const users = await testApp.database.db.selectFrom('users').selectAll().execute();
      expect(users).toHaveLength(1);
      expect(users[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(JSON.stringify(users)).not.toContain(ada.password);
    });

    it('should answer malformed JSON with 400 and an oversized body with 413', async () => {
      await start();
      const malformed = await request({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Ada",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Malformed JSON in request body' });

      const oversized = await register({ ...ada, name: 'x'.repeat(17 * 1024) });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toEqual({ message: 'The request body is too large.' });
    });
  });

  describe('POST /api/login', () => {
    it('should answer 200 with the user and a new token', async () => {
      await start();
      const { user, token: registrationToken } = await registered();
      const response = await login({ email: 'ADA@example.com', password: ada.password });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({ user, token: expect.stringMatching(TOKEN_FORMAT) });
      expect(body.token).not.toBe(registrationToken);
      expect((await getUser(body.token)).json()).toEqual(user);
    });

    it('should answer an unknown email and a wrong password identically', async () => {
      await start({ RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '100', RATE_LIMIT_LOGIN_PER_MINUTE: '100' });
      await registered();
      const wrongPassword = await login({ email: ada.email, password: 'not the password' });
      const unknownEmail = await login({ email: 'nobody@example.com', password: 'not the password' });
      const expected = {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      };
      expect(wrongPassword.statusCode).toBe(422);
      expect(wrongPassword.json()).toEqual(expected);
      expect(unknownEmail.statusCode).toBe(422);
      expect(unknownEmail.json()).toEqual(expected);
    });

    it('should take about as long for an unknown email as for a wrong password', async () => {
      await start({ RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '100', RATE_LIMIT_LOGIN_PER_MINUTE: '100' });
      await registered();
      // Warm up (the dummy hash is computed at startup), then compare medians of alternating attempts.
      await login({ email: 'nobody@example.com', password: 'x' });
      const timings = { known: [] as number[], unknown: [] as number[] };
      for (let round = 0; round < 7; round += 1) {
        for (const [kind, email] of [
          ['known', ada.email],
          ['unknown', `nobody${round}@example.com`],
        ] as const) {
          const started = performance.now();
          await login({ email, password: 'not the password' });
          timings[kind].push(performance.now() - started);
        }
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const ratio = median(timings.unknown) / median(timings.known);
      // Without the dummy verification an unknown email answers in a tenth of the time; the bounds allow for noise.
      expect(ratio).toBeGreaterThan(0.4);
      expect(ratio).toBeLessThan(2.5);
    });

    it('should validate the fields', async () => {
      await start();
      const response = await login({ email: 'not-an-email' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: ['The email field must be a valid email address.'],
        password: ['The password field is required.'],
      });
    });

    it('should refuse an account after repeated failures, from that address only, until the minute is over', async () => {
      const clock = manualClock();
      await start({ RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '3' }, clock);
      await registered();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login({ email: ada.email, password: 'wrong password' })).statusCode).toBe(422);
      }
      const blocked = await login({ email: ada.email, password: ada.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('60');
      expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 60 seconds.' });

      const elsewhere = await login({ email: ada.email, password: ada.password }, { remoteAddress: '203.0.113.9' });
      expect(elsewhere.statusCode).toBe(200);

      clock.advance(MINUTE_MS);
      expect((await login({ email: ada.email, password: ada.password })).statusCode).toBe(200);
    });

    it('should refuse an account from every address once many addresses have failed it, until the minute is over', async () => {
      const clock = manualClock();
      await start({ RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '2' }, clock);
      await registered();
      const statuses: number[] = [];
      for (let address = 1; address <= 6; address += 1) {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const answer = await login(
            { email: ada.email, password: 'wrong password' },
            { remoteAddress: `198.51.100.${address}` },
          );
          statuses.push(answer.statusCode);
        }
      }
      // Four times the per-address limit from all addresses together: 8 checked, the rest refused unchecked.
      expect(statuses.filter((status) => status === 422)).toHaveLength(8);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
      const fresh = await login({ email: ada.email, password: ada.password }, { remoteAddress: '203.0.113.50' });
      expect(fresh.statusCode).toBe(429);

      clock.advance(MINUTE_MS);
      expect(
        (await login({ email: ada.email, password: ada.password }, { remoteAddress: '203.0.113.50' })).statusCode,
      ).toBe(200);
    });

    it('should verify no more wrong passwords than the limit when they are all sent at once', async () => {
      await start();
      await registered();
      const answers = await Promise.all(
        Array.from({ length: 18 }, (_, attempt) => login({ email: ada.email, password: `wrong password ${attempt}` })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      // Each 422 is a verification that found the password wrong; the rest were refused before verifying.
      expect(statuses.filter((status) => status === 422)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(13);
      expect((await login({ email: ada.email, password: ada.password })).statusCode).toBe(429);
    });

    it('should answer NUL characters in the fields like any other wrong value, never with a 500', async () => {
      await start();
      await registered();
      for (const body of [
        { email: 'ada\u0000@example.com', password: ada.password },
        { email: ada.email, password: 'correct\u0000horse' },
      ]) {
        expect((await login(body)).statusCode).toBe(422);
      }
    });

    it('should limit login attempts per address whatever the account', async () => {
      await start({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login({ email: `user${attempt}@example.com`, password: 'whatever1' })).statusCode).toBe(422);
      }
      const blocked = await login({ email: 'another@example.com', password: 'whatever1' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().message).toMatch(
        /^Too many login attempts from this address\. Please try again in \d+ seconds\.$/,
      );
    });
  });

  it('should limit registrations per address', async () => {
    await start({ RATE_LIMIT_REGISTER_PER_MINUTE: '2' });
    await registered(ada);
    await registered(grace);
    const blocked = await register({ ...ada, email: 'third@example.com' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many registrations from this address\./);
  });

  describe('GET /api/user', () => {
    it("should answer the token owner's id, name and email only", async () => {
      await start();
      const { user, token } = await registered();
      const response = await getUser(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(user);
    });

    it.each([
      ['no Authorization header', undefined],
      ['a malformed token', 'Bearer nonsense'],
      ['another scheme', 'Basic YWRhOnBhc3N3b3Jk'],
      ['an unknown token id', 'Bearer 987654|AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ])('should answer 401 Unauthenticated for %s', async (_case, authorization) => {
      await start();
      await registered();
      const response = await request({
        method: 'GET',
        url: '/api/user',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it("should never let one user's token reach another user's data", async () => {
      await start();
      const first = await registered(ada);
      const second = await registered(grace);
      expect((await getUser(first.token)).json()).toEqual(first.user);
      expect((await getUser(second.token)).json()).toEqual(second.user);

      const [firstId] = first.token.split('|');
      const [, secondSecret] = second.token.split('|');
      expect((await getUser(`${firstId}|${secondSecret}`)).statusCode).toBe(401);
    });

    it('should answer 503 when the database is unavailable', async () => {
      await start();
      const { token } = await registered();
      await testApp.database.close();
      const response = await getUser(token);
      expect(response.statusCode).toBe(503);
    });
  });

  describe('POST /api/logout', () => {
    it('should answer 204 and revoke only the presented token', async () => {
      await start();
      const { token: first } = await registered();
      const second = (await login({ email: ada.email, password: ada.password })).json().token as string;

      const response = await logout(first);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect((await getUser(first)).statusCode).toBe(401);
      expect((await getUser(second)).statusCode).toBe(200);
      expect((await logout(first)).statusCode).toBe(401);
    });
  });

  describe('tokens', () => {
    it('should be stored only as a SHA-256 hash of their secret', async () => {
      await start();
      const { token } = await registered();
      const [id, secret] = token.split('|') as [string, string];
      const rows = await testApp.database.db.selectFrom('personal_access_tokens').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(Number(id));
      expect(rows[0]!.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('should expire after the idle time, counted from the last use', async () => {
      const clock = manualClock();
      await start({ TOKEN_IDLE_TTL_MINUTES: '10' }, clock);
      const { token } = await registered();
      clock.advance(9 * MINUTE_MS);
      expect((await getUser(token)).statusCode).toBe(200);
      clock.advance(9 * MINUTE_MS);
      expect((await getUser(token)).statusCode).toBe(200);
      clock.advance(10 * MINUTE_MS);
      const response = await getUser(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      expect(await testApp.database.db.selectFrom('personal_access_tokens').selectAll().execute()).toEqual([]);
    });

    it('should expire at the absolute lifetime however often it is used', async () => {
      const clock = manualClock();
      await start({ TOKEN_IDLE_TTL_MINUTES: '525600', TOKEN_ABSOLUTE_TTL_DAYS: '1' }, clock);
      const { token } = await registered();
      clock.advance(24 * 60 * MINUTE_MS - 1);
      expect((await getUser(token)).statusCode).toBe(200);
      clock.advance(1);
      expect((await getUser(token)).statusCode).toBe(401);
    });

    it('should record the last use at most once a minute', async () => {
      const clock = manualClock();
      await start({}, clock);
      const { token } = await registered();
      const lastUsed = async () =>
        (
          await testApp.database.db
            .selectFrom('personal_access_tokens')
            .select('last_used_at')
            .executeTakeFirstOrThrow()
        ).last_used_at;
      const issuedAt = clock();

      clock.advance(30_000);
      await getUser(token);
      expect(await lastUsed()).toBe(issuedAt);

      clock.advance(31_000);
      await getUser(token);
      expect(await lastUsed()).toBe(issuedAt + 61_000);
    });
  });

  it('should sign up, read the user and sign out over a real socket', async () => {
    await start();
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { 'content-type': 'application/json', accept: 'application/json' };

    const signedUp = await fetch(`${base}/api/register`, { method: 'POST', headers, body: JSON.stringify(ada) });
    expect(signedUp.status).toBe(201);
    const { user, token } = (await signedUp.json()) as { user: object; token: string };
    const authorized = { ...headers, authorization: `Bearer ${token}` };

    const me = await fetch(`${base}/api/user`, { headers: authorized });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);

    const signedOut = await fetch(`${base}/api/logout`, { method: 'POST', headers: authorized });
    expect(signedOut.status).toBe(204);

    const after = await fetch(`${base}/api/user`, { headers: authorized });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
