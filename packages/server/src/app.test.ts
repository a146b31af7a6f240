import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatabaseUnavailableError } from './db/errors';
import { createTestApp, type TestApp } from './test/app';
import { TEST_DIALECTS } from './test/database';

describe.each(TEST_DIALECTS)('GET /api/health on %s', (dialect) => {
  let testApp: TestApp;

  beforeEach(async () => {
    testApp = await createTestApp(dialect);
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  describe('given the database answers', () => {
    it('should answer 200 ok', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('should answer 200 ok over a real socket', async () => {
      const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('given the database is closed', () => {
    it('should answer 503 unavailable', async () => {
      await testApp.database.close();
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.' });
    });

    it('should answer 503 over a real socket, and 503 on routes that query it', async () => {
      testApp.app.get('/api/probe/users', async () => testApp.database.db.selectFrom('users').selectAll().execute());
      const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      await testApp.database.close();

      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable' });

      const users = await fetch(`${url}/api/probe/users`);
      expect(users.status).toBe(503);
      expect(await users.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    });
  });
});

describe('the HTTP layer', () => {
  let testApp: TestApp;

  const build = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp('sqlite', env);
    const { app } = testApp;
    app.post('/api/probe/echo', { bodyLimit: 64 }, async (request) => ({ body: request.body ?? null }));
    app.post(
      '/api/probe/validate',
      { schema: { body: z.object({ name: z.string().trim().min(1).max(5), age: z.number() }) } },
      async (request) => request.body,
    );
    app.get('/api/probe/crash', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    app.get('/api/probe/storage', async () => {
      throw new DatabaseUnavailableError('disk on fire');
    });
    app.get('/api/probe/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    return app;
  };

  afterEach(async () => {
    await testApp.cleanup();
  });

  describe('errors', () => {
    it('should answer an unknown /api route with a JSON 404', async () => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Not found.' });
    });

    it('should answer malformed JSON with 400', async () => {
      const app = await build();
      const response = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Malformed JSON in request body' });
    });

    it('should refuse JSON that tries to poison prototypes', async () => {
      const app = await build();
      const response = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true}}',
      });
      expect(response.statusCode).toBe(400);
    });

    it('should treat an empty body sent as JSON as no body', async () => {
      const app = await build();
      const response = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ body: null });
    });

    it('should answer a body over the route limit with 413', async () => {
      const app = await build();
      const response = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(100) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The request body is too large.' });
    });

    it.each([
      ['application/xml', '<a/>'],
      ['text/plain', '{"name":"Ada"}'],
      ['text/plain; charset=utf-8', 'Ada'],
    ])('should answer an unsupported content type (%s) with 415', async (contentType, payload) => {
      const app = await build();
      const response = await app.inject({
        method: 'POST',
        url: '/api/probe/echo',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: expect.stringMatching(/^Unsupported content type/) });
    });

    it('should answer validation failures with 422 and messages per field', async () => {
      const app = await build();
      const response = await app.inject({ method: 'POST', url: '/api/probe/validate', payload: { name: 'toolong' } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The name field must not be greater than 5 characters. (and 1 more error)',
        errors: {
          name: ['The name field must not be greater than 5 characters.'],
          age: ['The age field is required.'],
        },
      });
    });

    it('should answer a body that is not an object with 422', async () => {
      const app = await build();
      const response = await app.inject({ method: 'POST', url: '/api/probe/validate', payload: [1, 2] });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'The request body must be a JSON object.' });
    });

    it('should answer an unexpected failure with a generic 500 and no details', async () => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url: '/api/probe/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Server error.' });
      expect(response.body).not.toContain('secret internals');
    });

    it('should answer storage failures with 503', async () => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url: '/api/probe/storage' });
      expect(response.statusCode).toBe(503);
      expect(response.body).not.toContain('disk on fire');
    });

    it('should answer a rate-limited route with 429 and Retry-After', async () => {
      const app = await build();
      expect((await app.inject({ method: 'GET', url: '/api/probe/limited' })).statusCode).toBe(200);
      const response = await app.inject({ method: 'GET', url: '/api/probe/limited' });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
    });

    it('should answer a URL too long for the router with 414 and a message saying so, also over a socket', async () => {
      const app = await build();
      const url = `/api/notifications/channels/${'1'.repeat(2000)}`;
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ message: 'The request URL is too long.' });
      const origin = await app.listen({ host: '127.0.0.1', port: 0 });
      const overSocket = await fetch(`${origin}${url}`);
      expect(overSocket.status).toBe(414);
      expect(await overSocket.json()).toEqual({ message: 'The request URL is too long.' });
    });

    it('should answer a malformed URL with 400 in the same shape', async () => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('security headers', () => {
    it('should send a strict CSP, nosniff and no referrer', async () => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';font-src 'self';" +
          "object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('should mark API answers no-store however the path is escaped', async () => {
      const app = await build();
      // The router serves these from the API's routes, as it does /api/health and /api/anything.
      for (const url of ['/api/health', '/%61pi/health', '/ap%69/health?probe=1', '/api/anything', '/%61pi/anything']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(url.endsWith('anything') ? 404 : 200);
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('should send HSTS only when the request came over HTTPS through a trusted proxy', async () => {
      const untrusted = await build();
      const viaUntrusted = await untrusted.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaUntrusted.headers['strict-transport-security']).toBeUndefined();
      await testApp.cleanup();

      const trusted = await build({ TRUST_PROXY: 'true' });
      const plain = await trusted.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await trusted.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('should allow no cross-origin requests by default', async () => {
      const app = await build();
      const response = await app.inject({
        method: 'OPTIONS',
        url: '/api/user',
        headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('should allow exactly the origins CORS_ORIGINS lists', async () => {
      const app = await build({ CORS_ORIGINS: 'https://app.example.com' });
      const allowed = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://app.example.com' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const other = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example.com' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('logs', () => {
    it('should never contain webhook secrets or Authorization headers', async () => {
      const lines: string[] = [];
      testApp = await createTestApp(
        'sqlite',
        { LOG_LEVEL: 'trace' },
        { logger: { destination: { write: (line) => lines.push(line) } } },
      );
      testApp.app.get('/api/probe/headers', async (request) => {
        request.log.info({ headers: request.headers, body: { password: 'hunter22' } }, 'careless log call');
        return {};
      });
      await testApp.app.inject({
        method: 'POST',
        url: '/api/webhooks/wh_supersecretvalue?x=1',
        headers: { authorization: 'Bearer 1|tokensecretvalue' },
        payload: {},
      });
      await testApp.app.inject({
        method: 'GET',
        url: '/api/probe/headers',
        headers: { authorization: 'Bearer 1|tokensecretvalue' },
      });

      const log = lines.join('');
      expect(log).toContain('/api/webhooks/[redacted]');
      expect(log).toContain('request completed');
      expect(log).not.toContain('supersecretvalue');
      expect(log).not.toContain('tokensecretvalue');
      expect(log).not.toContain('hunter22');
    });
  });
});
