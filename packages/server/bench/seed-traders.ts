/*
 * Traders for the ingest benchmarks: `count` users, each with a Default strategy (a webhook URL) and its paper
 * account, seeded in chunks in one write transaction. Returns their webhook tokens, in order.
 */
import type { Kysely } from 'kysely';
import { writeTransaction } from '../src/db/connection';
import type { Database } from '../src/db/schema';
import { outcomeRow } from '../src/modules/paper/outcomes';
import { DEFAULT_SETTINGS } from '../src/modules/paper/settings';
import { generateWebhookToken, hashWebhookToken } from '../src/modules/signals/webhook-secrets';

const SEED_CHUNK = 500;

export async function seedWebhookTraders(db: Kysely<Database>, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, generateWebhookToken);
  const now = Date.now();
  await writeTransaction(db, async (trx) => {
    for (let start = 0; start < count; start += SEED_CHUNK) {
      const chunk = tokens.slice(start, start + SEED_CHUNK);
      const users = await trx
        .insertInto('users')
        .values(
          chunk.map((_, index) => ({
            name: `Bench trader ${start + index}`,
            email: `bench-${start + index}@example.com`,
            password_hash: 'not used by the benchmark',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const strategies = await trx
        .insertInto('strategies')
        .values(
          users.map(({ id }, index) => ({
            user_id: id,
            name: 'Default',
            settings: JSON.stringify(DEFAULT_SETTINGS),
            token_hash: hashWebhookToken(chunk[index]!),
            // The ingest path reads only the hash; nobody asks for these URLs back.
            token_ciphertext: 'not used by the benchmark',
            tradingview_only: 0,
            created_at: now,
            updated_at: now,
            rotated_at: null,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('paper_accounts')
        .values(
          strategies.map(({ id }) => ({
            strategy_id: id,
            state: null,
            opened_at: now,
            candles_until: now,
            watches_candles: 0,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  return tokens;
}

const HISTORY_CHUNK = 1_000;

/**
 * A history of `count` signals spread over the strategies in `db` (round robin), each already decided (ignored, as
 * signals received before their account opened are), received over the past `spanMs`: what a server that has run
 * for a while holds. The paper executor has nothing to do with them; what they show is whether its runs cost what
 * the history holds.
 */
export async function seedDecidedHistory(db: Kysely<Database>, count: number, spanMs: number): Promise<void> {
  const strategies = await db.selectFrom('strategies').select(['id', 'user_id']).orderBy('id').execute();
  const now = Date.now();
  for (let start = 0; start < count; start += HISTORY_CHUNK) {
    await writeTransaction(db, async (trx) => {
      const signals = await trx
        .insertInto('signals')
        .values(
          Array.from({ length: Math.min(HISTORY_CHUNK, count - start) }, (_, offset) => {
            const index = start + offset;
            const strategy = strategies[index % strategies.length]!;
            return {
              user_id: Number(strategy.user_id),
              strategy_id: Number(strategy.id),
              ticker: 'BTC',
              action: index % 2 === 0 ? 'buy' : 'sell',
              price: null,
              quantity: 0.01,
              position_size: null,
              interval: '1m',
              alert_time: null,
              received_at: now - spanMs + Math.floor((index * spanMs) / count),
              strategy: null,
              comment: null,
              client_id: `history-${index}`,
              body_hash: `history-${index}`,
              status: 'accepted' as const,
              reason: null,
              duplicate_of: null,
              raw: '{}',
            };
          }),
        )
        .returning(['id', 'strategy_id'])
        .execute();
      await trx
        .insertInto('signal_outcomes')
        .values(
          signals.map(({ id, strategy_id }) =>
            outcomeRow(Number(id), Number(strategy_id), { status: 'ignored', reason: 'seeded history' }, now),
          ),
        )
        .execute();
    });
  }
}
