import { describe, expect, it } from 'vitest';
import type { Position, Signal, Trade } from '@signaldeck/server/api-types';
import { latencySummary } from './latency';
import { toTradeRows, tradeLinks } from './trade-rows';

const trade: Trade = {
  id: '12',
  strategyId: '3',
  symbol: 'BTC',
  side: 'long',
  status: 'closed',
  quantity: 0.015384,
  entryPrice: 65000,
  exitPrice: 66000,
  entryFee: 0.99996,
  exitFee: 1.015344,
  fees: 2.015304,
  grossPnl: 15.384,
  netPnl: 13.368696,
  returnPct: 1.336962,
  openedAt: Date.UTC(2026, 10, 23, 10, 0),
  closedAt: Date.UTC(2026, 10, 23, 11, 0),
  entrySignalIds: ['42'],
  exitSignalId: '57',
  exitReason: 'signal',
};

describe('given trades from the API', () => {
  it('should give a closed trade its net P&L, strategy name and ISO times', () => {
    const [row] = toTradeRows([trade], [], new Map([['3', 'Default']]));
    expect(row).toMatchObject({
      pnl: 13.368696,
      pnlPct: 1.336962,
      strategyName: 'Default',
      entryTime: '2026-11-23T10:00:00.000Z',
      exitTime: '2026-11-23T11:00:00.000Z',
      entrySignalId: '42',
      exitSignalId: '57',
    });
  });

  it("should give an open trade its position's unrealised P&L", () => {
    const open: Trade = {
      ...trade,
      status: 'open',
      exitPrice: null,
      exitFee: null,
      grossPnl: null,
      netPnl: null,
      returnPct: null,
      closedAt: null,
      exitSignalId: null,
      exitReason: null,
    };
    const position = { id: '9', strategyId: '3', symbol: 'BTC', unrealisedPnl: 9.75 } as Position;
    const [row] = toTradeRows([open], [position], new Map());
    expect(row?.pnl).toBe(9.75);
    expect(row?.pnlPct).toBeCloseTo((9.75 / (65000 * 0.015384)) * 100);
  });

  it('should link a trade to its signals and to the chart at its entry', () => {
    const [row] = toTradeRows([trade], [], new Map());
    const links = tradeLinks(row!);
    expect(links.map(({ label, href }) => ({ label, href }))).toEqual([
      { label: 'Entry signal', href: '/signals?selected=42' },
      { label: 'Exit signal', href: '/signals?selected=57' },
      { label: 'Chart', href: `/trading/BTC/1m?at=${trade.openedAt}&signal=42` },
    ]);
    // Each is drawn as an icon, so the three fit one narrow column.
    expect(links.every((link) => link.icon !== undefined)).toBe(true);
  });
});

describe('given executed and ignored signals', () => {
  it('should measure alert to receipt and receipt to fill over the executed ones', () => {
    const executed = (alertTime: number | null, receivedAt: number, latencyMs: number) =>
      ({
        alertTime,
        receivedAt,
        outcome: {
          status: 'executed',
          side: 'buy',
          quantity: 1,
          price: 1,
          fee: 0,
          slippage: 0,
          filledAt: 0,
          latencyMs,
        },
      }) as Signal;
    const summary = latencySummary([
      executed(1000, 1200, 5),
      executed(1000, 1400, 15),
      executed(null, 1000, 10),
      { alertTime: 0, receivedAt: 99_000, outcome: { status: 'ignored', reason: 'already long' } } as Signal,
    ]);
    expect(summary).toEqual({
      count: 3,
      alertToReceipt: { median: 200, p95: 400 },
      receiptToFill: { median: 10, p95: 15 },
    });
    // A test alert's time is SignalDeck's own: it counts for the fill, not for TradingView's delay.
    const test = { ...executed(1000, 1001, 20), testAlert: true } as Signal;
    expect(latencySummary([executed(1000, 1400, 15), test])).toEqual({
      count: 2,
      alertToReceipt: { median: 400, p95: 400 },
      receiptToFill: { median: 15, p95: 20 },
    });
  });
});
