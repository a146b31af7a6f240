import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { LATENCY_BUCKETS, USUAL_ALERTS_PER_WEEK, type WebhookHealth } from './health-schemas';
import type { Refusals } from './refusals';

export * from './health-schemas';

/*
 * A strategy's webhook health: when it last heard from TradingView, what its alerts became, how long they took to
 * arrive, and whether it has gone quiet. Every count reads the (strategy_id, received_at, status, alert_time) index
 * alone, so it stays fast however many signals a strategy has.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

const EMPTY_COUNTS = () => ({ accepted: 0, rejected: 0, duplicate: 0, total: 0 });

/**
 * The health of the user's strategy `strategyId`, or undefined when the user has no such strategy. `refusals` gives
 * what the strategy's URL refused before storing.
 */
export async function webhookHealth(
  db: Kysely<Database>,
  userId: number,
  strategyId: number,
  now: number,
  refusals: (userId: number, strategyId: number) => Promise<Refusals>,
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
    refused: await refusals(userId, strategyId),
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
