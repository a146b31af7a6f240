import { describe, expect, it } from 'vitest';
import { basisPoints, floorQuantity, notional, roundMoney, roundPrice } from './money';

describe('given amounts with float noise', () => {
  it('should round money half away from zero at 6 decimals', () => {
    expect(roundMoney(1.0000005)).toBe(1.000001);
    expect(roundMoney(-1.0000005)).toBe(-1.000001);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });

  it('should round prices to 8 decimals and never print -0', () => {
    expect(roundPrice(100.123456785)).toBe(100.12345679);
    expect(Object.is(roundMoney(-0.0000001), 0)).toBe(true);
  });

  it('should round order sizes down, so an order never exceeds its budget', () => {
    expect(floorQuantity(1000 / 110)).toBe(9.09090909);
    // 0.29 * 100 is 28.999999999999996 in binary: the noise must not cost a unit.
    expect(floorQuantity(0.29)).toBe(0.29);
  });

  it('should compute notional values and basis points in money', () => {
    expect(notional(9.09090909, 110)).toBe(1000);
    expect(basisPoints(1100, 10)).toBe(1.1);
  });
});
