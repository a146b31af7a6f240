import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { named } from '../../openapi/components';
import type { Refusals } from './refusals';

/*
 * A strategy's webhook health: when it last heard from TradingView, what its alerts became, how long they took to
 * arrive, and whether it has gone quiet. Every count reads the (strategy_id, received_at, status, alert_time) index
 * alone, so it stays fast however many signals a strategy has.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

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
        .describe("Posts refused before storing (429, 403, 413, 415), across all of the user's webhook URLs."),
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

const EMPTY_COUNTS = () => ({ accepted: 0, rejected: 0, duplicate: 0, total: 0 });

/**
 * The health of the user's strategy `strategyId`, or undefined when the user has no such strategy. `refusals` are
 * the user's (refused posts are counted per owner).
 */
export async function webhookHealth(
  db: Kysely<Database>,
  userId: number,
  strategyId: number,
  now: number,
  refusals: (userId: number) => Promise<Refusals>,
): Promise<WebhookHealth | undefined> {
  const strategy = await db
    .selectFrom('strategies')
    .select('silent_after_minutes')
    .where('id', '=', strategyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!strategy) return undefined;

  const dayAgo = now - DAY_MS;
  const weekAgo = now - WEEK_MS;
  const latest = await db
    .selectFrom('signals')
    .select('received_at')
    .where('strategy_id', '=', strategyId)
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const byStatus = await db
    .selectFrom('signals')
    .select(['status'])
    .select((eb) => [
      eb.fn.countAll<number>().as('week'),
      eb.fn.sum<number>(sql`case when received_at >= ${dayAgo} then 1 else 0 end`).as('day'),
    ])
    .where('strategy_id', '=', strategyId)
    .where('received_at', '>=', weekAgo)
    .groupBy('status')
    .execute();
  const delay = sql<number>`received_at - alert_time`;
  const latencyRow = await db
    .selectFrom('signals')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      ...LATENCY_BUCKETS.map((bucket, index) =>
        eb.fn
          .sum<number>(
            index === 0
              ? sql`case when ${delay} < ${bucket.toMs} then 1 else 0 end`
              : bucket.toMs === null
                ? sql`case when ${delay} >= ${bucket.fromMs} then 1 else 0 end`
                : sql`case when ${delay} >= ${bucket.fromMs} and ${delay} < ${bucket.toMs} then 1 else 0 end`,
          )
          .as(`b${index}`),
      ),
    ])
    .where('strategy_id', '=', strategyId)
    .where('received_at', '>=', weekAgo)
    .where('alert_time', 'is not', null)
    .executeTakeFirstOrThrow();

  const last24h = EMPTY_COUNTS();
  const last7d = EMPTY_COUNTS();
  for (const row of byStatus) {
    const status = row.status;
    last7d[status] = Number(row.week);
    last24h[status] = Number(row.day ?? 0);
    last7d.total += Number(row.week);
    last24h.total += Number(row.day ?? 0);
  }
  const lastReceivedAt = latest ? Number(latest.received_at) : null;
  const thresholdMinutes = strategy.silent_after_minutes === null ? null : Number(strategy.silent_after_minutes);
  const silentForMinutes = lastReceivedAt === null ? null : Math.max(0, Math.floor((now - lastReceivedAt) / 60_000));
  const usuallyReceives = last7d.total >= USUAL_ALERTS_PER_WEEK;
  const row = latencyRow as unknown as Record<string, number | string | null>;
  return {
    strategyId: String(strategyId),
    now,
    lastReceivedAt,
    last24h,
    last7d,
    refused: await refusals(userId),
    latency: {
      count: Number(row.n ?? 0),
      buckets: LATENCY_BUCKETS.map((bucket, index) => ({ ...bucket, count: Number(row[`b${index}`] ?? 0) })),
    },
    silence: {
      thresholdMinutes,
      usuallyReceives,
      silent:
        usuallyReceives &&
        thresholdMinutes !== null &&
        lastReceivedAt !== null &&
        now - lastReceivedAt >= thresholdMinutes * 60_000,
      silentForMinutes,
    },
  };
}
