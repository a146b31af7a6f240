import { describe, expect, it } from 'vitest';
import { describeOutcome, signalOutcomeText } from './outcome-text';

describe('given describeOutcome', () => {
  it('should give an executed signal its side, quantity and fill price', () => {
    expect(
      describeOutcome({
        status: 'executed',
        side: 'buy',
        quantity: 0.015384,
        price: 65000,
        fee: 1,
        slippage: 0,
        filledAt: 1,
        latencyMs: 3,
      }),
    ).toBe('Executed: buy 0.015384 @ 65,000.00');
  });

  it('should give an ignored or pending signal its reason', () => {
    expect(describeOutcome({ status: 'ignored', reason: 'shorts are off for this strategy' })).toBe(
      'Ignored: shorts are off for this strategy',
    );
    expect(describeOutcome({ status: 'pending', reason: 'waits for the next 1m open' })).toBe(
      'Pending: waits for the next 1m open',
    );
  });

  it('should say nothing for a signal without an outcome', () => {
    expect(describeOutcome(null)).toBeNull();
  });
});

describe('given signalOutcomeText', () => {
  it('should call an accepted signal not decided yet pending, and give a rejected one none', () => {
    expect(signalOutcomeText({ status: 'accepted', outcome: null })).toBe('Pending');
    expect(signalOutcomeText({ status: 'rejected', outcome: null })).toBeNull();
    expect(signalOutcomeText({ status: 'accepted', outcome: { status: 'ignored', reason: 'already long' } })).toBe(
      'Ignored: already long',
    );
  });
});
