import { describe, expect, it } from 'vitest';
import { farFromMarket, formatMarketDistance } from './market-distance';

describe('given farFromMarket', () => {
  it('should flag a BTC buy at $1,102 with the market near $84,000, and say by how much', () => {
    expect(farFromMarket(1_102, 84_000)).toEqual({
      share: (1_102 - 84_000) / 84_000,
      marketPrice: 84_000,
      text: 'Priced 98.69% below the market (at 84,000.00)',
    });
  });

  it('should flag a price more than 10% above', () => {
    expect(farFromMarket(110.01, 100)?.text).toBe('Priced 10.01% above the market (at 100.00)');
  });

  it('should say 199.80%, not round it to 200%, for a price almost three times the market', () => {
    expect(farFromMarket(299.8, 100)?.text).toBe('Priced 199.80% above the market (at 100.00)');
  });

  it('should not flag a price within 10%, or one it cannot compare', () => {
    expect(farFromMarket(110, 100)).toBeNull();
    expect(farFromMarket(90, 100)).toBeNull();
    expect(farFromMarket(null, 100)).toBeNull();
    expect(farFromMarket(100, undefined)).toBeNull();
    expect(farFromMarket(100, 0)).toBeNull();
  });

  it('should say a price 100 times the market or more as a multiple, short for any price the webhook takes', () => {
    expect(farFromMarket(9_999, 100)?.text).toBe('Priced 9,899.00% above the market (at 100.00)');
    expect(farFromMarket(100_000, 80)?.text).toBe('Priced 1,250 times the market (at 80.00)');
    expect(farFromMarket(Number.MAX_VALUE, 163.9)?.text).toBe('Priced 1.1E306 times the market (at 163.90)');
    expect(farFromMarket(5e-324, 163.9)?.text).toBe('Priced 100.00% below the market (at 163.90)');
  });

  it('should take another threshold', () => {
    expect(farFromMarket(103, 100, 0.02)?.text).toBe('Priced 3.00% above the market (at 100.00)');
  });
});

describe('given formatMarketDistance, the one wording of the chart and the signals list', () => {
  it('should give every distance two decimals, 200% as 200.00%, and round as one formatter', () => {
    expect(formatMarketDistance(2, 100)).toBe('Priced 200.00% above the market (at 100.00)');
    expect(formatMarketDistance(1.998, 85_881.19)).toBe('Priced 199.80% above the market (at 85,881.19)');
    expect(formatMarketDistance(1.99999, 100)).toBe('Priced 200.00% above the market (at 100.00)');
    expect(formatMarketDistance(-0.5, 3_000)).toBe('Priced 50.00% below the market (at 3,000.00)');
  });
});
