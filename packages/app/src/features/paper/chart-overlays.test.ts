import { describe, expect, it } from 'vitest';
import type { Position, Trade } from '@signaldeck/server/api-types';
import { fillSignalId, positionPriceLines, tradeMarkers } from './chart-overlays';

const position = (overrides: Partial<Position>): Position => ({
  id: '1',
  strategyId: '3',
  symbol: 'BTC',
  side: 'long',
  quantity: 0.1,
  entryPrice: 65000,
  markPrice: 65500,
  unrealisedPnl: 43,
  entryFees: 6.5,
  stopLoss: null,
  takeProfit: null,
  openedAt: 1,
  entrySignalIds: ['4'],
  ...overrides,
});

describe('given open positions', () => {
  it('should draw the entry, and the stop and target when set', () => {
    expect(positionPriceLines([position({ stopLoss: 63700, takeProfit: 68250 })], new Map())).toEqual([
      { id: '1-entry', price: 65000, label: 'Long entry', kind: 'entry' },
      { id: '1-stop', price: 63700, label: 'Stop', kind: 'stop' },
      { id: '1-target', price: 68250, label: 'Target', kind: 'target' },
    ]);
  });

  it('should name the strategy of each line when several strategies hold the pair', () => {
    const lines = positionPriceLines(
      [position({}), position({ id: '2', strategyId: '4', side: 'short' })],
      new Map([
        ['3', 'Default'],
        ['4', 'Breakout'],
      ]),
    );
    expect(lines.map((l) => l.label)).toEqual(['Long entry (Default)', 'Short entry (Breakout)']);
  });
});

describe('given trades', () => {
  const closed: Trade = {
    id: '12',
    strategyId: '3',
    symbol: 'BTC',
    side: 'long',
    status: 'closed',
    quantity: 0.015384,
    entryPrice: 65000,
    exitPrice: 66000,
    entryFee: 1,
    exitFee: 1,
    fees: 2,
    grossPnl: 15.38,
    netPnl: 13.37,
    returnPct: 1.34,
    openedAt: 1000,
    closedAt: 5000,
    entrySignalIds: ['42'],
    exitSignalId: '57',
    exitReason: 'signal',
  };

  it('should flag the entry and the exit with their fill and result', () => {
    expect(tradeMarkers([closed], null)).toEqual([
      { id: '12-entry', time: 1000, price: 65000, side: 'long', kind: 'entry', label: 'Long 0.015384 @ 65,000.00' },
      { id: '12-exit', time: 5000, price: 66000, side: 'long', kind: 'exit', label: 'Exit +$13.37' },
    ]);
  });

  it('should write the quantity to the satoshi, as the trades table does, not cut to six digits', () => {
    const [entry] = tradeMarkers([{ ...closed, quantity: 0.01113862 }], null);
    expect(entry?.label).toBe('Long 0.01113862 @ 65,000.00');
  });

  it('should write a loss with the minus sign and the dollar sign, as the trades table does', () => {
    const [, exit] = tradeMarkers([{ ...closed, netPnl: -2.04 }], null);
    expect(exit?.label).toBe('Exit \u2212$2.04');
  });

  it('should lead from a flag to the signal that opened or closed its trade, and from a stop exit nowhere', () => {
    const [entry, exit] = tradeMarkers([closed], null);
    expect(fillSignalId([closed], entry!)).toBe(closed.entrySignalIds[0]);
    expect(fillSignalId([closed], exit!)).toBe(closed.exitSignalId);
    expect(fillSignalId([{ ...closed, exitSignalId: null }], exit!)).toBeNull();
  });

  it("should name each fill's strategy", () => {
    const names = new Map([[closed.strategyId, 'Breakout 4h']]);
    expect(tradeMarkers([closed], null, names).map((m) => m.source)).toEqual(['Breakout 4h', 'Breakout 4h']);
  });

  it('should leave out fills before the oldest candle shown', () => {
    expect(tradeMarkers([closed], 2000).map((m) => m.kind)).toEqual(['exit']);
  });
});
