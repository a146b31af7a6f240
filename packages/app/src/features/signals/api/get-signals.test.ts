import { describe, expect, it } from 'vitest';
import type { Signal } from '@signaldeck/server/api-types';
import { prependSignal, signalsPageKey } from './get-signals';

const signal = (id: string): Signal => ({
  id,
  ticker: 'BTC',
  action: 'buy',
  price: 1,
  quantity: null,
  positionSize: null,
  interval: '1m',
  strategy: null,
  comment: null,
  status: 'accepted',
  reason: null,
  duplicateOf: null,
  alertTime: null,
  receivedAt: 1,
});

describe('given signalsPageKey', () => {
  it('should carry the ticker, cursor and limit', () => {
    expect(signalsPageKey({ ticker: 'ETH' }, 'abc', 50)).toBe('/api/signals?ticker=ETH&cursor=abc&limit=50');
    expect(signalsPageKey({}, null, 50)).toBe('/api/signals?limit=50');
  });
});

describe('given prependSignal', () => {
  it('should put a new signal first', () => {
    const pages = [
      { data: [signal('1')], nextCursor: 'x' },
      { data: [signal('0')], nextCursor: null },
    ];
    expect(prependSignal(pages, signal('2'))?.[0]?.data.map((s) => s.id)).toEqual(['2', '1']);
  });

  it('should not add a signal twice', () => {
    const pages = [{ data: [signal('1')], nextCursor: null }];
    expect(prependSignal(pages, signal('1'))).toBe(pages);
  });
});
