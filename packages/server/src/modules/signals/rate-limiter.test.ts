import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/app';
import { FixedWindowRateLimiter } from './rate-limiter';

describe('FixedWindowRateLimiter', () => {
  describe('given a key at its limit', () => {
    it('should admit the first max requests and tell the next one when the window ends', () => {
      const clock = manualClock();
      const limiter = new FixedWindowRateLimiter(3, 60_000, clock);
      expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
      clock.advance(20_000);
      expect(limiter.take('a')).toBe(40_000);
      expect(limiter.take('b')).toBe(0);
    });

    it('should admit it again once the window has passed', () => {
      const clock = manualClock();
      const limiter = new FixedWindowRateLimiter(1, 60_000, clock);
      limiter.take('a');
      clock.advance(59_999);
      expect(limiter.take('a')).toBe(1);
      clock.advance(1);
      expect(limiter.take('a')).toBe(0);
    });
  });

  describe('given more keys than it remembers', () => {
    it('should forget the oldest windows first', () => {
      const clock = manualClock();
      const limiter = new FixedWindowRateLimiter(1, 60_000, clock, 2);
      limiter.take('oldest');
      limiter.take('middle');
      limiter.take('newest');
      expect(limiter.take('middle')).toBeGreaterThan(0);
      expect(limiter.take('newest')).toBeGreaterThan(0);
      expect(limiter.take('oldest')).toBe(0);
    });

    it('should keep a key held back at its limit while a flood of made-up keys comes in', () => {
      const clock = manualClock();
      const limiter = new FixedWindowRateLimiter(2, 60_000, clock, 10);
      limiter.take('real');
      limiter.take('real');
      expect(limiter.take('real')).toBeGreaterThan(0);
      for (let index = 0; index < 1_000; index += 1) limiter.take(`made-up ${index}`);
      expect(limiter.take('real')).toBeGreaterThan(0);
      clock.advance(60_000);
      expect(limiter.take('real')).toBe(0);
    });
  });
});
