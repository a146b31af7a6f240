import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../db/errors';
import { CommitterClosedError, GroupCommitter } from './group-committer';

/** A commit that waits until the test releases it, recording each batch it was given. */
function controlledCommit() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  return {
    batches,
    release: () => releases.shift()?.(),
    commit: (items: number[]) => {
      batches.push(items);
      return new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((item) => item * 10))));
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommitter', () => {
  describe('given items submitted while a commit runs', () => {
    it('should commit them together in the next batch and answer each with its own result', async () => {
      const control = controlledCommit();
      const committer = new GroupCommitter({ commit: control.commit, maxBatchSize: 100 });

      const first = committer.submit(1);
      await settle();
      expect(control.batches).toEqual([[1]]);

      const later = [2, 3, 4].map((item) => committer.submit(item));
      await settle();
      expect(control.batches).toEqual([[1]]);

      control.release();
      expect(await first).toBe(10);
      await settle();
      expect(control.batches).toEqual([[1], [2, 3, 4]]);
      control.release();
      expect(await Promise.all(later)).toEqual([20, 30, 40]);
    });

    it('should not answer an item before its own batch is committed', async () => {
      const control = controlledCommit();
      const committer = new GroupCommitter({ commit: control.commit, maxBatchSize: 100 });
      let answered = false;
      void committer.submit(1).then(() => (answered = true));
      await settle();
      expect(answered).toBe(false);
      control.release();
      await settle();
      expect(answered).toBe(true);
    });
  });

  describe('given items submitted in the same turn of the event loop', () => {
    it('should put them in one batch, split at the maximum size', async () => {
      const batches: number[][] = [];
      const committer = new GroupCommitter({
        commit: async (items: number[]) => {
          batches.push(items);
          return items;
        },
        maxBatchSize: 3,
      });
      expect(await Promise.all([1, 2, 3, 4, 5].map((item) => committer.submit(item)))).toEqual([1, 2, 3, 4, 5]);
      expect(batches).toEqual([
        [1, 2, 3],
        [4, 5],
      ]);
    });
  });

  describe('given a commit that fails', () => {
    it('should reject every item of that batch and go on with the next', async () => {
      let calls = 0;
      const committer = new GroupCommitter({
        commit: async (items: number[]) => {
          calls += 1;
          if (calls === 1) throw new Error('disk full');
          return items;
        },
        maxBatchSize: 100,
      });
      const failed = [committer.submit(1), committer.submit(2)];
      await expect(Promise.all(failed)).rejects.toThrow('disk full');
      await expect(failed[1]).rejects.toThrow('disk full');
      expect(await committer.submit(3)).toBe(3);
    });
  });

  describe('after close', () => {
    it('should finish the batch in flight, then refuse new items as storage unavailable', async () => {
      const control = controlledCommit();
      const committer = new GroupCommitter({ commit: control.commit, maxBatchSize: 100 });
      const inFlight = committer.submit(1);
      await settle();
      const closed = committer.close();
      const refused = committer.submit(2);
      await expect(refused).rejects.toBeInstanceOf(CommitterClosedError);
      await expect(refused).rejects.toSatisfy(isDatabaseUnavailable);
      control.release();
      await closed;
      expect(await inFlight).toBe(10);
    });
  });

  it('should report each committed batch with its size', async () => {
    const sizes: number[] = [];
    const committer = new GroupCommitter({
      commit: async (items: number[]) => items,
      maxBatchSize: 100,
      onBatch: (size) => sizes.push(size),
    });
    await Promise.all([1, 2, 3].map((item) => committer.submit(item)));
    expect(sizes).toEqual([3]);
  });

  describe('given concurrency and a key per item', () => {
    it('should commit batches side by side, but never two items of one key at once, and those in order', async () => {
      const control = controlledCommit();
      const committer = new GroupCommitter({
        commit: control.commit,
        maxBatchSize: 100,
        concurrency: 2,
        // Items 1x belong to key 1, items 2x to key 2.
        key: (item: number) => String(Math.floor(item / 10)),
      });

      const first = committer.submit(11);
      await settle();
      expect(control.batches).toEqual([[11]]);
      // A second batch starts beside the first with key 2's item; key 1's next item waits for the first batch.
      const later = [12, 21, 13].map((item) => committer.submit(item));
      await settle();
      expect(control.batches).toEqual([[11], [21]]);

      control.release();
      expect(await first).toBe(110);
      await settle();
      expect(control.batches).toEqual([[11], [21], [12, 13]]);
      control.release();
      control.release();
      expect(await Promise.all(later)).toEqual([120, 210, 130]);
      await committer.close();
    });
  });
});
