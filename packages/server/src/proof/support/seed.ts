import type { Config } from '../../config';
import { openDatabase, writeTransaction } from '../../db/connection';
import { WebhookSecrets } from '../../modules/signals/webhook-secrets';

/**
 * Creates `count` traders with a webhook each, straight in a database no server has open yet, and returns their
 * webhook paths. A load spread over many webhook URLs stays under each URL's limit of 120 alerts a minute, as
 * real traffic from many traders does; registering that many through the API would spend minutes in Argon2.
 * These traders have no password and never sign in.
 */
export async function seedWebhookTraders(config: Config, count: number): Promise<string[]> {
  const database = await openDatabase(config);
  try {
    const now = Date.now();
    return await writeTransaction(database.db, async (trx) => {
      const secrets = new WebhookSecrets(trx, () => now);
      const paths: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const { id } = await trx
          .insertInto('users')
          .values({
            name: `Seeded trader ${index}`,
            email: `seeded-${index}@example.com`,
            password_hash: 'seeded: cannot sign in',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        paths.push(`/api/webhooks/${(await secrets.get(id)).token}`);
      }
      return paths;
    });
  } finally {
    await database.close();
  }
}
