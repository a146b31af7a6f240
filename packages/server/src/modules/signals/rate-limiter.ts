import type { Clock } from '../../clock';

interface Window {
  start: number;
  count: number;
}

/**
 * At most `max` requests per key in each fixed window of `windowMs`, counted synchronously.
 *
 * (@fastify/rate-limit 11.2's in-memory store hands every request of a concurrent burst the same counter object
 * and reads it after an await, so a burst of max + 1 requests is refused whole; a webhook burst must instead
 * admit its first `max`.)
 */
export class FixedWindowRateLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
    /** Keys remembered at most; past it windows are forgotten (those keys start afresh), see #forgetOldestKeys. */
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts a request for `key`: 0 when it is admitted, else how many milliseconds until the key's window ends. */
  take(key: string): number {
    const now = this.clock();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.#windows.delete(key);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    // After counting: a new window counts its first request before others are weighed against it.
    if (window.count === 1) this.#forgetOldestKeys();
    return window.count <= this.max ? 0 : window.start + this.windowMs - now;
  }

  /**
   * `to` takes over what `from` has used of its window (a rotated webhook URL keeps its predecessor's count, so
   * rotating is no way around the limit).
   */
  carry(from: string, to: string): void {
    const window = this.#windows.get(from);
    if (!window || this.clock() - window.start >= this.windowMs) return;
    this.#windows.delete(to);
    this.#windows.set(to, { ...window });
    // The old URL is unknown from now on: its next post is answered 404, not 429 for the rest of the window.
    this.#windows.delete(from);
    this.#forgetOldestKeys();
  }

  /**
   * Past `maxKeys`, forgets down to nine tenths of it (one pass per tenth of inserts, not one per insert): ended
   * windows first, then the oldest windows still under their limit, and windows at their limit only when nothing
   * else is left. A flood of made-up keys (unknown webhook tokens) so never frees a URL that is being held back.
   * Map order is insertion order and a renewed window is re-inserted, so the first keys have the oldest windows.
   */
  #forgetOldestKeys(): void {
    if (this.#windows.size <= this.maxKeys) return;
    const target = this.maxKeys - Math.floor(this.maxKeys / 10);
    const now = this.clock();
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.windowMs) this.#windows.delete(key);
    }
    for (const [key, window] of this.#windows) {
      if (this.#windows.size <= target) return;
      if (window.count < this.max) this.#windows.delete(key);
    }
    for (const key of this.#windows.keys()) {
      if (this.#windows.size <= target) return;
      this.#windows.delete(key);
    }
  }
}
