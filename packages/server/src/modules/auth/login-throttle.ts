import type { Clock } from '../../clock';

interface Window {
  attempts: number;
  resetsAt: number;
}

const WINDOW_MS = 60_000;
/** Past this many tracked keys, expired windows are swept on the next attempt. */
const SWEEP_THRESHOLD = 1_000;

/**
 * Limits login attempts per key (account and IP address) that have not succeeded, in a fixed one-minute window
 * that starts at the first one. An attempt is counted when it starts, before the password is verified, so
 * attempts sent all at once cannot all pass the check while the first ones are still being verified; a
 * successful login clears its key. Kept in memory: a restart forgives, and with several servers behind a load
 * balancer each counts on its own, which still bounds guessing per server.
 */
export class LoginThrottle {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly maxAttempts: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes one attempt for `key`: 0 when it may go ahead (it counts as a failure until `clear`), else the
   * milliseconds until the key may try again.
   */
  reserve(key: string): number {
    const now = this.clock();
    if (this.#windows.size >= SWEEP_THRESHOLD) this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || window.resetsAt <= now) {
      this.#windows.set(key, { attempts: 1, resetsAt: now + WINDOW_MS });
      return 0;
    }
    if (window.attempts >= this.maxAttempts) return window.resetsAt - now;
    window.attempts += 1;
    return 0;
  }

  /** The key signed in: its earlier failures are forgiven. */
  clear(key: string): void {
    this.#windows.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetsAt <= now) this.#windows.delete(key);
    }
  }
}
