/*
 * Traders for the ingest benchmarks: `count` users, each with a Default strategy (a webhook URL) and its paper
 * account, seeded in chunks in one write transaction. Returns their webhook tokens, in order.
 */
import type { Kysely } from 'kysely';
import { writeTransaction } from '../src/db/connection';
import type { Database } from '../src/db/schema';
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
