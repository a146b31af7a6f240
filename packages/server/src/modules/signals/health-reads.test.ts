import { describe, expect, it } from 'vitest';
import { HealthReads } from './health-reads';

/** A computation that says when it starts and finishes only when told. */
function gate() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const compute = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(`${name} done`));
    });
  const finish = async (name: string) => {
    for (let turn = 0; turn < 20 && !finishers.has(name); turn += 1) await new Promise((r) => setImmediate(r));
    finishers.get(name)!();
  };
  return { started, compute, finish };
}

describe('HealthReads', () => {
  it("should run one trader's reads one at a time, and share a strategy's read between its concurrent requests", async () => {
    const reads = new HealthReads<string>();
    const { started, compute, finish } = gate();
    const first = reads.read(1, 10, compute('a'));
    const same = reads.read(1, 10, compute('a again'));
    const other = reads.read(1, 11, compute('b'));
    expect(same).toBe(first);

    await finish('a');
    expect(await first).toBe('a done');
    expect(started).toEqual(['a']);
    await finish('b');
    expect(await other).toBe('b done');
    expect(started).toEqual(['a', 'b']);
  });

  it("should not make one trader's reads wait for another's", async () => {
    const reads = new HealthReads<string>();
    const { started, compute, finish } = gate();
    void reads.read(1, 10, compute('ada'));
    const bob = reads.read(2, 20, compute('bob'));
    await finish('bob');
    expect(await bob).toBe('bob done');
    expect(started).toContain('ada');
    await finish('ada');
  });

  it('should read again once a read is over, and carry on after one that failed', async () => {
    const reads = new HealthReads<string>();
    await expect(reads.read(1, 10, () => Promise.reject(new Error('database unavailable')))).rejects.toThrow(
      'database unavailable',
    );
    expect(await reads.read(1, 10, () => Promise.resolve('fresh'))).toBe('fresh');
  });
});
