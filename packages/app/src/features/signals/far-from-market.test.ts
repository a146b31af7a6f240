import { describe, expect, it } from 'vitest';
import { describeFarFromMarket, farFromMarket } from './far-from-market';

describe('given farFromMarket', () => {
  it('should flag a BTC buy at $1,102 with the market near $84,000, and say by how much', () => {
    expect(farFromMarket(1_102, 84_000)).toEqual({ share: (1_102 - 84_000) / 84_000, text: '98.69% below the market' });
  });

  it('should flag a price more than 10% above', () => {
    expect(farFromMarket(110.01, 100)?.text).toBe('10.01% above the market');
  });

  it('should not flag a price within 10%, or one it cannot compare', () => {
    expect(farFromMarket(110, 100)).toBeNull();
    expect(farFromMarket(90, 100)).toBeNull();
    expect(farFromMarket(null, 100)).toBeNull();
    expect(farFromMarket(100, undefined)).toBeNull();
    expect(farFromMarket(100, 0)).toBeNull();
  });

  it('should take another threshold', () => {
    expect(farFromMarket(103, 100, 0.02)?.text).toBe('3.00% above the market');
  });
});

describe('given describeFarFromMarket', () => {
  it('should say what the signals list shows beside a flagged price', () => {
    const distance = farFromMarket(1_102, 84_000);
    expect(distance && describeFarFromMarket(distance, 84_000)).toBe('Price 99% below the market (84,000)');
    const above = farFromMarket(120, 100);
    expect(above && describeFarFromMarket(above, 100)).toBe('Price 20% above the market (100)');
  });
});
