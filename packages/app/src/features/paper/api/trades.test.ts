import { describe, expect, it } from 'vitest';
import type { Trade } from '@signaldeck/server/api-types';
import { matchesTradeFilter, tradeResult, tradesPageKey } from './trades';

const closed = (netPnl: number, side: Trade['side'] = 'long'): Trade => ({
  id: '1',
  strategyId: '3',
  symbol: 'BTC',
  side,
  status: 'closed',
  quantity: 1,
  entryPrice: 100,
  exitPrice: 101,
  entryFee: 0.1,
  exitFee: 0.1,
  fees: 0.2,
  grossPnl: netPnl + 0.2,
  netPnl,
  returnPct: netPnl,
  openedAt: 1,
  closedAt: 2,
  entrySignalIds: ['7'],
  exitSignalId: '8',
  exitReason: 'signal',
});
const open: Trade = { ...closed(0), status: 'open', exitPrice: null, exitFee: null, grossPnl: null, netPnl: null };

describe('tradesPageKey', () => {
  it('should ask the server for the strategy, the pair and open or closed trades', () => {
    expect(tradesPageKey({ strategy: '3', symbol: 'BTC', result: 'win' }, 'abc', 500)).toBe(
      '/api/trades?strategy=3&symbol=BTC&status=closed&cursor=abc&limit=500',
    );
    expect(tradesPageKey({ result: 'open' }, null, 500)).toBe('/api/trades?status=open&limit=500');
    expect(tradesPageKey({}, null, 100)).toBe('/api/trades?limit=100');
  });
});

describe('tradeResult', () => {
  it('should count break-even as a draw, not a win', () => {
    expect(tradeResult(closed(0))).toBe('draw');
    expect(tradeResult(closed(0.01))).toBe('win');
    expect(tradeResult(closed(-0.01))).toBe('loss');
    expect(tradeResult(open)).toBe('open');
  });
});

describe('matchesTradeFilter', () => {
  it('should keep only the side and result asked for', () => {
    expect(matchesTradeFilter(closed(5, 'short'), { side: 'long' })).toBe(false);
    expect(matchesTradeFilter(closed(5, 'short'), { side: 'short', result: 'win' })).toBe(true);
    expect(matchesTradeFilter(closed(-5), { result: 'win' })).toBe(false);
    expect(matchesTradeFilter(open, {})).toBe(true);
  });
});
