import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { BackgroundService } from '../../services';
import type { User } from './schemas';

export type AuthenticatedUser = User;

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
  async issue(userId: number, db: Kysely<Database> = this.db): Promise<string> {
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
