import { describe, expect, it } from 'vitest';
import { breakdown, isoWeek } from './breakdowns';
import { closedTrade } from './test-helpers';

const at = (iso: string) => Date.parse(iso);

describe('given trades on several pairs, strategies, exits and dates', () => {
  const trades = [
    closedTrade(50, { symbol: 'SOL', strategyId: 2, exitReason: 'take_profit', closedAt: at('2026-03-01T23:59:59Z') }),
    closedTrade(-20, { symbol: 'BTC', strategyId: 10, exitReason: 'stop_loss', closedAt: at('2026-03-02T00:00:00Z') }),
    closedTrade(30, { symbol: 'BTC', strategyId: 2, exitReason: 'signal', closedAt: at('2026-03-08T12:00:00Z') }),
    closedTrade(0, { symbol: 'ETH', strategyId: 2, exitReason: 'reverse', closedAt: at('2026-04-01T00:00:00Z') }),
  ];
  const rows = (by: Parameters<typeof breakdown>[1]) =>
    breakdown(trades, by).map((row) => [row.key, row.tradeCount, row.netPnl, row.profitFactor]);

  it('should group by pair with the statistics of each group', () => {
    expect(rows('pair')).toEqual([
      ['BTC', 2, 10, 1.5],
      ['ETH', 1, 0, null],
      ['SOL', 1, 50, 'Infinity'],
    ]);
  });

  it('should group by strategy in id order', () => {
    expect(rows('strategy').map(([key]) => key)).toEqual(['2', '10']);
  });

  it('should list exit reasons in the order a trade lives them', () => {
    expect(rows('exitReason').map(([key]) => key)).toEqual(['signal', 'reverse', 'stop_loss', 'take_profit']);
  });

  it('should bucket by the UTC day, ISO week and month a trade closed in', () => {
    expect(rows('day').map(([key]) => key)).toEqual(['2026-03-01', '2026-03-02', '2026-03-08', '2026-04-01']);
    // 1 March 2026 is a Sunday: it ends week 9; Monday 2 March to Sunday 8 March is week 10.
    expect(rows('week')).toEqual([
      ['2026-W09', 1, 50, 'Infinity'],
      ['2026-W10', 2, 10, 1.5],
      ['2026-W14', 1, 0, null],
    ]);
    expect(rows('month').map(([key, count]) => [key, count])).toEqual([
      ['2026-03', 3],
      ['2026-04', 1],
    ]);
  });
});

describe('given dates around the turn of a year', () => {
  it.each([
    ['2021-01-03T12:00:00Z', '2020-W53'],
    ['2021-01-04T00:00:00Z', '2021-W01'],
    ['2024-12-30T00:00:00Z', '2025-W01'],
    ['2026-11-23T23:59:59Z', '2026-W48'],
  ])('should put %s in ISO week %s', (iso, week) => {
    expect(isoWeek(at(iso))).toBe(week);
  });
});
