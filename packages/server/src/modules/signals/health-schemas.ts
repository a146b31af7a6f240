import { z } from 'zod';
import { named } from '../../openapi/components';

/*
 * The wire contract of a strategy's webhook health (GET /api/strategies/:id/health, health.ts computes it), and
 * the silent warning's threshold, a strategy setting. Zod schemas and constants only: clients import the types.
 */

/** A strategy "usually receives alerts" when at least this many arrived in the last 7 days. */
export const USUAL_ALERTS_PER_WEEK = 3;

/** The silent warning's threshold, in minutes (a week at most). */
export const MIN_SILENT_AFTER_MINUTES = 1;
export const MAX_SILENT_AFTER_MINUTES = 7 * 24 * 60;

/** Delivery latency buckets: [from, to) in ms; the last is open-ended. */
export const LATENCY_BUCKETS: readonly { label: string; fromMs: number; toMs: number | null }[] = [
  { label: 'under 1 s', fromMs: 0, toMs: 1_000 },
  { label: '1–2 s', fromMs: 1_000, toMs: 2_000 },
  { label: '2–5 s', fromMs: 2_000, toMs: 5_000 },
  { label: '5–10 s', fromMs: 5_000, toMs: 10_000 },
  { label: '10–30 s', fromMs: 10_000, toMs: 30_000 },
  { label: '30–60 s', fromMs: 30_000, toMs: 60_000 },
  { label: '1 min or more', fromMs: 60_000, toMs: null },
];

const epochMs = z.int().nonnegative();
const count = z.int().nonnegative();
const statusCounts = z.object({ accepted: count, rejected: count, duplicate: count, total: count });

export const silentAfterMinutes = z
  .int({ error: 'The silent warning threshold must be a whole number of minutes.' })
  .min(MIN_SILENT_AFTER_MINUTES, `The silent warning threshold must be at least ${MIN_SILENT_AFTER_MINUTES} minute.`)
  .max(
    MAX_SILENT_AFTER_MINUTES,
    `The silent warning threshold must be at most ${MAX_SILENT_AFTER_MINUTES} minutes (7 days).`,
  )
  .nullable()
  .describe(
    'Minutes without an alert after which a strategy that usually receives alerts is reported silent; null: never.',
  );

export const webhookHealthSchema = named(
  'WebhookHealth',
  z
    .object({
      strategyId: z.string(),
      now: epochMs.describe("The server's time the figures were taken at."),
      lastReceivedAt: epochMs.nullable().describe('When the latest alert arrived (any status); null when none has.'),
      last24h: statusCounts.describe('Alerts received in the last 24 hours, by status.'),
      last7d: statusCounts.describe('Alerts received in the last 7 days, by status.'),
      refused: z
        .object({
          count,
          lastAt: epochMs.nullable(),
          byStatus: z.record(z.string(), count).describe('Per HTTP status, e.g. {"429": 3}.'),
        })
        .describe("Posts refused before storing (429, 403, 413, 415), by this strategy's URL."),
      latency: z
        .object({
          count: count.describe('Alerts of the last 7 days that gave their time (`{{timenow}}`).'),
          buckets: z
            .array(z.object({ label: z.string(), fromMs: epochMs, toMs: epochMs.nullable(), count }))
            .describe(
              'From the alert\'s time to its receipt; an alert time ahead of the server counts as "under 1 s".',
            ),
        })
        .describe('Delivery latency of the last 7 days.'),
      silence: z.object({
        thresholdMinutes: silentAfterMinutes,
        usuallyReceives: z.boolean().describe(`At least ${USUAL_ALERTS_PER_WEEK} alerts arrived in the last 7 days.`),
        silent: z.boolean().describe('It usually receives alerts, and none arrived for at least the threshold.'),
        silentForMinutes: count.nullable().describe('Whole minutes since the latest alert; null when none arrived.'),
      }),
    })
    .describe("A strategy's webhook health (docs/webhooks.md)."),
);

export type WebhookHealth = z.output<typeof webhookHealthSchema>;
