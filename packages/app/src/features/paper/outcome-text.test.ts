import { describe, expect, it } from 'vitest';
import { describeOutcome, signalOutcomeText } from './outcome-text';

const executed = (
  side: 'buy' | 'sell',
  effect: 'open' | 'add' | 'reduce' | 'close' | 'reverse' | null,
  closedQuantity: number | null,
  openedQuantity: number | null,
) => ({
  status: 'executed' as const,
  side,
  quantity: (closedQuantity ?? 0) + (openedQuantity ?? 0) || 0.7,
  effect,
  closedQuantity,
  openedQuantity,
  price: 84123.45,
  fee: 1,
  slippage: 0,
  filledAt: 1,
  latencyMs: 3,
});

describe('given describeOutcome', () => {
  it('should say what an executed signal did to the position, at its fill price', () => {
    expect(describeOutcome(executed('buy', 'open', 0, 0.015384))).toBe('Executed: opened long 0.015384 @ 84,123.45');
    expect(describeOutcome(executed('sell', 'open', 0, 0.5))).toBe('Executed: opened short 0.5 @ 84,123.45');
    // Every decimal the engine keeps (8), however large the quantity: as Trades and the CSV show it.
    expect(describeOutcome(executed('buy', 'open', 0, 5.96872388))).toBe(
      'Executed: opened long 5.96872388 @ 84,123.45',
    );
    expect(describeOutcome(executed('buy', 'add', 0, 0.1))).toBe('Executed: added 0.1 to long @ 84,123.45');
    expect(describeOutcome(executed('sell', 'reduce', 0.2, 0))).toBe('Executed: reduced long by 0.2 @ 84,123.45');
    expect(describeOutcome(executed('buy', 'close', 0.5, 0))).toBe('Executed: closed short 0.5 @ 84,123.45');
  });

  it('should say a reversal closed one side and opened the other, not "sell 0.7"', () => {
    expect(describeOutcome(executed('sell', 'reverse', 0.5, 0.2))).toBe(
      'Executed: closed long 0.5, opened short 0.2 @ 84,123.45',
    );
    expect(describeOutcome(executed('buy', 'reverse', 0.3, 1))).toBe(
      'Executed: closed short 0.3, opened long 1 @ 84,123.45',
    );
  });

  it('should put the fill price first in a row, where the table cuts what does not fit in two lines', () => {
    expect(describeOutcome(executed('buy', 'open', 0, 0.01), { brief: true })).toBe(
      'Executed at 84,123.45: opened long 0.01',
    );
    expect(describeOutcome(executed('sell', 'reverse', 0.5, 0.2), { brief: true })).toBe(
      'Executed at 84,123.45: long 0.5 → short 0.2',
    );
    expect(describeOutcome(executed('buy', 'reverse', 0.3, 1), { brief: true })).toBe(
      'Executed at 84,123.45: short 0.3 → long 1',
    );
  });

  it('should say why a reversal that only closed did not open the other side', () => {
    const note = 'short not opened: order needs $5,010.00, the account has $4,200.00 available';
    expect(describeOutcome({ ...executed('sell', 'close', 0.5, 0), note })).toBe(
      `Executed: closed long 0.5 @ 84,123.45; ${note}`,
    );
    expect(describeOutcome({ ...executed('sell', 'close', 0.5, 0), note }, { brief: true })).toBe(
      'Executed at 84,123.45: closed long 0.5, short not opened',
    );
  });

  it("should keep a row's note to its first words when its reason has a colon of its own", () => {
    const note =
      "short not opened: stop_loss 50000 is below 51000, the price this short would fill at: a short's stop must be above its entry";
    expect(describeOutcome({ ...executed('sell', 'close', 0.5, 0), note })).toBe(
      `Executed: closed long 0.5 @ 84,123.45; ${note}`,
    );
    expect(describeOutcome({ ...executed('sell', 'close', 0.5, 0), note }, { brief: true })).toBe(
      'Executed at 84,123.45: closed long 0.5, short not opened',
    );
  });

  it('should give an outcome decided before effects were recorded its side and quantity', () => {
    expect(describeOutcome(executed('sell', null, null, null))).toBe('Executed: sell 0.7 @ 84,123.45');
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
