import type { ReasonCode } from '@signaldeck/server/api-types';

/**
 * Where the server serves docs/webhooks.md (rendered, with an id on every heading): the "How to fix" links of
 * rejections, of the reachability warning and of the setup panel point into its sections.
 */
export const WEBHOOK_DOCS_PATH = '/docs/webhooks';

/** The sections of docs/webhooks.md the setup screens link to (each is a heading's anchor there). */
export const WEBHOOK_DOCS_SECTIONS = {
  reachability: 'make-the-url-reachable-from-tradingview',
  testAlert: 'send-a-test-alert',
  tradingViewOnly: 'only-tradingview-may-post',
  refused: 'refused-requests',
  sharedUrl: 'several-tradingview-strategies-on-one-url',
} as const;

/** The section of docs/webhooks.md that explains each rejection's fix. */
export const REASON_DOCS_SECTIONS: Record<ReasonCode, string> = {
  'empty-body': 'the-message-is-empty',
  'text-not-json': 'tradingview-sent-text-not-json',
  'unquoted-value': 'a-value-without-quotes',
  'invalid-json': 'other-invalid-json',
  'not-an-object': 'not-a-json-object',
  'missing-ticker': 'missing-ticker-or-action',
  'missing-action': 'missing-ticker-or-action',
  'unfilled-placeholder': 'a-placeholder-that-was-not-filled-in',
  'bad-ticker': 'ticker-is-not-a-symbol',
  'unknown-action': 'unknown-action',
  'bad-number': 'price-or-quantity-is-not-a-number',
  'bad-market-position': 'other-fields',
  'bad-interval': 'other-fields',
  'bad-time': 'other-fields',
  'not-text': 'other-fields',
  'too-long': 'other-fields',
  duplicate: 'duplicates',
};

export const webhookDocsHref = (anchor: string) => `${WEBHOOK_DOCS_PATH}#${anchor}`;

/** The "How to fix" link of a signal's reason; null when it has none. */
export function reasonHelpHref(code: ReasonCode | null | undefined): string | null {
  return code ? webhookDocsHref(REASON_DOCS_SECTIONS[code]) : null;
}
