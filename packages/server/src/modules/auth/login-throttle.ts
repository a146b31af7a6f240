import { isIPv6 } from 'node:net';
import type { Clock } from '../../clock';

interface Window {
  attempts: number;
  resetsAt: number;
}

const WINDOW_MS = 60_000;
/** Past this many tracked keys, expired windows are swept on the next attempt. */
const SWEEP_THRESHOLD = 1_000;
/** An account takes this many times the per-address limit from all addresses together. */
export const ACCOUNT_LIMIT_FACTOR = 4;

/**
 * The network an address is counted by: an IPv4 address (an IPv4-mapped IPv6 one as IPv4) itself, an IPv6
 * address by its /64, which one subscriber usually holds whole (so changing the last 64 bits is no new address).
 */
export function addressNetwork(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('::');
  const split = (part: string) => (part === '' ? [] : part.split(':'));
  const groups =
    tail === undefined
      ? split(head)
      : [
          ...split(head),
          ...Array<string>(Math.max(0, 8 - split(head).length - split(tail).length)).fill('0'),
          ...split(tail),
        ];
  const prefix = Array.from({ length: 4 }, (_, index) => Number.parseInt(groups[index] ?? '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * Limits password checks that have not succeeded, in fixed one-minute windows that start at the first one: per
 * account and address (IPv6 by its /64), and per account from all addresses together (ACCOUNT_LIMIT_FACTOR times
 * as many), so that many addresses do not make many guesses. An attempt is counted when it starts, before the
 * password is verified, so attempts sent all at once cannot all pass the check while the first ones are still
 * being verified; a successful check clears both. Kept in memory: a restart forgives, and with several servers
 * behind a load balancer each counts on its own, which still bounds guessing per server.
 */
export class LoginThrottle {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly maxAttempts: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes one attempt at `account`'s password from `ip`: 0 when it may go ahead (it counts as a failure until
   * `clear`), else the milliseconds until it may be tried again from there.
   */
  reserve(account: string, ip: string): number {
    const now = this.clock();
    if (this.#windows.size >= SWEEP_THRESHOLD) this.#sweep(now);
    const counted = this.#limits(account, ip).map(({ key, max }) => {
      const window = this.#windows.get(key);
      return { key, max, window: window && window.resetsAt > now ? window : undefined };
    });
    const wait = Math.max(
      0,
      ...counted.map(({ max, window }) => (window && window.attempts >= max ? window.resetsAt - now : 0)),
    );
    if (wait > 0) return wait;
    for (const { key, window } of counted) {
      if (window) window.attempts += 1;
      else this.#windows.set(key, { attempts: 1, resetsAt: now + WINDOW_MS });
    }
    return 0;
  }

  /** Forgets the failures counted against `account`, from `ip` and from everywhere: its password was right. */
  clear(account: string, ip: string): void {
    for (const { key } of this.#limits(account, ip)) this.#windows.delete(key);
  }

  /** The two windows an attempt counts in: the account from the address's network, and the account overall. */
  #limits(account: string, ip: string): { key: string; max: number }[] {
    return [
      { key: `address ${account}|${addressNetwork(ip)}`, max: this.maxAttempts },
      { key: `account ${account}`, max: this.maxAttempts * ACCOUNT_LIMIT_FACTOR },
    ];
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetsAt <= now) this.#windows.delete(key);
    }
  }
}
