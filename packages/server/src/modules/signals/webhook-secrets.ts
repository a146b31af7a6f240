import { createCipheriv, createDecipheriv, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';

/*
 * A user's webhook token is the only credential TradingView can present (it cannot sign requests or set
 * headers), so it is a 256-bit random value in the URL path:
 * - requests find their user by the token's SHA-256 hash (a unique index), never by the token itself;
 * - GET /api/webhook must show the whole URL again (DESIGN.md), so the token is also kept encrypted with
 *   AES-256-GCM, bound to its user (additional data), under a server key: WEBHOOK_SECRET_KEY when set (kept
 *   outside the database), else a key in its own table, created on first use and shared by every instance on
 *   one PostgreSQL. A copy of the webhook_secrets rows alone (an export, a support query) reveals no usable
 *   token; without the setting a full database dump holds the key too (docs/security.md).
 * Tokens never reach a log line: the logger redacts /api/webhooks/<token>, and no code here logs one.
 */

/** 32 random bytes in base64url: 43 characters. */
export const WEBHOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const CIPHER = 'aes-256-gcm';
/** `v1.<iv>.<tag>.<ciphertext>`: under the key kept in the database (no WEBHOOK_SECRET_KEY). */
const DATABASE_KEY_VERSION = 'v1';
/** `k1.<key id>.<iv>.<tag>.<ciphertext>`: under the WEBHOOK_SECRET_KEY whose id is given. */
const SETTING_KEY_VERSION = 'k1';
const KEY_ID = 1;

/** Keys from the settings: `current` encrypts (and decrypts), `previous` only decrypts, during a rotation. */
export interface WebhookSecretKeys {
  current?: Buffer;
  previous?: Buffer;
}

/** Names a key in a ciphertext without revealing anything of it: the start of its SHA-256. */
const keyId = (key: Buffer) => hash('sha256', key, 'hex').slice(0, 16);

export function generateWebhookToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashWebhookToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Compares two hex hashes in constant time. */
export function sameTokenHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * TradingView's published webhook source addresses
 * (https://www.tradingview.com/support/solutions/43000529348-about-webhooks/).
 */
export const TRADINGVIEW_ADDRESSES: readonly string[] = [
  '52.89.214.238',
  '34.212.75.30',
  '54.218.53.128',
  '52.32.178.7',
];

/** The client address as Fastify resolved it (TRUST_PROXY), with an IPv4-mapped IPv6 prefix removed. */
export function isTradingViewAddress(address: string): boolean {
  return TRADINGVIEW_ADDRESSES.includes(address.replace(/^::ffff:/i, ''));
}

export interface Webhook {
  token: string;
  tradingViewOnly: boolean;
  createdAt: number;
  rotatedAt: number | null;
}

const additionalData = (userId: number) => Buffer.from(`signaldeck webhook token for user ${userId}`);

function seal(key: Buffer, userId: number, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv).setAAD(additionalData(userId));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

function open(key: Buffer, userId: number, sealed: string[]): string {
  const [iv, tag, ciphertext] = sealed;
  if (!iv || !tag || !ciphertext || sealed.length !== 3) throw new Error('Unknown webhook token ciphertext format');
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'))
    .setAAD(additionalData(userId))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Each user's webhook: created on first use, rotated on request, with its sender restriction.
 *
 * Tokens are encrypted under WEBHOOK_SECRET_KEY when it is set, else under a key kept in the database. With the
 * setting, `reencrypt()` (run at start) moves every ciphertext to the current key (from the database key or
 * from WEBHOOK_SECRET_KEY_PREVIOUS) and then deletes the database key, so a copy of the database alone no longer
 * holds what decrypts the tokens.
 */
export class WebhookSecrets {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #keys: WebhookSecretKeys;
  #key: Promise<Buffer> | undefined;

  constructor(db: Kysely<Database>, clock: Clock, keys: WebhookSecretKeys = {}) {
    this.#db = db;
    this.#clock = clock;
    this.#keys = keys;
  }

  /** The key kept in the database, created by whichever instance needs it first. */
  #encryptionKey(): Promise<Buffer> {
    this.#key ??= (async () => {
      await this.#db
        .insertInto('webhook_encryption_keys')
        .values({ id: KEY_ID, key: randomBytes(32).toString('base64'), created_at: this.#clock() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const row = await this.#db
        .selectFrom('webhook_encryption_keys')
        .select('key')
        .where('id', '=', KEY_ID)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.key, 'base64');
    })();
    this.#key.catch(() => (this.#key = undefined));
    return this.#key;
  }

  async #encrypt(userId: number, token: string): Promise<string> {
    const { current } = this.#keys;
    if (current) return `${SETTING_KEY_VERSION}.${keyId(current)}.${seal(current, userId, token)}`;
    return `${DATABASE_KEY_VERSION}.${seal(await this.#encryptionKey(), userId, token)}`;
  }

  async #decrypt(userId: number, stored: string): Promise<string> {
    const [version, ...rest] = stored.split('.');
    if (version === DATABASE_KEY_VERSION) return open(await this.#encryptionKey(), userId, rest);
    if (version !== SETTING_KEY_VERSION) throw new Error('Unknown webhook token ciphertext format');
    const [id, ...sealed] = rest;
    const key = [this.#keys.current, this.#keys.previous].find((candidate) => candidate && keyId(candidate) === id);
    if (!key) {
      throw new Error(
        'A webhook token is encrypted with a key that is not configured: set it as WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_PREVIOUS.',
      );
    }
    return open(key, userId, sealed);
  }

  /**
   * With WEBHOOK_SECRET_KEY set: encrypts every token not yet under it with it (a row changed meanwhile is left
   * to its writer), then deletes the database key once no token needs it. Returns how many were re-encrypted.
   */
  async reencrypt(): Promise<number> {
    const { current } = this.#keys;
    if (!current) return 0;
    const currentPrefix = `${SETTING_KEY_VERSION}.${keyId(current)}.`;
    const rows = await this.#db.selectFrom('webhook_secrets').select(['user_id', 'token_ciphertext']).execute();
    let reencrypted = 0;
    for (const row of rows) {
      if (row.token_ciphertext.startsWith(currentPrefix)) continue;
      const token = await this.#decrypt(row.user_id, row.token_ciphertext);
      await this.#db
        .updateTable('webhook_secrets')
        .set({ token_ciphertext: await this.#encrypt(row.user_id, token) })
        .where('user_id', '=', row.user_id)
        .where('token_ciphertext', '=', row.token_ciphertext)
        .execute();
      reencrypted += 1;
    }
    const stillUnderDatabaseKey = await this.#db
      .selectFrom('webhook_secrets')
      .select('user_id')
      .where('token_ciphertext', 'like', `${DATABASE_KEY_VERSION}.%`)
      .executeTakeFirst();
    if (!stillUnderDatabaseKey) await this.#db.deleteFrom('webhook_encryption_keys').execute();
    return reencrypted;
  }

  async #newSecret(userId: number) {
    const token = generateWebhookToken();
    return {
      token,
      row: {
        token_hash: hashWebhookToken(token),
        token_ciphertext: await this.#encrypt(userId, token),
      },
    };
  }

  async #read(userId: number): Promise<Webhook | undefined> {
    const row = await this.#db
      .selectFrom('webhook_secrets')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      token: await this.#decrypt(userId, row.token_ciphertext),
      tradingViewOnly: row.tradingview_only === 1,
      createdAt: row.created_at,
      rotatedAt: row.rotated_at,
    };
  }

  /** The user's webhook, created now if they have none (two concurrent calls agree on one). */
  async get(userId: number): Promise<Webhook> {
    const existing = await this.#read(userId);
    if (existing) return existing;
    const { row } = await this.#newSecret(userId);
    await this.#db
      .insertInto('webhook_secrets')
      .values({ user_id: userId, ...row, tradingview_only: 0, created_at: this.#clock(), rotated_at: null })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    return (await this.#read(userId))!;
  }

  /** Replaces the token: from the moment this resolves, the old URL is unknown. */
  async rotate(userId: number): Promise<Webhook> {
    const { row } = await this.#newSecret(userId);
    const now = this.#clock();
    await this.#db
      .insertInto('webhook_secrets')
      .values({ user_id: userId, ...row, tradingview_only: 0, created_at: now, rotated_at: null })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...row, rotated_at: now }))
      .execute();
    return (await this.#read(userId))!;
  }

  async setTradingViewOnly(userId: number, tradingViewOnly: boolean): Promise<Webhook> {
    await this.get(userId);
    await this.#db
      .updateTable('webhook_secrets')
      .set({ tradingview_only: tradingViewOnly ? 1 : 0 })
      .where('user_id', '=', userId)
      .execute();
    return (await this.#read(userId))!;
  }
}
