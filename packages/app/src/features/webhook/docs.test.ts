import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASON_DOCS_SECTIONS, reasonHelpHref, WEBHOOK_DOCS_SECTIONS } from './docs';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens (as /docs/webhooks renders them). */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

// The app's tests run from packages/app.
const docs = readFileSync(resolve(process.cwd(), '../../docs/webhooks.md'), 'utf8');
const anchors = new Set([...docs.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading!)));

describe('the docs links of the webhook screens', () => {
  it.each([...Object.values(REASON_DOCS_SECTIONS), ...Object.values(WEBHOOK_DOCS_SECTIONS)])(
    'should point at a section docs/webhooks.md has: #%s',
    (anchor) => {
      expect(anchors).toContain(anchor);
    },
  );

  it('should link a rejection to its section, and no reason to nothing', () => {
    expect(reasonHelpHref('text-not-json')).toBe('/docs/webhooks#tradingview-sent-text-not-json');
    expect(reasonHelpHref(null)).toBeNull();
  });
});
