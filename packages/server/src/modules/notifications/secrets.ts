import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ServerCipher, type ServerKeys } from '../../secrets/server-cipher';
import type { ChannelDestination } from './contract';

/*
 * A channel's destination (a Discord or Slack webhook URL, a Telegram bot token, a generic webhook's URL and signing
 * secret, an email address) is stored as JSON encrypted with AES-256-GCM under a key derived (HKDF) from the
 * server key that encrypts webhook tokens (secrets/server-cipher.ts), bound to the channel's owner. Never logged.
 */

const PURPOSE = 'signaldeck notification channel destinations v1';
const additionalData = (userId: number) => Buffer.from(`signaldeck notification channel of user ${userId}`);

export class ChannelSecrets {
  readonly #db: Kysely<Database>;
  readonly #cipher: ServerCipher;

  constructor(db: Kysely<Database>, keys: ServerKeys, databaseKey: () => Promise<Buffer>) {
    this.#db = db;
    this.#cipher = new ServerCipher({ keys, databaseKey, what: 'notification channel', purpose: PURPOSE });
  }

  encrypt(userId: number, destination: ChannelDestination): Promise<string> {
    return this.#cipher.encrypt(additionalData(userId), JSON.stringify(destination));
  }

  async decrypt(userId: number, stored: string): Promise<ChannelDestination> {
    return JSON.parse(await this.#cipher.decrypt(additionalData(userId), stored)) as ChannelDestination;
  }

  /**
   * With WEBHOOK_SECRET_KEY set: moves every destination not yet under it to it (a row changed meanwhile is left to
   * its writer). Returns how many moved. The webhook tokens' reencrypt() deletes the database key once neither
   * tokens nor channels need it (at the next start).
   */
  async reencrypt(): Promise<number> {
    const currentPrefix = this.#cipher.currentPrefix();
    if (!currentPrefix) return 0;
    const rows = await this.#db
      .selectFrom('notification_channels')
      .select(['id', 'user_id', 'destination_ciphertext'])
      .execute();
    let moved = 0;
    for (const row of rows) {
      const stored = row.destination_ciphertext;
      if (stored.startsWith(currentPrefix)) continue;
      const userId = Number(row.user_id);
      const destination = await this.decrypt(userId, stored);
      await this.#db
        .updateTable('notification_channels')
        .set({ destination_ciphertext: await this.encrypt(userId, destination) })
        .where('id', '=', row.id)
        .where('destination_ciphertext', '=', stored)
        .execute();
      moved += 1;
    }
    return moved;
  }
}
