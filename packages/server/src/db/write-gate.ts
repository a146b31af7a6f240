import { DatabaseUnavailableError } from './errors';

/**
 * One write at a time among this process's connections to the SQLite file, taken in the order asked.
 *
 * SQLite lets one connection write at a time. Without this gate, a connection that asks while another writes waits
 * in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25 ms and so on between its tries: on the app's
 * connection that sleep stops the main thread (better-sqlite3 is synchronous), and on the ingest's worker a batch
 * waited up to 78 ms behind a paper executor's transaction that had ended long before (measured under webhook
 * load). Asking here first, the next writer starts as soon as the last one commits, and the main thread waits
 * without blocking. One process owns the data directory (data-dir lock), so its connections are all the writers
 * there are; the busy timeout stays for anything else that opens the file.
 */
export class WriteGate {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  /**
   * Resolves once the gate is the caller's, with the function that lets it go (once; later calls do nothing).
   * Rejects after `timeoutMs` in line as SQLite does after its busy timeout: the database is busy (a 503), and
   * nothing was written.
   */
  async acquire(timeoutMs = Infinity): Promise<() => void> {
    if (!this.#held) this.#held = true;
    else {
      await new Promise<void>((resolve, reject) => {
        const handOver = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = Number.isFinite(timeoutMs)
          ? setTimeout(() => {
              const index = this.#waiting.indexOf(handOver);
              if (index >= 0) this.#waiting.splice(index, 1);
              reject(
                Object.assign(
                  new DatabaseUnavailableError(`The database stayed busy for ${timeoutMs} ms; nothing was written.`),
                  { code: 'SQLITE_BUSY' },
                ),
              );
            }, timeoutMs)
          : undefined;
        this.#waiting.push(handOver);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // Handed straight to the next in line, so nobody can slip in between.
      if (next) next();
      else this.#held = false;
    };
  }

  /** Runs `work` holding the gate (see acquire for `timeoutMs`). */
  async run<T>(work: () => Promise<T>, timeoutMs = Infinity): Promise<T> {
    const release = await this.acquire(timeoutMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** How many wait for the gate (not counting its holder). */
  get waiting(): number {
    return this.#waiting.length;
  }
}
