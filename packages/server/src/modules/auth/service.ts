import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { writeTransaction } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';
import { validationError } from '../../http/validation';
import { insertDefaultStrategy } from '../signals/webhook-secrets';
import type { LoginThrottle } from './login-throttle';
import { createDummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { SignedIn } from './schemas';
import type { SessionOrigin, TokenService } from './tokens';

export interface Registration {
  name: string;
  /** Already trimmed and lower-cased. */
  email: string;
  password: string;
}

export interface Credentials {
  email: string;
  password: string;
}

const emailTaken = () => validationError({ email: ['The email has already been taken.'] });
const badCredentials = () => validationError({ email: ['These credentials do not match our records.'] });

export class AuthService {
  readonly #dummyPasswordHash = createDummyPasswordHash();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates the account and signs it in. A taken email (compared case-insensitively) is a 422 on `email`, after
   * the same Argon2 work as a new account, so the time to answer does not tell which emails have accounts.
   */
  async register({ name, email, password }: Registration, origin: SessionOrigin = {}): Promise<SignedIn> {
    const existing = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    // Hashed either way, so that a taken email takes as long to answer as a new one.
    const passwordHash = await hashPassword(password);
    if (existing) throw emailTaken();

    const now = this.clock();
    try {
      return await writeTransaction(this.db, async (trx) => {
        const { id } = await trx
          .insertInto('users')
          .values({ name, email, password_hash: passwordHash, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertDefaultStrategy(trx, id, now);
        return { user: { id, name, email }, token: await this.tokens.issue(id, trx, origin) };
      });
    } catch (error) {
      // Two registrations of one email at once: the unique index decides, and the loser hears it is taken.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /**
   * Signs in with email and password. Unknown email and wrong password get the same 422, after the same Argon2
   * work. Failed attempts per email and IP address, and per email from all addresses, are limited; past the limit, a 429 says when to retry.
   */
  async login({ email, password }: Credentials, ip: string, origin: SessionOrigin = {}): Promise<SignedIn> {
    // Counted before the verification: attempts sent at once cannot all pass while the first are being verified.
    const retryAfterMs = this.throttle.reserve(email, ip);
    if (retryAfterMs > 0) {
      const seconds = Math.ceil(retryAfterMs / 1000);
      throw tooManyRequests(`Too many login attempts. Please try again in ${seconds} seconds.`, seconds);
    }

    const user = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    const passwordMatches = await verifyPassword(user?.password_hash ?? (await this.#dummyPasswordHash), password);
    if (!user || !passwordMatches) throw badCredentials();

    this.throttle.clear(email, ip);
    return {
      user: { id: user.id, name: user.name, email: user.email },
      token: await this.tokens.issue(user.id, this.db, origin),
    };
  }

  async logout(tokenId: number): Promise<void> {
    await this.tokens.revoke(tokenId);
  }
}
