import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { BackgroundService } from '../../services';
import type { User } from './schemas';

export type AuthenticatedUser = User;

/** Where a sign-in came from, kept with its token for Account > Active sessions. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** One of a user's live tokens, as Account > Active sessions lists it. */
export interface SessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: number;
  lastUsedAt: number;
}

/** Longer User-Agent headers are cut: they are shown, never parsed beyond a few keywords. */
export const USER_AGENT_MAX_CHARS = 512;

export interface Authentication {
  user: AuthenticatedUser;
  tokenId: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** `last_used_at` is refreshed at most this often per token, so authenticated reads do not each cost a write. */
const LAST_USED_RESOLUTION_MS = MINUTE_MS;
const PRUNE_EVERY_MS = 60 * MINUTE_MS;

/** "Bearer <id>|<secret>": the id finds the row, the secret proves possession. */
const BEARER = /^Bearer +(\d{1,15})\|([A-Za-z0-9_-]{20,128})$/i;

const sha256 = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * Personal access tokens, Sanctum-style: `<id>|<secret>` where the secret is 256 random bits. Only the secret's
 * SHA-256 is stored and it is compared in constant time. A token dies when it has been idle longer than
 * TOKEN_IDLE_TTL_MINUTES, when it is older than TOKEN_ABSOLUTE_TTL_DAYS, or when it is revoked (logout).
 */
export class TokenService {
  readonly #idleMs: number;
  readonly #absoluteMs: number;
  readonly #revokedListeners = new Set<(tokenId: number) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    config: Pick<Config, 'tokenIdleTtlMinutes' | 'tokenAbsoluteTtlDays'>,
    private readonly clock: Clock,
  ) {
    this.#idleMs = config.tokenIdleTtlMinutes * MINUTE_MS;
    this.#absoluteMs = config.tokenAbsoluteTtlDays * DAY_MS;
  }

  /** Creates a token for `userId` and returns its plain text, which is never stored and cannot be shown again. */
  async issue(userId: number, db: Kysely<Database> = this.db, origin: SessionOrigin = {}): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    const now = this.clock();
    const { id } = await db
      .insertInto('personal_access_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(secret).toString('hex'),
        created_at: now,
        last_used_at: now,
        expires_at: now + this.#absoluteMs,
        user_agent: origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX_CHARS) : null,
        ip: origin.ip ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return `${id}|${secret}`;
  }

  /** The user and token an Authorization header stands for, or undefined when it is missing, wrong or expired. */
  async authenticate(authorization: string | undefined): Promise<Authentication | undefined> {
    const match = authorization ? BEARER.exec(authorization.trim()) : null;
    if (!match) return undefined;
    const tokenId = Number(match[1]);
    const row = await this.db
      .selectFrom('personal_access_tokens as token')
      .innerJoin('users as user', 'user.id', 'token.user_id')
      .select(['token.token_hash', 'token.last_used_at', 'token.expires_at', 'user.id', 'user.name', 'user.email'])
      .where('token.id', '=', tokenId)
      .executeTakeFirst();
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), sha256(match[2]!))) return undefined;

    const now = this.clock();
    if (now >= row.expires_at || now - row.last_used_at >= this.#idleMs) {
      await this.revoke(tokenId);
      return undefined;
    }
    if (now - row.last_used_at >= LAST_USED_RESOLUTION_MS) {
      await this.db
        .updateTable('personal_access_tokens')
        .set({ last_used_at: now })
        .where('id', '=', tokenId)
        .execute();
    }
    return { user: { id: row.id, name: row.name, email: row.email }, tokenId };
  }

  /** Deletes the token, then tells the `onRevoked` listeners (the live stream ends what it opened at once). */
  async revoke(tokenId: number): Promise<void> {
    await this.db.deleteFrom('personal_access_tokens').where('id', '=', tokenId).execute();
    for (const listener of this.#revokedListeners) listener(tokenId);
  }

  /** The user's tokens that can still authenticate, most recently used first. */
  async list(userId: number): Promise<SessionRow[]> {
    const now = this.clock();
    const rows = await this.db
      .selectFrom('personal_access_tokens')
      .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .where('last_used_at', '>', now - this.#idleMs)
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      userAgent: row.user_agent,
      ip: row.ip,
      createdAt: Number(row.created_at),
      lastUsedAt: Number(row.last_used_at),
    }));
  }

  /** Revokes one of the user's tokens; false when the user has no token with that id. */
  async revokeOwn(userId: number, tokenId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('personal_access_tokens')
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    for (const listener of this.#revokedListeners) listener(tokenId);
    return true;
  }

  /**
   * Revokes every token of the user except `keepTokenId` (all of them when it is undefined) and ends their
   * streams; returns how many were revoked. Pass `db` to revoke inside a transaction: the listeners are then
   * told only through `notifyRevoked`, once it has committed.
   */
  async revokeAllOf(userId: number, keepTokenId?: number): Promise<number[]> {
    const ids = await this.#deleteAllOf(this.db, userId, keepTokenId);
    this.notifyRevoked(ids);
    return ids;
  }

  /** Deletes the user's tokens but `keepTokenId` in `db` (a transaction), returning their ids; see notifyRevoked. */
  async #deleteAllOf(db: Kysely<Database>, userId: number, keepTokenId?: number): Promise<number[]> {
    let query = db.deleteFrom('personal_access_tokens').where('user_id', '=', userId);
    if (keepTokenId !== undefined) query = query.where('id', '!=', keepTokenId);
    const rows = await query.returning('id').execute();
    return rows.map((row) => Number(row.id));
  }

  /** Deletes every token of the user inside `trx`; call notifyRevoked with the ids after it commits. */
  deleteAllIn(trx: Kysely<Database>, userId: number): Promise<number[]> {
    return this.#deleteAllOf(trx, userId);
  }

  /** Tells the `onRevoked` listeners (the live stream) that these tokens are gone. */
  notifyRevoked(tokenIds: readonly number[]): void {
    for (const tokenId of tokenIds) for (const listener of this.#revokedListeners) listener(tokenId);
  }

  /** Calls `listener` with each token id this instance revokes; returns the unsubscribe function. */
  onRevoked(listener: (tokenId: number) => void): () => void {
    this.#revokedListeners.add(listener);
    return () => this.#revokedListeners.delete(listener);
  }

  /** Deletes every token that can no longer authenticate; returns how many. */
  async pruneExpired(): Promise<number> {
    const now = this.clock();
    const result = await this.db
      .deleteFrom('personal_access_tokens')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_used_at', '<=', now - this.#idleMs)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A background service that prunes dead tokens hourly, so the table does not grow with every login. */
  pruner(onError: (error: unknown) => void): BackgroundService {
    let timer: NodeJS.Timeout | undefined;
    return {
      name: 'token pruner',
      start: () => {
        timer = setInterval(() => this.pruneExpired().catch(onError), PRUNE_EVERY_MS);
        timer.unref();
      },
      stop: () => clearInterval(timer),
    };
  }
}
