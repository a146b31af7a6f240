import { hasLoneSurrogate } from '../../http/validation';

/**
 * Passwords of 8 characters or more that appear first in published lists of leaked passwords, and the product's
 * own name: the first ones an attacker tries. NIST SP 800-63B asks a service to refuse those rather than to
 * impose rules on which kinds of characters a password holds.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '87654321',
  '987654321',
  '12341234',
  '11223344',
  '123123123',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbnm1',
  'abcd1234',
  'abc12345',
  'abcdefgh',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'trustno1',
  'letmein1',
  'welcome1',
  'whatever',
  'starwars',
  'computer',
  'michelle',
  'jennifer',
  'changeme',
  'bitcoin1',
  'bitcoin123',
  'tradingview',
  'signaldeck',
  'signaldeck1',
  'signaldeck123',
]);

/**
 * Why a new password would be refused although it is long enough: a broken character, only spaces, one
 * character repeated, or one of the passwords tried first (case, full-width forms and invisible joiners
 * ignored). Undefined for a password that passes.
 */
export function weakPasswordReason(password: string): string | undefined {
  // A lone surrogate is stored as U+FFFD once encoded, so two different passwords would sign in alike.
  if (hasLoneSurrogate(password)) return 'The password field must not contain broken characters.';
  if (password.trim() === '') return 'The password field must not be only spaces.';
  if (new Set(password).size === 1) return 'The password field must not repeat one character.';
  // Compared as it reads: full-width letters folded (NFKC), invisible joiners left out.
  const reads = password
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .toLowerCase();
  if (COMMON_PASSWORDS.has(reads)) return 'The password field is one of the most common passwords: choose another.';
  return undefined;
}
