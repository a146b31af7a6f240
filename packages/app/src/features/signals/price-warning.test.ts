import { describe, expect, it } from 'vitest';
import { signalPriceWarning } from './price-warning';

const prices = { BTCUSD: 84_000 };

describe('signalPriceWarning', () => {
  it('should flag a signal priced far from its pair, and say where the market is', () => {
    expect(signalPriceWarning({ status: 'accepted', ticker: 'btcusd', price: 1 }, prices)).toMatch(
      /^Priced 100\.00% below the market \(at 84,000\.00\)$/,
    );
  });

  it('should not flag a repeat, a signal near the market, or one without a price or a known pair', () => {
    expect(signalPriceWarning({ status: 'duplicate', ticker: 'BTCUSD', price: 1 }, prices)).toBeNull();
    expect(signalPriceWarning({ status: 'accepted', ticker: 'BTCUSD', price: 84_100 }, prices)).toBeNull();
    expect(signalPriceWarning({ status: 'accepted', ticker: 'BTCUSD', price: null }, prices)).toBeNull();
    expect(signalPriceWarning({ status: 'accepted', ticker: 'DOGEUSD', price: 1 }, prices)).toBeNull();
  });
});
