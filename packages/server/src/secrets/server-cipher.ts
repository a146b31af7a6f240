import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets the server must read back (webhook tokens, notification channel destinations) are encrypted with
 * AES-256-GCM, bound to their owner by additional data, under a server key: WEBHOOK_SECRET_KEY when set (kept
 * outside the database), else a key kept in the database (webhook_encryption_keys). Each purpose may derive its
 * own key from that server key (HKDF-SHA-256 with the purpose as info), so one purpose's ciphertexts never
 * open under another's. See docs/security.md.
 */

const CIPHER = 'aes-256-gcm';
/** `v1.<iv>.<tag>.<ciphertext>`: under the key kept in the database. */
export const DATABASE_KEY_VERSION = 'v1';
/** `k1.<key id>.<iv>.<tag>.<ciphertext>`: under the WEBHOOK_SECRET_KEY whose id is given. */
export const SETTING_KEY_VERSION = 'k1';

/** Keys from the settings: `current` encrypts (and decrypts), `previous` only decrypts, during a rotation. */
export interface ServerKeys {
  current?: Buffer;
  previous?: Buffer;
}

/** Names a key in a ciphertext without revealing anything of it: the start of its SHA-256. */
export const keyId = (key: Buffer) => hash('sha256', key, 'hex').slice(0, 16);

function seal(key: Buffer, additionalData: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv).setAAD(additionalData);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

function open(key: Buffer, additionalData: Buffer, sealed: string[], what: string): string {
  const [iv, tag, ciphertext] = sealed;
  if (!iv || !tag || !ciphertext || sealed.length !== 3) throw new Error(`Unknown ${what} ciphertext format`);
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'))
    .setAAD(additionalData)
    .setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

export interface ServerCipherOptions {
  keys: ServerKeys;
  /** The key kept in the database, created on first use (WebhookSecrets.databaseKey). */
  databaseKey: () => Promise<Buffer>;
  /** Names the secret in errors, e.g. "webhook token". */
  what: string;
  /** Set: the key for this purpose is derived from the server key with this HKDF info; unset: the server key itself. */
  purpose?: string;
}

/** Encrypts and decrypts one purpose's secrets under the server key, in the versioned formats above. */
export class ServerCipher {
  readonly #options: ServerCipherOptions;
  readonly #derived = new Map<string, Buffer>();

  constructor(options: ServerCipherOptions) {
    this.#options = options;
  }

  #key(serverKey: Buffer): Buffer {
    const { purpose } = this.#options;
    if (!purpose) return serverKey;
    const id = keyId(serverKey);
    let derived = this.#derived.get(id);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), purpose, 32));
      this.#derived.set(id, derived);
    }
    return derived;
  }

  /** The prefix of ciphertexts already under the current setting key, or undefined when none is set. */
  currentPrefix(): string | undefined {
    const { current } = this.#options.keys;
    return current ? `${SETTING_KEY_VERSION}.${keyId(current)}.` : undefined;
  }

  async encrypt(additionalData: Buffer, plaintext: string): Promise<string> {
    const { current } = this.#options.keys;
    if (current)
      return `${SETTING_KEY_VERSION}.${keyId(current)}.${seal(this.#key(current), additionalData, plaintext)}`;
    return `${DATABASE_KEY_VERSION}.${seal(this.#key(await this.#options.databaseKey()), additionalData, plaintext)}`;
  }

  async decrypt(additionalData: Buffer, stored: string): Promise<string> {
    const { what, keys } = this.#options;
    const [version, ...rest] = stored.split('.');
    if (version === DATABASE_KEY_VERSION) {
      return open(this.#key(await this.#options.databaseKey()), additionalData, rest, what);
    }
    if (version !== SETTING_KEY_VERSION) throw new Error(`Unknown ${what} ciphertext format`);
    const [id, ...sealed] = rest;
    const key = [keys.current, keys.previous].find((candidate) => candidate && keyId(candidate) === id);
    if (!key) {
      throw new Error(
        `A ${what} is encrypted with a key that is not configured: set it as WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_PREVIOUS.`,
      );
    }
    return open(this.#key(key), additionalData, sealed, what);
  }
}
