import { describe, expect, it } from 'vitest';
import { isLinkActive, platformNav } from './nav';

describe('given the platform navigation', () => {
  it('should list the spec’s groups and links in order', () => {
    expect(platformNav.map((s) => [s.label, s.items.map((i) => `${i.label} ${i.to}`)])).toEqual([
      ['Trading', ['BTC/USD /trading/BTC', 'ETH/USD /trading/ETH', 'SOL/USD /trading/SOL']],
      ['Signals', ['All Events /signals', 'BTC Signals /signals?ticker=BTC', 'ETH Signals /signals?ticker=ETH']],
      [
        'Performance',
        ['Overview /performance/overview', 'Trades /performance/trades', 'Analytics /performance/analytics'],
      ],
      [
        'Settings',
        ['Strategy /settings/strategy', 'API Keys /settings/api-keys', 'Notifications /settings/notifications'],
      ],
    ]);
  });

  describe('when deciding which link is active', () => {
    it('should keep a pair active on any interval', () => {
      expect(isLinkActive('/trading/ETH/1m', '/trading/ETH/4h', '')).toBe(true);
      expect(isLinkActive('/trading/BTC/1m', '/trading/ETH/4h', '')).toBe(false);
      expect(isLinkActive('/trading/ETH', '/trading/ETH/1d', '')).toBe(true);
      expect(isLinkActive('/trading/ETH', '/trading/ETHX/1d', '')).toBe(false);
    });

    it('should match the ticker filter of signal links', () => {
      expect(isLinkActive('/signals', '/signals', '')).toBe(true);
      expect(isLinkActive('/signals', '/signals', '?ticker=BTC')).toBe(false);
      expect(isLinkActive('/signals?ticker=BTC', '/signals', '?ticker=btc')).toBe(true);
      expect(isLinkActive('/signals?ticker=ETH', '/signals', '?ticker=BTC')).toBe(false);
    });
  });
});
