import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { manualClock } from '../../test/app';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../../test/database';
import { insertUser } from '../../test/signals';
import { WebhookSecrets } from './webhook-secrets';

describe.each(TEST_DIALECTS)('webhook tokens under WEBHOOK_SECRET_KEY on %s', (dialect) => {
  let opened: OpenTestDatabase;
  const clock = manualClock();
  const first = randomBytes(32);
  const second = randomBytes(32);

  beforeEach(async () => {
    opened = await openTestDatabase(dialect);
  });

  afterEach(() => opened.cleanup());

  const ciphertexts = () =>
    opened.database.db
      .selectFrom('strategies')
      .select((eb) => eb.fn.coalesce('token_ciphertext', eb.val('')).as('token_ciphertext'))
      .orderBy('user_id')
      .execute();
  const databaseKeys = () => opened.database.db.selectFrom('webhook_encryption_keys').select('id').execute();

  it('should move the tokens off the database key at start, keep every URL, and rotate to a new key', async () => {
    const users = [await insertUser(opened.database), await insertUser(opened.database)];
    const withoutSetting = new WebhookSecrets(opened.database.db, clock);
    const tokens = [(await withoutSetting.get(users[0]!)).token, (await withoutSetting.get(users[1]!)).token];
    expect((await ciphertexts()).every((row) => row.token_ciphertext.startsWith('v1.'))).toBe(true);
    expect(await databaseKeys()).toHaveLength(1);

    // WEBHOOK_SECRET_KEY set: re-encrypted at start, and the key no longer sits in the database.
    const withKey = new WebhookSecrets(opened.database.db, clock, { current: first });
    expect(await withKey.reencrypt()).toBe(2);
    expect((await ciphertexts()).every((row) => row.token_ciphertext.startsWith('k1.'))).toBe(true);
    expect(await databaseKeys()).toEqual([]);
    expect((await withKey.get(users[0]!)).token).toBe(tokens[0]);
    expect(await withKey.reencrypt()).toBe(0);

    // Rotation: the new key, with the old one as WEBHOOK_SECRET_KEY_PREVIOUS for one start.
    const rotating = new WebhookSecrets(opened.database.db, clock, { current: second, previous: first });
    expect(await rotating.reencrypt()).toBe(2);
    const afterRotation = new WebhookSecrets(opened.database.db, clock, { current: second });
    expect([(await afterRotation.get(users[0]!)).token, (await afterRotation.get(users[1]!)).token]).toEqual(tokens);

    // A new user's token is under the setting from the start.
    const third = await insertUser(opened.database);
    await afterRotation.get(third);
    expect((await ciphertexts()).every((row) => row.token_ciphertext.startsWith('k1.'))).toBe(true);
    expect(await databaseKeys()).toEqual([]);

    // Without the key that encrypted them, the URLs cannot be shown, and the error says which setting to give.
    const wrongKey = new WebhookSecrets(opened.database.db, clock, { current: first });
    await expect(wrongKey.get(users[0]!)).rejects.toThrow(/WEBHOOK_SECRET_KEY_PREVIOUS/);
  });
});

describe('the WEBHOOK_SECRET_KEY settings', () => {
  it('should read 32 bytes written in hex or base64', () => {
    const key = randomBytes(32);
    for (const written of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      expect(loadConfig({ WEBHOOK_SECRET_KEY: written }).webhookSecretKeys.current).toEqual(key);
    }
  });

  it.each(['short', randomBytes(16).toString('hex'), randomBytes(33).toString('base64')])(
    'should refuse %s without echoing it',
    (written) => {
      expect(() => loadConfig({ WEBHOOK_SECRET_KEY_PREVIOUS: written })).toThrow(
        /^Invalid configuration: WEBHOOK_SECRET_KEY_PREVIOUS must be 32 random bytes as 64 hex digits or base64/,
      );
      try {
        loadConfig({ WEBHOOK_SECRET_KEY_PREVIOUS: written });
      } catch (error) {
        expect((error as Error).message).not.toContain(written);
      }
    },
  );
});
