import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { headingSlug, renderDocsPage } from './render';

describe('the docs served at /docs/{page}', () => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.cleanup();
  });

  it('should serve docs/webhooks.md as a page whose sections have the anchors the app links to', async () => {
    testApp = await createTestApp('sqlite');
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/webhooks' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    for (const anchor of [
      'make-the-url-reachable-from-tradingview',
      'send-a-test-alert',
      'only-tradingview-may-post',
      'refused-requests',
      'tradingview-sent-text-not-json',
      'a-value-without-quotes',
      'unknown-action',
    ]) {
      expect(response.body).toContain(`id="${anchor}"`);
    }
    // Links between pages go to their served address.
    expect(response.body).toContain('href="/docs/security#webhook-secrets"');
    expect(response.body).not.toMatch(/<script/i);
  });

  it.each(['/docs/nope', '/docs/..%2Fpackage', '/docs/WEBHOOKS'])('should answer %s with 404', async (url) => {
    testApp = await createTestApp('sqlite');
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('renderDocsPage', () => {
  it('should give headings GitHub-style ids, numbering repeats', () => {
    const { title, html } = renderDocsPage('# Title\n\n## TradingView sent text, not JSON\n\n## Notes\n\n## Notes\n');
    expect(title).toBe('Title');
    expect(html).toContain('id="tradingview-sent-text-not-json"');
    expect(html).toContain('id="notes"');
    expect(html).toContain('id="notes-1"');
    expect(headingSlug('`code` & more')).toBe('code--more');
  });
});
