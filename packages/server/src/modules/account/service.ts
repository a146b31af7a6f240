import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { writeTransaction } from '../../db/connection';
import { isUniqueViolation, retryingConflicts } from '../../db/errors';
import type { Database } from '../../db/schema';
import { notFound, tooManyRequests } from '../../http/errors';
import { validationError } from '../../http/validation';
import type { LoginThrottle } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { User } from '../auth/schemas';
import type { TokenService } from '../auth/tokens';
import { describeUserAgent } from './user-agent';

export interface Session {
  id: string;
  browser: string;
  device: string;
  ip: string | null;
  createdAt: number;
  lastUsedAt: number;
  current: boolean;
}

const WRONG_PASSWORD = 'The current password is incorrect.';
const emailTaken = () => validationError({ email: ['The email has already been taken.'] });

/** The tables that hold a user's rows, with the column that ties each row to them (directly or by strategy). */
export const USER_TABLES = {
  byUser: [
    'personal_access_tokens',
    'notification_deliveries',
    'notification_channels',
    'notifications',
    'notification_preferences',
    'signals',
    'paper_trades',
    'webhook_refusals',
    'strategies',
  ] as const,
  byStrategy: [
    'signal_body_claims',
    'signal_outcomes',
    'paper_account_events',
    'paper_equity',
    'paper_accounts',
    'strategy_refusals',
  ] as const,
};

/**
 * What the signed-in trader does to their own account: their name and email, their password, their sessions, and
 * the account itself. Every check of the current password counts, like a login, against the login limit per
 * account and address (RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE); a right password clears it.
 */
export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    private readonly clock: Clock,
    /** Runs work while the paper executor does no account work of this process (deleting an account). */
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  /** Throws a 422 on `current_password` unless it is the user's password; a 429 past the login failure limit. */
  async #checkPassword(user: User, password: string | undefined, ip: string): Promise<void> {
    if (!password) throw validationError({ current_password: ['Enter your current password to change your email.'] });
    const retryAfterMs = this.throttle.reserve(user.email, ip);
    if (retryAfterMs > 0) {
      const seconds = Math.ceil(retryAfterMs / 1000);
      throw tooManyRequests(`Too many wrong passwords. Please try again in ${seconds} seconds.`, seconds);
    }
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    if (!row || !(await verifyPassword(row.password_hash, password))) {
      throw validationError({ current_password: [WRONG_PASSWORD] });
    }
    this.throttle.clear(user.email, ip);
  }

  async updateProfile(
    user: User,
    body: { name: string; email: string; current_password?: string | undefined },
    ip: string,
  ): Promise<User> {
    if (body.email !== user.email) {
      await this.#checkPassword(user, body.current_password, ip);
      const taken = await this.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email)
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (taken) throw emailTaken();
    }
    try {
      await this.db
        .updateTable('users')
        .set({ name: body.name, email: body.email, updated_at: this.clock() })
        .where('id', '=', user.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    return { id: user.id, name: body.name, email: body.email };
  }

  /** Changes the password and signs out every session but `tokenId`; returns how many were signed out. */
  async changePassword(
    user: User,
    tokenId: number,
    body: { current_password: string; password: string },
    ip: string,
  ): Promise<number> {
    await this.#checkPassword(user, body.current_password, ip);
    const passwordHash = await hashPassword(body.password);
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: this.clock() })
      .where('id', '=', user.id)
      .execute();
    return (await this.tokens.revokeAllOf(user.id, tokenId)).length;
  }

  async sessions(userId: number, tokenId: number): Promise<Session[]> {
    return (await this.tokens.list(userId)).map((row) => ({
      id: String(row.id),
      ...describeUserAgent(row.userAgent),
      ip: row.ip,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      current: row.id === tokenId,
    }));
  }

  async signOutSession(userId: number, id: string): Promise<void> {
    const tokenId = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null;
    if (tokenId === null || !(await this.tokens.revokeOwn(userId, tokenId))) throw notFound('No such session.');
  }

  async signOutOthers(userId: number, tokenId: number): Promise<number> {
    return (await this.tokens.revokeAllOf(userId, tokenId)).length;
  }

  /**
   * Deletes the account and every row of it (market data is shared and stays) in one transaction, then ends its
   * live streams. The trader confirms with their email and current password.
   */
  async deleteAccount(user: User, body: { email: string; current_password: string }, ip: string): Promise<void> {
    if (body.email !== user.email) {
      throw validationError({ email: ['Type the email of this account exactly to confirm.'] });
    }
    await this.#checkPassword(user, body.current_password, ip);
    const revoked = await this.exclusive(async () => {
      await this.#stopWebhooks(user);
      return retryingConflicts(() => this.#deleteAll(user));
    });
    this.tokens.notifyRevoked(revoked);
  }

  /**
   * The account's webhook URLs stop before its rows are deleted, in a statement committed on its own: the batches
   * already past their read finish, and every later alert finds no owner (404), so the deletion no longer meets
   * a stream of inserts of the account's signals (on PostgreSQL each waited for rows the other held, and a
   * deadlock aborted one of them). Should the deletion still fail, the URLs stay stopped; deleting again finishes.
   */
  async #stopWebhooks(user: User): Promise<void> {
    await this.db.updateTable('strategies').set({ token_hash: null }).where('user_id', '=', user.id).execute();
  }

  /** Deletes every row of the account in one transaction; the ids of the tokens it revoked. */
  #deleteAll(user: User): Promise<number[]> {
    return writeTransaction(this.db, async (trx) => {
      const strategyIds = (
        await trx.selectFrom('strategies').select('id').where('user_id', '=', user.id).execute()
      ).map((row) => Number(row.id));
      if (strategyIds.length > 0) {
        for (const table of USER_TABLES.byStrategy) {
          await trx.deleteFrom(table).where('strategy_id', 'in', strategyIds).execute();
        }
      }
      const tokenIds = await this.tokens.deleteAllIn(trx, user.id);
      for (const table of USER_TABLES.byUser) {
        if (table === 'personal_access_tokens') continue;
        await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
      }
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
      return tokenIds;
    });
  }
}
