import { createCipheriv, createDecipheriv, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';

/*
 * A user's webhook token is the only credential TradingView can present (it cannot sign requests or set
 * headers), so it is a 256-bit random value in the URL path:
 * - requests find their user by the token's SHA-256 hash (a unique index), never by the token itself;
 * - GET /api/webhook must show the whole URL again (DESIGN.md), so the token is also kept encrypted with
 *   AES-256-GCM, bound to its user (additional data), under a server key. The key lives in its own table,
 *   created on first use and shared by every instance on one PostgreSQL; a copy of the webhook_secrets rows
 *   alone (an export, a support query) therefore reveals no usable token. A full database dump holds the key
 *   too: docs/security.md says so and what to do about it.
 * Tokens never reach a log line: the logger redacts /api/webhooks/<token>, and no code here logs one.
 */

/** 32 random bytes in base64url: 43 characters. */
export const WEBHOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const CIPHER = 'aes-256-gcm';
const CIPHERTEXT_VERSION = 'v1';
const KEY_ID = 1;

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

function encrypt(key: Buffer, userId: number, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv).setAAD(additionalData(userId));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [CIPHERTEXT_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

function decrypt(key: Buffer, userId: number, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== CIPHERTEXT_VERSION || !iv || !tag || !ciphertext)
    throw new Error('Unknown webhook token ciphertext format');
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'))
    .setAAD(additionalData(userId))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Each user's webhook: created on first use, rotated on request, with its sender restriction. */
export class WebhookSecrets {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  #key: Promise<Buffer> | undefined;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The server key, created by whichever instance needs it first. */
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

  async #newSecret(userId: number) {
    const token = generateWebhookToken();
    return {
      token,
      row: {
        token_hash: hashWebhookToken(token),
        token_ciphertext: encrypt(await this.#encryptionKey(), userId, token),
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
      token: decrypt(await this.#encryptionKey(), userId, row.token_ciphertext),
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
