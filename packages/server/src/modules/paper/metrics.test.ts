import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dailyEquity,
  dailyReturns,
  equityCurve,
  performanceMetrics,
  sharpeRatio,
  sortinoRatio,
  tradeStats,
} from './metrics';
import { closedTrade } from './test-helpers';

const D0 = Date.UTC(2026, 0, 5);
const HOUR = 3_600_000;

describe('given wins, losses and a break-even trade', () => {
  const trades = [
    closedTrade(100, {}, 1),
    closedTrade(-50, {}, 2),
    closedTrade(0, {}, 3),
    closedTrade(30, { fees: 2 }, 4),
    closedTrade(-20, { fees: 1.5 }, 5),
  ];
  const stats = tradeStats(trades);

  it('should count the break-even trade as a draw, not a win', () => {
    expect([stats.tradeCount, stats.wins, stats.losses, stats.draws]).toEqual([5, 2, 2, 1]);
    expect(stats.winRate).toBe(0.4);
  });

  it('should divide gross profit by gross loss for the profit factor', () => {
    expect([stats.grossProfit, stats.grossLoss, stats.netPnl]).toEqual([130, -70, 60]);
    expect(stats.profitFactor).toBeCloseTo(130 / 70, 12);
  });

  it('should give the mean P&L per trade as expectancy, and the averages, extremes, fees and duration', () => {
    expect(stats).toMatchObject({
      expectancy: 12,
      averageWin: 65,
      averageLoss: -35,
      best: 100,
      worst: -50,
      fees: 3.5,
      averageDurationMs: 3 * HOUR,
    });
  });
});

describe('given trades without a loss', () => {
  it('should give an infinite profit factor, as the string "Infinity"', () => {
    const stats = tradeStats([closedTrade(10), closedTrade(0)]);
    expect(stats.profitFactor).toBe('Infinity');
    expect(Number(stats.profitFactor)).toBe(Infinity);
    expect(stats.averageLoss).toBeNull();
  });

  it('should give no profit factor when every trade broke even', () => {
    expect(tradeStats([closedTrade(0)]).profitFactor).toBeNull();
  });
});

describe('given no closed trade', () => {
  it('should leave every per-trade ratio empty rather than 0', () => {
    expect(tradeStats([])).toEqual({
      tradeCount: 0,
      wins: 0,
      losses: 0,
      draws: 0,
      winRate: null,
      netPnl: 0,
      grossProfit: 0,
      grossLoss: 0,
      profitFactor: null,
      fees: 0,
      expectancy: null,
      averageWin: null,
      averageLoss: null,
      best: null,
      worst: null,
      averageDurationMs: null,
    });
  });
});

describe('given an equity curve that rises, falls, recovers and falls deeper', () => {
  const points = [11_000, 9_900, 10_500, 9_000, 10_200].map((equity, index) => ({
    time: D0 + (index + 1) * HOUR,
    equity,
  }));
  const curve = equityCurve(10_000, D0, points);

  it('should measure each drawdown from the highest equity before it', () => {
    expect(curve.map((point) => point.drawdown)).toEqual([0, 0, 1_100, 500, 2_000, 800]);
    expect(curve[2]!.drawdownPct).toBeCloseTo(10, 12);
    expect(curve[4]!.drawdownPct).toBe(18.1818);
  });

  it('should report the deepest and the current drawdown', () => {
    const metrics = performanceMetrics({
      startingBalance: 10_000,
      openedAt: D0,
      trades: [],
      equityPoints: points,
      unrealisedPnl: 200,
    });
    expect(metrics.maxDrawdown).toBe(2_000);
    expect(metrics.maxDrawdownPct).toBe(18.1818);
    expect(metrics.currentDrawdown).toBe(800);
    expect(metrics.currentDrawdownPct).toBe(7.2727);
  });

  it('should keep the last of several points at one time, whatever order they came in', () => {
    const shuffled = equityCurve(10_000, D0, [points[1]!, { time: points[0]!.time, equity: 1 }, points[0]!]);
    expect(shuffled.map((point) => point.equity)).toEqual([10_000, 11_000, 9_900]);
  });
});

describe('given daily equity of +1%, -2%, +3%', () => {
  // The account opens at midnight; a point at a midnight closes the day before it.
  const curve = equityCurve(10_000, D0, [
    { time: D0 + 12 * HOUR, equity: 10_050 },
    { time: D0 + DAY_MS, equity: 10_100 },
    { time: D0 + 2 * DAY_MS, equity: 9_898 },
    { time: D0 + 3 * DAY_MS, equity: 10_194.94 },
  ]);
  const returns = dailyReturns(10_000, curve);

  it('should take one return per UTC day', () => {
    expect(returns.map((r) => Number(r.toFixed(12)))).toEqual([0.01, -0.02, 0.03]);
  });

  it('should annualise Sharpe with √365 over the sample standard deviation', () => {
    // mean 0.02/3; sample variance ((0.01-m)² + (-0.02-m)² + (0.03-m)²) / 2 = 0.0019/3.
    expect(sharpeRatio(returns)).toBeCloseTo((0.02 / 3 / Math.sqrt(0.0019 / 3)) * Math.sqrt(365), 9);
    expect(sharpeRatio(returns)).toBeCloseTo(5.061031, 5);
  });

  it('should annualise Sortino over the downside deviation √(Σ min(r, 0)² / (n − 1))', () => {
    // Downside deviation √(0.02² / 2) = 0.0141421...
    expect(sortinoRatio(returns)).toBeCloseTo(9.006171, 5);
  });
});

describe('given days without a point', () => {
  it("should carry the previous day's equity into them", () => {
    const curve = equityCurve(10_000, D0, [
      { time: D0 + DAY_MS, equity: 10_100 },
      { time: D0 + 3 * DAY_MS, equity: 10_605 },
    ]);
    expect(dailyEquity(curve)).toEqual([
      { day: D0, equity: 10_100 },
      { day: D0 + DAY_MS, equity: 10_100 },
      { day: D0 + 2 * DAY_MS, equity: 10_605 },
    ]);
  });
});

describe('given returns that never vary or never lose', () => {
  it('should give no Sharpe without variation, nor with one day', () => {
    expect(sharpeRatio([0.01, 0.01, 0.01])).toBeNull();
    expect(sharpeRatio([0.01])).toBeNull();
  });

  it('should give an infinite Sortino with gains and no losing day, and none without gains', () => {
    expect(sortinoRatio([0.01, 0.02])).toBe('Infinity');
    expect(sortinoRatio([0, 0])).toBeNull();
  });
});

describe('given an account with closed trades and an open position', () => {
  it('should add realised and unrealised P&L to the starting balance, and give the return in %', () => {
    const metrics = performanceMetrics({
      startingBalance: 10_000,
      openedAt: D0,
      trades: [closedTrade(150), closedTrade(-50)],
      equityPoints: [],
      unrealisedPnl: -25.5,
    });
    expect(metrics).toMatchObject({ realisedPnl: 100, unrealisedPnl: -25.5, equity: 10_074.5, tradeCount: 2 });
    expect(metrics.returnPct).toBeCloseTo(0.745, 12);
  });
});

describe('given a starting balance of 0 (nothing to compute a % from)', () => {
  it('should send every percentage as a finite number, never NaN or Infinity', () => {
    const metrics = performanceMetrics({
      startingBalance: 0,
      openedAt: D0,
      trades: [closedTrade(-50)],
      equityPoints: [{ time: D0 + 1, equity: -50 }],
      unrealisedPnl: 0,
    });
    for (const field of ['returnPct', 'maxDrawdownPct', 'currentDrawdownPct'] as const)
      expect(Number.isFinite(metrics[field]), field).toBe(true);
  });
});
