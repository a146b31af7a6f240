// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

interface Seen {
  method?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let seen: Seen;
let base: string;

/** A small real HTTP server whose answers follow the path, so the client is tested over a socket. */
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen = { method: req.method, headers: req.headers, body };
      const send = (status: number, payload?: string, type = 'application/json') => {
        res.writeHead(status, payload === undefined ? {} : { 'Content-Type': type });
        res.end(payload);
      };
      switch (req.url) {
        case '/ok':
          return send(200, JSON.stringify({ hello: 'world' }));
        case '/empty':
          return send(204);
        case '/unauthorized':
          return send(401, JSON.stringify({ message: 'Unauthenticated.' }));
        case '/invalid':
          return send(
            422,
            JSON.stringify({
              message: 'The email field is required.',
              errors: { email: ['The email field is required.'] },
            }),
          );
        case '/no-message':
          return send(500, JSON.stringify({ error: 'boom' }));
        case '/html':
          return send(502, '<h1>Bad gateway</h1>', 'text/html');
        default:
          return send(404, JSON.stringify({ message: 'Not found.' }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function loadClient(token: string | null) {
  vi.resetModules();
  vi.stubEnv('VITE_API_URL', base);
  const mod = await import('./http');
  const onUnauthorized = vi.fn();
  mod.configureHttp({ getToken: () => token, onUnauthorized });
  return { ...mod, onUnauthorized };
}

beforeEach(() => {
  seen = { headers: {}, body: '' };
});

describe('given the HTTP client', () => {
  describe('when a token is held', () => {
    it('should send JSON headers and the bearer token, and never cookies', async () => {
      const { http } = await loadClient('1|secret');
      await expect(http.post('/ok', { a: 1 })).resolves.toEqual({ hello: 'world' });
      expect(seen.method).toBe('POST');
      expect(seen.headers['content-type']).toBe('application/json');
      expect(seen.headers.accept).toBe('application/json');
      expect(seen.headers.authorization).toBe('Bearer 1|secret');
      expect(seen.headers.cookie).toBeUndefined();
      expect(JSON.parse(seen.body)).toEqual({ a: 1 });
    });
  });

  describe('when no token is held', () => {
    it('should send no Authorization header', async () => {
      const { http } = await loadClient(null);
      await http.get('/ok');
      expect(seen.headers.authorization).toBeUndefined();
    });
  });

  describe('when the answer is empty', () => {
    it('should resolve with nothing', async () => {
      const { http } = await loadClient(null);
      await expect(http.post('/empty')).resolves.toBeUndefined();
    });
  });

  describe('when the answer is 401', () => {
    it('should clear auth and reject with the answer message and status', async () => {
      const { http, HttpError, onUnauthorized } = await loadClient('1|secret');
      const error = await http.get('/unauthorized').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as InstanceType<typeof HttpError>).status).toBe(401);
      expect((error as Error).message).toBe('Unauthenticated.');
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });
  });

  describe('when the answer is 422', () => {
    it('should expose the message, the errors field and the status', async () => {
      const { http, onUnauthorized } = await loadClient(null);
      const error = (await http.post('/invalid', {}).catch((e: unknown) => e)) as {
        message: string;
        errors: unknown;
        status: number;
      };
      expect(error.message).toBe('The email field is required.');
      expect(error.errors).toEqual({ email: ['The email field is required.'] });
      expect(error.status).toBe(422);
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });

  describe('when the answer has no message', () => {
    it('should fall back to the generic error message', async () => {
      const { http, errorMessage } = await loadClient(null);
      const error = await http.get('/no-message').catch((e: unknown) => e);
      expect(errorMessage(error)).toBe('Request failed with status code 500');
      const html = await http.get('/html').catch((e: unknown) => e);
      expect(errorMessage(html)).toBe('Request failed with status code 502');
    });
  });

  describe('when the failure is not HTTP', () => {
    it('should use the error’s own message, else "An unknown error occurred"', async () => {
      const { errorMessage, HttpError } = await loadClient(null);
      expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
      expect(errorMessage(new Error(''))).toBe('An unknown error occurred');
      expect(errorMessage('nope')).toBe('An unknown error occurred');
      expect(errorMessage(new HttpError('', 500))).toBe('An error occurred');
    });
  });
});
