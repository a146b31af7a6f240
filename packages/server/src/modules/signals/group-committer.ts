import { DatabaseUnavailableError } from '../../db/errors';

/** Thrown by `submit` once the committer is closed: storage is unavailable to this request (503, try again). */
export class CommitterClosedError extends DatabaseUnavailableError {
  override name = 'CommitterClosedError';

  constructor() {
    super('The server is shutting down.');
  }
}

interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupCommitterOptions<Item, Result> {
  /**
   * Commits `items` in one transaction and returns one result per item, in order. Resolving means every
   * item is durably stored; throwing fails the whole batch (each submitter gets the error).
   */
  commit(items: Item[]): Promise<Result[]>;
  /** Keeps one transaction's statements within the databases' parameter limits. */
  maxBatchSize: number;
  /**
   * Batches committed at once (1 unless given): more than one only where `commit` is safe beside itself (on
   * PostgreSQL, whose ingest statements take only the locks of the alerts they store).
   */
  concurrency?: number;
  /**
   * With `concurrency`: items of one key are never in two batches at once, so they commit in the order they were
   * submitted (ingest: a strategy's signals commit in receipt order, the order its paper account executes them).
   */
  key?(item: Item): string;
  /** Told after each committed batch (for the debug log and the benchmark). */
  onBatch?(size: number, milliseconds: number): void;
}

/**
 * Group commit: the first item starts a transaction; items submitted while it runs wait and are committed
 * together in the next one. One commit (one fsync) then serves a whole batch, so throughput grows with load
 * while each submitter still learns of its own item only once it is committed.
 *
 * A batch starts on the next turn of the event loop (setImmediate) rather than at once, so the requests whose
 * bytes arrived in the same read join the same transaction. With `concurrency` above 1, items submitted while
 * a batch commits start another batch beside it, up to that many at once.
 */
export class GroupCommitter<Item, Result> {
  readonly #options: GroupCommitterOptions<Item, Result>;
  #queue: Pending<Item, Result>[] = [];
  readonly #running = new Set<Promise<void>>();
  #starting = false;
  #closed = false;
  /** The keys of the items in batches being committed. */
  readonly #busyKeys = new Set<string>();

  constructor(options: GroupCommitterOptions<Item, Result>) {
    this.#options = options;
  }

  submit(item: Item): Promise<Result> {
    if (this.#closed) return Promise.reject(new CommitterClosedError());
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#startSoon();
    });
  }

  /** On the next turn of the event loop, another batch, if fewer than `concurrency` run. */
  #startSoon(): void {
    if (this.#starting || this.#running.size >= (this.#options.concurrency ?? 1)) return;
    this.#starting = true;
    const drain: Promise<void> = new Promise<void>((done) => setImmediate(done))
      .then(() => {
        this.#starting = false;
        return this.#drain();
      })
      .finally(() => {
        this.#running.delete(drain);
        if (this.#queue.some((pending) => this.#free(pending))) this.#startSoon();
      });
    this.#running.add(drain);
  }

  #free(pending: Pending<Item, Result>): boolean {
    return !this.#options.key || !this.#busyKeys.has(this.#options.key(pending.item));
  }

  /** The next batch: the oldest items whose keys no other batch holds, up to maxBatchSize. */
  #take(): Pending<Item, Result>[] {
    const { key, maxBatchSize } = this.#options;
    if (!key) return this.#queue.splice(0, maxBatchSize);
    const batch: Pending<Item, Result>[] = [];
    const rest: Pending<Item, Result>[] = [];
    for (const pending of this.#queue) {
      if (batch.length < maxBatchSize && this.#free(pending)) batch.push(pending);
      else rest.push(pending);
    }
    this.#queue = rest;
    for (const pending of batch) this.#busyKeys.add(key(pending.item));
    return batch;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#take();
      // Everything waiting belongs to batches being committed: their drains take it next.
      if (batch.length === 0) return;
      const started = performance.now();
      try {
        const results = await this.#options.commit(batch.map((pending) => pending.item));
        this.#options.onBatch?.(batch.length, performance.now() - started);
        batch.forEach((pending, index) => pending.resolve(results[index]!));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      } finally {
        if (this.#options.key) for (const pending of batch) this.#busyKeys.delete(this.#options.key(pending.item));
      }
    }
  }

  /** Refuses new items and resolves once everything already submitted has been committed (or has failed). */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
