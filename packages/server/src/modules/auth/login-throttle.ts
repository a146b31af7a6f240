import type { Clock } from '../../clock';

interface Window {
  failures: number;
  resetsAt: number;
}

const WINDOW_MS = 60_000;
/** Past this many tracked keys, expired windows are swept on the next failure. */
const SWEEP_THRESHOLD = 1_000;

/**
 * Counts failed logins per key (account and IP address) in a fixed one-minute window that starts at the first
 * failure. A successful login clears its key. Kept in memory: a restart forgives, and with several servers
 * behind a load balancer each counts on its own, which still bounds guessing per server.
 */
export class LoginThrottle {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly maxFailures: number,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number {
    const window = this.#windows.get(key);
    const now = this.clock();
    if (!window || window.resetsAt <= now || window.failures < this.maxFailures) return 0;
    return window.resetsAt - now;
  }

  recordFailure(key: string): void {
    const now = this.clock();
    if (this.#windows.size >= SWEEP_THRESHOLD) this.#sweep(now);
    const window = this.#windows.get(key);
    if (window && window.resetsAt > now) window.failures += 1;
    else this.#windows.set(key, { failures: 1, resetsAt: now + WINDOW_MS });
  }

  clear(key: string): void {
    this.#windows.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetsAt <= now) this.#windows.delete(key);
    }
  }
}
