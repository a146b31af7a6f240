import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const INDEX_HTML =
  '<!doctype html><title>SignalDeck</title><script type="module" src="/assets/index-abc123.js"></script>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the web app', () => {
  let staticDir: string;
  let testApp: TestApp;

  beforeEach(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'signaldeck-static-'));
  });

  afterEach(async () => {
    await testApp.cleanup();
    await rm(staticDir, { recursive: true, force: true });
  });

  describe('given a built app', () => {
    beforeEach(async () => {
      await mkdir(path.join(staticDir, 'assets'));
      await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
      await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app")');
      await writeFile(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      testApp = await createTestApp('sqlite', { STATIC_DIR: staticDir });
    });

    it('should serve hashed assets as immutable for a year', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('console.log("app")');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it("should send an asset's compressed copy to a browser that accepts it, and the file to one that does not", async () => {
      const source = `console.log(${JSON.stringify('app '.repeat(500))})`;
      await writeFile(path.join(staticDir, 'assets', 'big-abc123.js'), source);
      await writeFile(path.join(staticDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(source));
      await writeFile(path.join(staticDir, 'assets', 'big-abc123.js.gz'), gzipSync(source));

      const brotli = await testApp.app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(source);

      const gzip = await testApp.app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(source);

      const plain = await testApp.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
    });

    it('should serve other files to be revalidated', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/', '/login', '/trading/BTC/1m', '/signals?ticker=ETH'])(
      'should answer the page %s with index.html, uncached',
      async (url) => {
        const response = await testApp.app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(INDEX_HTML);
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      },
    );

    it('should fill in a fresh style nonce per page response and allow only that nonce', async () => {
      await writeFile(
        path.join(staticDir, 'index.html'),
        '<!doctype html><meta property="csp-nonce" nonce="SIGNALDECK_CSP_NONCE"><title>SignalDeck</title>',
      );
      await testApp.cleanup();
      testApp = await createTestApp('sqlite', { STATIC_DIR: staticDir });
      const nonces = [];
      for (const url of ['/', '/login', '/index.html']) {
        const response = await testApp.app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode).toBe(200);
        const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        const policy = response.headers['content-security-policy'] as string;
        expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
        expect(policy).toContain("script-src 'self';");
        expect(policy).not.toContain('unsafe-inline');
        expect(response.body).not.toContain('SIGNALDECK_CSP_NONCE');
        nonces.push(nonce);
      }
      expect(new Set(nonces).size).toBe(3);
    });

    it('should answer a missing asset with 404, not the page', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/gone-999.js', headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    });

    it.each(['/assets', '/assets/'])('should not list or page the directory %s', async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
    });

    it('should answer a missing file that is not a page request with 404', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt', headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
    });

    it('should never answer /api/ paths with the page', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/unknown', headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    });

    it('should answer an API path or a file name too long for the file system with 404, not 403', async () => {
      const long = 'A'.repeat(4_096);
      for (const url of [`/api/markets/${long}/candles`, `/api/${long}`, `/assets/${long}.js`]) {
        const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(response.statusCode, url.slice(0, 40)).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found.' });
      }
      // A page's long address is still the page: the app says it is not found.
      const page = await testApp.app.inject({ method: 'GET', url: `/trading/${long}`, headers: html });
      expect(page.statusCode).toBe(200);
    });

    it('should answer an escaped /api/ path as the API, not with the page, and not to be stored', async () => {
      for (const url of ['/%61pi/anything', '/a%70i/anything?x=1', '/%61%70%69/anything']) {
        const response = await testApp.app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ message: 'Not found.' });
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
      // An escaped slash is part of a segment, as the router reads it: this is a page, not the API.
      const page = await testApp.app.inject({ method: 'GET', url: '/api%2Fanything', headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    });

    it('should serve the page over a real socket', async () => {
      const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      const page = await fetch(`${url}/signals`, { headers: html });
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(INDEX_HTML);
      const asset = await fetch(`${url}/assets/index-abc123.js`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('given the app is not built', () => {
    beforeEach(async () => {
      testApp = await createTestApp('sqlite', { STATIC_DIR: staticDir });
    });

    it('should answer pages with a 503 that says to build it', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/trading/BTC/1m', headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: expect.stringContaining('pnpm build') });
    });

    it('should still serve the API', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    });
  });
});
