import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../test/app';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../../test/database';
import { insertUser } from '../../test/signals';
import { WebhookSecrets } from '../signals/webhook-secrets';
import type { ChannelDestination } from './contract';
import { ChannelSecrets } from './secrets';

const DESTINATION: ChannelDestination = {
  kind: 'webhook',
  url: 'https://hooks.example.com/signaldeck/abc',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

/*
 * Channel destinations are encrypted under a key derived from the webhook tokens' server key: they follow it to
 * WEBHOOK_SECRET_KEY at start, keep the database key alive until they no longer need it, are bound to their owner,
 * and a webhook token's ciphertext does not open as a channel's.
 */
describe.each(TEST_DIALECTS)('channel secrets on %s', (dialect) => {
  let opened: OpenTestDatabase;
  const clock = manualClock();
  const key = randomBytes(32);

  beforeEach(async () => {
    opened = await openTestDatabase(dialect);
  });
  afterEach(() => opened.cleanup());

  const store = async (userId: number, ciphertext: string) => {
    const { id } = await opened.database.db
      .insertInto('notification_channels')
      .values({
        user_id: userId,
        name: 'Desk',
        kind: 'webhook',
        destination_ciphertext: ciphertext,
        target: 'https://hooks.example.com/…',
        events: '[]',
        enabled: 1,
        disabled_reason: null,
        consecutive_failures: 0,
        created_at: clock(),
        updated_at: clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  };
  const stored = async (id: number) =>
    (
      await opened.database.db
        .selectFrom('notification_channels')
        .select('destination_ciphertext')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).destination_ciphertext;
  const databaseKeys = () => opened.database.db.selectFrom('webhook_encryption_keys').select('id').execute();

  it('should encrypt bound to the owner, then move to WEBHOOK_SECRET_KEY without losing a destination', async () => {
    const ada = await insertUser(opened.database);
    const grace = await insertUser(opened.database);
    const webhooks = new WebhookSecrets(opened.database.db, clock);
    const secrets = new ChannelSecrets(opened.database.db, {}, () => webhooks.databaseKey());
    const ciphertext = await secrets.encrypt(ada, DESTINATION);
    expect(ciphertext).toMatch(/^v1\./);
    expect(ciphertext).not.toContain('hooks.example.com');
    const channel = await store(ada, ciphertext);
    expect(await secrets.decrypt(ada, ciphertext)).toEqual(DESTINATION);
    await expect(secrets.decrypt(grace, ciphertext)).rejects.toThrow();
    // A webhook token's ciphertext (the same server key, another purpose) does not open as a channel's.
    await webhooks.get(ada);
    const token = await opened.database.db
      .selectFrom('strategies')
      .select('token_ciphertext')
      .where('user_id', '=', ada)
      .executeTakeFirstOrThrow();
    await expect(secrets.decrypt(ada, token.token_ciphertext!)).rejects.toThrow();

    // The tokens move first (as at start): the database key stays while a channel still needs it.
    const webhooksWithKey = new WebhookSecrets(opened.database.db, clock, { current: key });
    await webhooksWithKey.reencrypt();
    expect(await databaseKeys()).toHaveLength(1);
    const secretsWithKey = new ChannelSecrets(opened.database.db, { current: key }, () =>
      webhooksWithKey.databaseKey(),
    );
    expect(await secretsWithKey.reencrypt()).toBe(1);
    expect(await stored(channel)).toMatch(/^k1\./);
    expect(await secretsWithKey.decrypt(ada, await stored(channel))).toEqual(DESTINATION);
    expect(await secretsWithKey.reencrypt()).toBe(0);
    // The next start finds nothing under the database key and deletes it.
    await new WebhookSecrets(opened.database.db, clock, { current: key }).reencrypt();
    expect(await databaseKeys()).toEqual([]);
    expect(await secretsWithKey.decrypt(ada, await stored(channel))).toEqual(DESTINATION);
  });
});
