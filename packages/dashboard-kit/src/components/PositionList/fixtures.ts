import type { PositionRow } from './PositionList';

/** Sample open positions for tests and stories (not part of the package's exports). */
export function makePosition(overrides: Partial<PositionRow> & Pick<PositionRow, 'id'>): PositionRow {
  return {
    strategyId: '1',
    strategyName: 'Default',
    symbol: 'BTC',
    side: 'long',
    quantity: 0.5,
    entryPrice: 60_000,
    markPrice: 61_200,
    unrealisedPnl: 570,
    unrealisedPnlPct: 1.9,
    stopLoss: 58_800,
    takeProfit: 66_000,
    openedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const samplePositions: PositionRow[] = [
  makePosition({ id: 'p1' }),
  makePosition({
    id: 'p2',
    symbol: 'ETH',
    side: 'short',
    quantity: 2,
    entryPrice: 3_480,
    markPrice: 3_512.4,
    unrealisedPnl: -71.76,
    unrealisedPnlPct: -1.03,
    stopLoss: null,
    takeProfit: null,
    openedAt: '2026-11-21T08:30:00.000Z',
  }),
  makePosition({
    id: 'p3',
    symbol: 'SOL',
    quantity: 6.5,
    entryPrice: 152,
    markPrice: null,
    unrealisedPnl: 0,
    unrealisedPnlPct: 0,
    stopLoss: 148,
    takeProfit: null,
    openedAt: '2026-11-22T17:45:00.000Z',
  }),
];
