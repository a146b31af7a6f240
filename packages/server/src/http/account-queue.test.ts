import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { AccountQueue, BUSY_MESSAGE, MAX_WAITING_PER_ACCOUNT } from './account-queue';

/** A piece of work that runs until `finish` is called, noting when it started. */
function work(log: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    run: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(name),
  };
}

/**
 * Long enough for a turn to start: each starts two passes of the event loop after the one before ends, and this
 * waits five. Counted in passes, not milliseconds: a timer can fire first on a loaded machine.
 */
const settle = async () => {
  for (let pass = 0; pass < 5; pass += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('AccountQueue', () => {
  it("should run one account's heavy requests one after another, and other accounts' beside them", async () => {
    const queue = new AccountQueue();
    const log: string[] = [];
    const [first, second, other] = [work(log, 'ada 1'), work(log, 'ada 2'), work(log, 'grace 1')];
    const results = [queue.run(1, first.run), queue.run(1, second.run), queue.run(2, other.run)];
    await settle();
    expect(log).toEqual(['start ada 1', 'start grace 1']);
    first.finish();
    await settle();
    expect(log).toEqual(['start ada 1', 'start grace 1', 'start ada 2']);
    second.finish();
    other.finish();
    expect(await Promise.all(results)).toEqual(['ada 1', 'ada 2', 'grace 1']);
  });

  it(`should refuse with a 429 past ${MAX_WAITING_PER_ACCOUNT} waiting, and take requests again once they ran`, async () => {
    const queue = new AccountQueue();
    const log: string[] = [];
    const pieces = Array.from({ length: MAX_WAITING_PER_ACCOUNT + 1 }, (_, index) => work(log, `ada ${index}`));
    const admitted = pieces.map((piece) => queue.run(1, piece.run));
    const refused = await queue.run(1, async () => 'too many').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, message: BUSY_MESSAGE });
    for (const piece of pieces) piece.finish();
    await Promise.all(admitted);
    expect(await queue.run(1, async () => 'later')).toBe('later');
  });

  it("should go on with the account's next request when one fails", async () => {
    const queue = new AccountQueue();
    const failed = queue.run(1, async () => {
      throw new Error('the replay failed');
    });
    const next = queue.run(1, async () => 'next');
    await expect(failed).rejects.toThrow('the replay failed');
    expect(await next).toBe('next');
  });
});
