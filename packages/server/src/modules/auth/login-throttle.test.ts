import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/app';
import { ACCOUNT_LIMIT_FACTOR, addressNetwork, LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  describe('given fewer attempts than the limit', () => {
    it('should let the account try again from the address', () => {
      const throttle = new LoginThrottle(2, manualClock());
      expect(throttle.reserve('ada', '10.0.0.1')).toBe(0);
      expect(throttle.reserve('ada', '10.0.0.1')).toBe(0);
    });
  });

  describe('after the limit is reached', () => {
    it('should hold the account back from that address until a minute after its first attempt, and no other', () => {
      const clock = manualClock();
      const throttle = new LoginThrottle(2, clock);
      throttle.reserve('ada', '10.0.0.1');
      clock.advance(20_000);
      throttle.reserve('ada', '10.0.0.1');
      expect(throttle.reserve('ada', '10.0.0.1')).toBe(40_000);
      expect(throttle.reserve('ada', '10.0.0.2')).toBe(0);
      expect(throttle.reserve('grace', '10.0.0.1')).toBe(0);
      clock.advance(40_000);
      expect(throttle.reserve('ada', '10.0.0.1')).toBe(0);
    });

    it('should forgive the account once its password is right', () => {
      const throttle = new LoginThrottle(1, manualClock());
      throttle.reserve('ada', '10.0.0.1');
      throttle.clear('ada', '10.0.0.1');
      expect(throttle.reserve('ada', '10.0.0.1')).toBe(0);
    });
  });

  it(`should hold an account back from every address after ${ACCOUNT_LIMIT_FACTOR} times the limit from many`, () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(5, clock);
    const admitted = Array.from({ length: 100 }, (_, index) => throttle.reserve('ada', `10.0.${index}.1`));
    expect(admitted.filter((wait) => wait === 0)).toHaveLength(5 * ACCOUNT_LIMIT_FACTOR);
    expect(throttle.reserve('ada', '192.0.2.7')).toBe(60_000);
    expect(throttle.reserve('grace', '192.0.2.7')).toBe(0);
    clock.advance(60_000);
    expect(throttle.reserve('ada', '192.0.2.7')).toBe(0);
  });

  it('should count the addresses of one IPv6 /64 as one', () => {
    const throttle = new LoginThrottle(2, manualClock());
    throttle.reserve('ada', '2001:db8:1:2::1');
    throttle.reserve('ada', '2001:db8:1:2:ffff::9');
    expect(throttle.reserve('ada', '2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBeGreaterThan(0);
    expect(throttle.reserve('ada', '2001:db8:1:3::1')).toBe(0);
  });

  it('should count attempts that have not finished yet: of many at once, only the limit goes ahead', () => {
    const throttle = new LoginThrottle(5, manualClock());
    const admitted = Array.from({ length: 18 }, () => throttle.reserve('ada', '10.0.0.1')).filter((wait) => wait === 0);
    expect(admitted).toHaveLength(5);
  });

  it('should start a fresh window after the old one ends', () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(2, clock);
    throttle.reserve('ada', '10.0.0.1');
    throttle.reserve('ada', '10.0.0.1');
    clock.advance(60_000);
    expect(throttle.reserve('ada', '10.0.0.1')).toBe(0);
  });
});

describe('addressNetwork', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8::1:2:3:4:5', '2001:db8:0:1::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
  ])('should count %s as %s', (ip, network) => {
    expect(addressNetwork(ip)).toBe(network);
  });
});
