import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB of memory, 2 passes, one
 * lane. The parameters are stored inside each hash, so raising them later keeps old hashes verifiable.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password, and for a hash that is not a valid Argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password nobody knows. Logging in with an unknown email verifies against it, so that
 * answer takes as long as a wrong password for a real account and does not reveal which emails exist.
 */
export function createDummyPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
