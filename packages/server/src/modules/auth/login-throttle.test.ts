import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/app';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  describe('given fewer attempts than the limit', () => {
    it('should let the key try again', () => {
      const throttle = new LoginThrottle(2, manualClock());
      expect(throttle.reserve('ada|10.0.0.1')).toBe(0);
      expect(throttle.reserve('ada|10.0.0.1')).toBe(0);
    });
  });

  describe('after the limit is reached', () => {
    it('should hold the key back until a minute after its first attempt, and no other key', () => {
      const clock = manualClock();
      const throttle = new LoginThrottle(2, clock);
      throttle.reserve('ada|10.0.0.1');
      clock.advance(20_000);
      throttle.reserve('ada|10.0.0.1');
      expect(throttle.reserve('ada|10.0.0.1')).toBe(40_000);
      expect(throttle.reserve('ada|10.0.0.2')).toBe(0);
      clock.advance(40_000);
      expect(throttle.reserve('ada|10.0.0.1')).toBe(0);
    });

    it('should forgive the key once it succeeds', () => {
      const throttle = new LoginThrottle(1, manualClock());
      throttle.reserve('ada|10.0.0.1');
      throttle.clear('ada|10.0.0.1');
      expect(throttle.reserve('ada|10.0.0.1')).toBe(0);
    });
  });

  it('should count attempts that have not finished yet: of many at once, only the limit goes ahead', () => {
    const throttle = new LoginThrottle(5, manualClock());
    const admitted = Array.from({ length: 18 }, () => throttle.reserve('ada|10.0.0.1')).filter((wait) => wait === 0);
    expect(admitted).toHaveLength(5);
  });

  it('should start a fresh window after the old one ends', () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(2, clock);
    throttle.reserve('ada|10.0.0.1');
    throttle.reserve('ada|10.0.0.1');
    clock.advance(60_000);
    expect(throttle.reserve('ada|10.0.0.1')).toBe(0);
  });
});
