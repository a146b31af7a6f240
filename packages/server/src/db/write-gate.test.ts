import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';
import { WriteGate } from './write-gate';

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('a write gate', () => {
  it('should let one holder in at a time and hand it on in the order asked', async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    const first = await gate.acquire();
    const second = gate.acquire().then((release) => (order.push('second'), release));
    const third = gate.acquire().then((release) => (order.push('third'), release));
    expect(gate.waiting).toBe(2);
    expect(await settled(second)).toBe(false);

    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(gate.waiting).toBe(0);
    expect(await settled(gate.acquire())).toBe(true);
  });

  it('should do nothing when a holder lets go twice, so the next holder keeps it', async () => {
    const gate = new WriteGate();
    const first = await gate.acquire();
    const second = gate.acquire();
    first();
    const release = await second;
    first();
    const third = gate.acquire();
    expect(await settled(third)).toBe(false);
    release();
    expect(await settled(third)).toBe(true);
  });

  it('should let go after work that throws', async () => {
    const gate = new WriteGate();
    await expect(gate.run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('should give up after the time asked for, as busy, and keep the line for the others', async () => {
    const gate = new WriteGate();
    const holder = await gate.acquire();
    const impatient = gate.acquire(20);
    const patient = gate.acquire();
    await expect(impatient).rejects.toSatisfy(isDatabaseUnavailable);
    expect(gate.waiting).toBe(1);
    holder();
    const release = await patient;
    expect(gate.waiting).toBe(0);
    release();
    expect(await settled(gate.acquire())).toBe(true);
  });
});
