import { AccountQueue } from '../../http/account-queue';

/**
 * Webhook health reads, one at a time per trader, in the app's queue of heavy requests (http/account-queue.ts).
 * Health counts a week of a strategy's signals: on the embedded database that read holds the event loop while it
 * runs (about 0.2 s at 200,000 signals), so a trader looping the endpoint must not hold it for everyone. A
 * trader's reads wait for each other, with turns of the event loop between them for every other request, and
 * requests for the same strategy while one is waiting or running share its answer.
 */
export class HealthReads<T> {
  readonly #queue: AccountQueue;
  readonly #shared = new Map<string, Promise<T>>();

  /** `queue`: the app's queue of heavy requests per account, which health reads join. */
  constructor(queue: AccountQueue = new AccountQueue()) {
    this.#queue = queue;
  }

  read(userId: number, strategyId: number, compute: () => Promise<T>): Promise<T> {
    const key = `${userId}:${strategyId}`;
    const shared = this.#shared.get(key);
    if (shared) return shared;
    const result = this.#queue.run(userId, compute);
    this.#shared.set(key, result);
    const forget = () => {
      if (this.#shared.get(key) === result) this.#shared.delete(key);
    };
    result.then(forget, forget);
    return result;
  }
}
