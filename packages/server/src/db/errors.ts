/** Thrown when the database cannot be reached or used right now; answered with 503. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

type ErrorWithCode = Error & { code?: unknown; statusCode?: unknown };

const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|PROTOCOL)/;
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
// SQLSTATE classes 08 (connection exception) and 53 (insufficient resources); 57P01-57P03: the server is
// shutting down or starting up.
const POSTGRES_UNAVAILABLE = /^(08|53)...$|^57P0[123]$/;
const UNAVAILABLE_MESSAGES = [
  'driver has already been destroyed',
  'The database connection is not open',
  'Cannot use a pool after calling end on the pool',
  'Connection terminated',
  'timeout exceeded when trying to connect',
];

/**
 * True when `error` says the database is out of reach (closed, down, busy beyond the timeout, disk full, its
 * connection lost), as opposed to a bug in a query. Both SQLite's and PostgreSQL's forms are recognised.
 *
 * A PostgreSQL connection reset (ECONNRESET: the server restarted or failed over, a proxy or firewall cut the
 * connection) counts: the query failed for want of the database, not through a fault of its own, and the pool
 * replaces the connection, so the answer is a 503 to try again and the executor does not hold it against the
 * signal it was executing. The same codes on an error that carries an HTTP status are the request's own socket
 * (a client that hung up in the middle of its upload): not the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as ErrorWithCode).code;
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || POSTGRES_UNAVAILABLE.test(code)) return true;
    if (NETWORK_ERRORS.has(code) && typeof (error as ErrorWithCode).statusCode !== 'number') return true;
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message));
}

/** True when `error` is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as ErrorWithCode | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * True when `error` is a foreign-key violation, on either database: on ingest, the strategy or user an alert was
 * planned for was deleted (the account, or the strategy) between its batch's read and its INSERT.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as ErrorWithCode | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * True when PostgreSQL aborted a transaction for meeting another one (a deadlock, 40P01, or a serialization
 * failure, 40001): nothing it did was kept, and the same transaction run again may well succeed.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as ErrorWithCode | undefined)?.code;
  return code === '40P01' || code === '40001';
}

/** Attempts at a transaction that PostgreSQL aborts for meeting another (see isTransactionConflict). */
export const CONFLICT_ATTEMPTS = 6;
/** The wait before the second attempt; it doubles before each further one (10, 20, 40, 80, 160 ms). */
const CONFLICT_BACKOFF_MS = 10;

/**
 * The last conflict of a transaction retryingConflicts ran as often as it would: the database is busy with
 * changes that keep meeting this one, and it kept nothing of it, so the answer is a 503 (try again).
 */
export class TransactionConflictError extends DatabaseUnavailableError {
  override name = 'TransactionConflictError';

  constructor(cause: unknown) {
    super('The transaction kept meeting other changes to the same rows.', { cause });
  }
}

const pause = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * Runs `transaction` again when PostgreSQL aborted it for a deadlock or a serialization failure (nothing of it was
 * kept), up to CONFLICT_ATTEMPTS times in all, after a wait that doubles each time, with up to as much again at
 * random (two transactions that met once would otherwise meet again in the same step). After the last attempt
 * the conflict is a TransactionConflictError (a 503); any other error is the caller's at once. (Deleting an
 * account meets the webhook batches inserting that account's signals, each waiting for rows the other holds.)
 */
export async function retryingConflicts<T>(
  transaction: () => Promise<T>,
  {
    attempts = CONFLICT_ATTEMPTS,
    wait = pause,
  }: { attempts?: number; wait?: (milliseconds: number) => Promise<void> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= attempts) throw new TransactionConflictError(error);
      const backoff = CONFLICT_BACKOFF_MS * 2 ** (attempt - 1);
      await wait(backoff + Math.random() * backoff);
    }
  }
}
