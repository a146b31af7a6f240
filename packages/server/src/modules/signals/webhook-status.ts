import { z } from 'zod';
import { named } from '../../openapi/components';

/** Why TradingView cannot (or should not) post to a webhook URL (reachability.ts finds them). */
export const REACHABILITY_PROBLEMS = ['loopback', 'private', 'port', 'http'] as const;
export type ReachabilityProblemCode = (typeof REACHABILITY_PROBLEMS)[number];

/** The docs section every problem's fix is explained in (docs/webhooks.md). */
export const REACHABILITY_DOCS_ANCHOR = 'make-the-url-reachable-from-tradingview';

const epochMs = z.int().nonnegative();

/** Whether TradingView can post to a webhook URL, as `GET /api/webhook` and every strategy report it. */
export const reachabilitySchema = named(
  'WebhookReachability',
  z
    .object({
      ok: z.boolean().describe('True when nothing stops TradingView from posting to the URL.'),
      problems: z
        .array(
          z.object({
            code: z
              .enum(REACHABILITY_PROBLEMS)
              .describe(
                '`loopback` (this computer only), `private` (a private or link-local network), `port` (not 80 or 443), `http` (not encrypted).',
              ),
            message: z.string().describe('Why, and how to fix it. Plain text.'),
          }),
        )
        .describe(
          `Each reason TradingView cannot use the URL (it posts only to public addresses, on ports 80 and 443), or should not (plain http). docs/webhooks.md#${REACHABILITY_DOCS_ANCHOR} explains the fixes.`,
        ),
    })
    .describe('Whether TradingView can reach the webhook URL, computed from the URL the server gives out.'),
);

/** Posts refused before anything was stored, for a user's URLs or one strategy's URL. */
export const refusalsSchema = named(
  'WebhookRefusals',
  z
    .object({
      count: z.number().int().nonnegative().describe('Posts to this URL refused before storing (429, 403, 413, 415).'),
      lastAt: epochMs.nullable().describe('When the latest one was refused; null when none was.'),
      byStatus: z.record(z.string(), z.number().int().nonnegative()).describe('Per HTTP status, e.g. {"429": 3}.'),
    })
    .describe('Posts turned away before anything was stored (rate limit, sender, size, content type).'),
);

export type WebhookReachability = z.output<typeof reachabilitySchema>;
export type WebhookRefusals = z.output<typeof refusalsSchema>;
