import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { DATABASE_KEY_VERSION, ServerCipher, type ServerKeys } from '../../secrets/server-cipher';
import { DEFAULT_SETTINGS } from '../paper/settings';

/** Every user's first strategy, whose URL is the one `/api/webhook` shows. */
export const DEFAULT_STRATEGY_NAME = 'Default';

/*
 * A strategy's webhook token (each strategy has its own URL; a user's Default is the one `/api/webhook` shows) is
 * the only credential TradingView can present (it cannot sign requests or set
 * headers), so it is a 256-bit random value in the URL path:
 * - requests find their user by the token's SHA-256 hash (a unique index), never by the token itself;
 * - GET /api/webhook must show the whole URL again (DESIGN.md), so the token is also kept encrypted with
 *   AES-256-GCM, bound to its user (additional data), under a server key: WEBHOOK_SECRET_KEY when set (kept
 *   outside the database), else a key in its own table, created on first use and shared by every instance on
 *   one PostgreSQL. A copy of the strategies rows alone (an export, a support query) reveals no usable
 *   token; without the setting a full database dump holds the key too (docs/security.md).
 * Tokens never reach a log line: the logger redacts /api/webhooks/<token>, and no code here logs one.
 */

/** 32 random bytes in base64url: 43 characters. */
export const WEBHOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const KEY_ID = 1;

/** Keys from the settings: `current` encrypts (and decrypts), `previous` only decrypts, during a rotation. */
export type WebhookSecretKeys = ServerKeys;

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

/**
 * Each strategy's webhook: created on first use, rotated on request, with its sender restriction.
 *
 * Tokens are encrypted under WEBHOOK_SECRET_KEY when it is set, else under a key kept in the database. With the
 * setting, `reencrypt()` (run at start) moves every ciphertext to the current key (from the database key or
 * from WEBHOOK_SECRET_KEY_PREVIOUS) and then deletes the database key, so a copy of the database alone no longer
 * holds what decrypts the tokens.
 */
export class WebhookSecrets {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #onRotated: (previousHash: string, nextHash: string) => void;
  readonly #cipher: ServerCipher;
  #key: Promise<Buffer> | undefined;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    keys: WebhookSecretKeys = {},
    /** Told of each rotation, with the former and the new token's hash. */
    onRotated: (previousHash: string, nextHash: string) => void = () => {},
  ) {
    this.#onRotated = onRotated;
    this.#db = db;
    this.#clock = clock;
    this.#cipher = new ServerCipher({ keys, databaseKey: () => this.databaseKey(), what: 'webhook token' });
  }

  /**
   * The key kept in the database, created by whichever instance needs it first (notification channels derive
   * theirs from it too when WEBHOOK_SECRET_KEY is unset).
   */
  databaseKey(): Promise<Buffer> {
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

  #encrypt(userId: number, token: string): Promise<string> {
    return this.#cipher.encrypt(additionalData(userId), token);
  }

  #decrypt(userId: number, stored: string): Promise<string> {
    return this.#cipher.decrypt(additionalData(userId), stored);
  }

  /**
   * With WEBHOOK_SECRET_KEY set: encrypts every token not yet under it with it (a row changed meanwhile is left
   * to its writer), then deletes the database key once no token needs it. Returns how many were re-encrypted.
   */
  async reencrypt(): Promise<number> {
    const currentPrefix = this.#cipher.currentPrefix();
    if (!currentPrefix) return 0;
    const rows = await this.#db
      .selectFrom('strategies')
      .select(['id', 'user_id', 'token_ciphertext'])
      .where('token_ciphertext', 'is not', null)
      .execute();
    let reencrypted = 0;
    for (const row of rows) {
      const stored = row.token_ciphertext!;
      if (stored.startsWith(currentPrefix)) continue;
      const token = await this.#decrypt(row.user_id, stored);
      await this.#db
        .updateTable('strategies')
        .set({ token_ciphertext: await this.#encrypt(row.user_id, token) })
        .where('id', '=', row.id)
        .where('token_ciphertext', '=', stored)
        .execute();
      reencrypted += 1;
    }
    const stillUnderDatabaseKey = await this.#db
      .selectFrom('strategies')
      .select('id')
      .where('token_ciphertext', 'like', `${DATABASE_KEY_VERSION}.%`)
      .executeTakeFirst();
    // Notification channels derive their key from the same one (modules/notifications/secrets.ts re-encrypts them).
    const channelUnderDatabaseKey = await this.#db
      .selectFrom('notification_channels')
      .select('id')
      .where('destination_ciphertext', 'like', `${DATABASE_KEY_VERSION}.%`)
      .executeTakeFirst();
    if (!stillUnderDatabaseKey && !channelUnderDatabaseKey)
      await this.#db.deleteFrom('webhook_encryption_keys').execute();
    return reencrypted;
  }

  /** A new token for one of `userId`'s strategies: the token, and the columns that store it. */
  async newToken(userId: number): Promise<{ token: string; token_hash: string; token_ciphertext: string }> {
    const token = generateWebhookToken();
    return { token, token_hash: hashWebhookToken(token), token_ciphertext: await this.#encrypt(userId, token) };
  }

  /** The id of the user's Default strategy (their first), created now for a user who has none yet. */
  async defaultStrategyId(userId: number): Promise<number> {
    const existing = await this.#db
      .selectFrom('strategies')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return existing?.id ?? insertDefaultStrategy(this.#db, userId, this.#clock());
  }

  async #read(userId: number, strategyId: number): Promise<Webhook | undefined> {
    const row = await this.#db
      .selectFrom('strategies')
      .select(['token_ciphertext', 'tradingview_only', 'created_at', 'rotated_at'])
      .where('id', '=', strategyId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.token_ciphertext) return undefined;
    return {
      token: await this.#decrypt(userId, row.token_ciphertext),
      tradingViewOnly: row.tradingview_only === 1,
      createdAt: row.created_at,
      rotatedAt: row.rotated_at,
    };
  }

  /**
   * The webhook of one of the user's strategies (their Default when none is named), its token created now if it
   * has none (two concurrent calls agree on one). Throws when the user has no such strategy.
   */
  async get(userId: number, strategyId?: number): Promise<Webhook> {
    const id = strategyId ?? (await this.defaultStrategyId(userId));
    const existing = await this.#read(userId, id);
    if (existing) return existing;
    const { token: _token, ...columns } = await this.newToken(userId);
    await this.#db
      .updateTable('strategies')
      .set(columns)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('token_hash', 'is', null)
      .execute();
    const created = await this.#read(userId, id);
    if (!created) throw new Error(`Strategy ${id} of user ${userId} does not exist`);
    return created;
  }

  /** Replaces the token: from the moment this resolves, the old URL is unknown. */
  async rotate(userId: number, strategyId?: number): Promise<Webhook> {
    const id = strategyId ?? (await this.defaultStrategyId(userId));
    const { token: _token, ...columns } = await this.newToken(userId);
    const existing = await this.#db
      .selectFrom('strategies')
      .select('token_hash')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.#db
      .updateTable('strategies')
      // A first URL is not a rotation: rotatedAt stays null.
      .set({ ...columns, rotated_at: existing?.token_hash ? this.#clock() : null })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    if (existing?.token_hash) this.#onRotated(existing.token_hash, columns.token_hash);
    return this.get(userId, id);
  }

  /** Restricts (or not) the Default strategy's URL to TradingView's addresses. */
  async setTradingViewOnly(userId: number, tradingViewOnly: boolean): Promise<Webhook> {
    const id = await this.defaultStrategyId(userId);
    await this.#db
      .updateTable('strategies')
      .set({ tradingview_only: tradingViewOnly ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    return this.get(userId, id);
  }
}

/** A new strategy's own columns; its URL's token columns stay null until the URL is first asked for. */
export interface NewStrategy {
  userId: number;
  name: string;
  /** As stored: JSON text. */
  settings: string;
  token_hash?: string | null;
  token_ciphertext?: string | null;
  now: number;
}

/** Inserts a strategy and its fresh paper account (in `db`, which may be a transaction); returns its id. */
export async function insertStrategy(db: Kysely<Database>, strategy: NewStrategy): Promise<number> {
  const { userId, name, settings, now } = strategy;
  const { id } = await db
    .insertInto('strategies')
    .values({
      user_id: userId,
      name,
      settings,
      token_hash: strategy.token_hash ?? null,
      token_ciphertext: strategy.token_ciphertext ?? null,
      tradingview_only: 0,
      created_at: now,
      updated_at: now,
      rotated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('paper_accounts')
    .values({ strategy_id: id, state: null, opened_at: now, candles_until: now, watches_candles: 0, updated_at: now })
    .execute();
  return id;
}

/**
 * Creates the user's Default strategy with the default settings and a fresh paper account (at registration, and
 * for a user created without one); its URL is made the first time it is asked for. Returns its id.
 */
export function insertDefaultStrategy(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  return insertStrategy(db, { userId, name: DEFAULT_STRATEGY_NAME, settings: JSON.stringify(DEFAULT_SETTINGS), now });
}
