/**
 * Webhook health reads, one at a time per trader. Health counts a week of a strategy's signals: on the embedded
 * database that read holds the event loop while it runs (about 0.2 s at 200,000 signals), so a trader looping the
 * endpoint must not hold it for everyone. A trader's reads wait for each other, with a turn of the event loop
 * between them for every other request, and requests for the same strategy while one is waiting or running share
 * its answer.
 */
export class HealthReads<T> {
  readonly #tails = new Map<number, Promise<void>>();
  readonly #shared = new Map<string, Promise<T>>();

  read(userId: number, strategyId: number, compute: () => Promise<T>): Promise<T> {
    const key = `${userId}:${strategyId}`;
    const shared = this.#shared.get(key);
    if (shared) return shared;
    const previous = this.#tails.get(userId) ?? Promise.resolve();
    const result = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(compute);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(userId, tail);
    this.#shared.set(key, result);
    void tail.then(() => {
      if (this.#shared.get(key) === result) this.#shared.delete(key);
      if (this.#tails.get(userId) === tail) this.#tails.delete(userId);
    });
    return result;
  }
}
