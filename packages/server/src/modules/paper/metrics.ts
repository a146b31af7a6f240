import type { ClosedTrade, EquityPoint } from './account';
import { roundMoney } from './money';

/*
 * Performance metrics, as freqtrade and QuantConnect Lean define them; docs/paper-trading.md gives every formula.
 * Money is in USD rounded to micro-dollars; ratios are plain numbers. JSON has no infinity: a ratio that is
 * infinite (profit factor with no losses, Sortino with no losing day) is the string "Infinity", which
 * `Number("Infinity")` reads back as Infinity; a ratio with nothing to compute from is null.
 */

export type Ratio = number | 'Infinity' | null;

export const DAY_MS = 86_400_000;
const ANNUALISATION = Math.sqrt(365);

/** The trade-by-trade statistics shared by the metrics and every breakdown row. */
export interface TradeStats {
  tradeCount: number;
  /** Net P&L above 0. */
  wins: number;
  /** Net P&L below 0. */
  losses: number;
  /** Net P&L of exactly 0 (break-even, fees included). */
  draws: number;
  /** wins / tradeCount, 0-1; null with no trades. */
  winRate: number | null;
  netPnl: number;
  /** Σ net P&L of the wins. */
  grossProfit: number;
  /** Σ net P&L of the losses (0 or negative). */
  grossLoss: number;
  /** grossProfit / |grossLoss|. */
  profitFactor: Ratio;
  fees: number;
  /** Mean net P&L per trade. */
  expectancy: number | null;
  averageWin: number | null;
  /** Negative, like the losses it averages. */
  averageLoss: number | null;
  best: number | null;
  worst: number | null;
  averageDurationMs: number | null;
}

export function tradeStats(trades: readonly ClosedTrade[]): TradeStats {
  let wins = 0;
  let losses = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  let fees = 0;
  let duration = 0;
  let best: number | null = null;
  let worst: number | null = null;
  for (const trade of trades) {
    if (trade.netPnl > 0) {
      wins += 1;
      grossProfit += trade.netPnl;
    } else if (trade.netPnl < 0) {
      losses += 1;
      grossLoss += trade.netPnl;
    }
    fees += trade.fees;
    duration += trade.closedAt - trade.openedAt;
    best = best === null ? trade.netPnl : Math.max(best, trade.netPnl);
    worst = worst === null ? trade.netPnl : Math.min(worst, trade.netPnl);
  }
  const count = trades.length;
  grossProfit = roundMoney(grossProfit);
  grossLoss = roundMoney(grossLoss);
  const netPnl = roundMoney(grossProfit + grossLoss);
  return {
    tradeCount: count,
    wins,
    losses,
    draws: count - wins - losses,
    winRate: count === 0 ? null : wins / count,
    netPnl,
    grossProfit,
    grossLoss,
    profitFactor: ratio(grossProfit, -grossLoss),
    fees: roundMoney(fees),
    expectancy: count === 0 ? null : roundMoney(netPnl / count),
    averageWin: wins === 0 ? null : roundMoney(grossProfit / wins),
    averageLoss: losses === 0 ? null : roundMoney(grossLoss / losses),
    best,
    worst,
    averageDurationMs: count === 0 ? null : Math.round(duration / count),
  };
}

/** `numerator / denominator`, "Infinity" for a positive numerator over 0, null for 0 / 0 or less. */
function ratio(numerator: number, denominator: number): Ratio {
  // A denominator so small that the quotient overflows is as good as 0.
  if (denominator > 0 && Number.isFinite(numerator / denominator)) return numerator / denominator;
  return numerator > 0 ? 'Infinity' : null;
}

/**
 * A percentage as the API sends it: rounded to 4 decimals (no float noise such as 0.35646424000000004), and 0
 * when there is nothing to compute it from (a base of 0), never NaN or Infinity, which JSON would turn into null.
 */
export function percent(numerator: number, base: number): number {
  const value = (numerator / base) * 100;
  return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 + 0 : 0;
}

export interface CurvePoint {
  time: number;
  equity: number;
  /** How far equity is below its highest point so far, USD (0 at a new high). */
  drawdown: number;
  /** drawdown / highest equity so far × 100. */
  drawdownPct: number;
}

/**
 * The equity curve with its drawdown: the starting balance at `openedAt`, then every point (fills and daily marks)
 * in time order; of several points at one time, the last counts.
 */
export function equityCurve(
  startingBalance: number,
  openedAt: number,
  points: readonly Pick<EquityPoint, 'time' | 'equity'>[],
): CurvePoint[] {
  const ordered: { time: number; equity: number }[] = [{ time: openedAt, equity: startingBalance }];
  for (const point of [...points].sort((a, b) => a.time - b.time)) {
    const last = ordered[ordered.length - 1]!;
    if (point.time === last.time) last.equity = point.equity;
    else ordered.push({ time: point.time, equity: point.equity });
  }
  let peak = -Infinity;
  return ordered.map(({ time, equity }) => {
    peak = Math.max(peak, equity);
    const drawdown = roundMoney(peak - equity);
    return { time, equity, drawdown, drawdownPct: peak > 0 ? percent(drawdown, peak) : 0 };
  });
}

/**
 * Equity at the end of each UTC day, from the day of the curve's first point to the day of its last; a day with no
 * point carries the previous day's equity. A point at exactly midnight closes the day before.
 */
export function dailyEquity(curve: readonly CurvePoint[]): { day: number; equity: number }[] {
  if (curve.length === 0) return [];
  const first = Math.floor(curve[0]!.time / DAY_MS) * DAY_MS;
  const last = Math.max(first, Math.ceil(curve[curve.length - 1]!.time / DAY_MS) * DAY_MS - DAY_MS);
  const days: { day: number; equity: number }[] = [];
  let index = 0;
  let equity = curve[0]!.equity;
  for (let day = first; day <= last; day += DAY_MS) {
    while (index < curve.length && curve[index]!.time <= day + DAY_MS) equity = curve[index++]!.equity;
    days.push({ day, equity });
  }
  return days;
}

/** Daily returns: each day's closing equity over the previous day's (the first over the starting balance) − 1. */
export function dailyReturns(startingBalance: number, curve: readonly CurvePoint[]): number[] {
  let previous = startingBalance;
  return dailyEquity(curve).map(({ equity }) => {
    const change = previous > 0 ? equity / previous - 1 : 0;
    previous = equity;
    return change;
  });
}

/** mean / sample standard deviation × √365; risk-free rate 0. Null with fewer than 2 days or no variation. */
export function sharpeRatio(returns: readonly number[]): number | null {
  const n = returns.length;
  if (n < 2) return null;
  const mean = returns.reduce((sum, r) => sum + r, 0) / n;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (n - 1);
  const sharpe = (mean / Math.sqrt(variance)) * ANNUALISATION;
  return variance > 0 && Number.isFinite(sharpe) ? sharpe : null;
}

/**
 * mean / downside deviation × √365, the downside deviation being √(Σ min(r, 0)² / (n − 1)) over every day (target
 * 0). "Infinity" when no day lost and the mean is positive.
 */
export function sortinoRatio(returns: readonly number[]): Ratio {
  const n = returns.length;
  if (n < 2) return null;
  const mean = returns.reduce((sum, r) => sum + r, 0) / n;
  const downside = returns.reduce((sum, r) => sum + Math.min(r, 0) ** 2, 0) / (n - 1);
  if (downside === 0) return mean > 0 ? 'Infinity' : null;
  const sortino = (mean / Math.sqrt(downside)) * ANNUALISATION;
  return Number.isFinite(sortino) ? sortino : mean > 0 ? 'Infinity' : null;
}

export interface PerformanceMetrics extends TradeStats {
  startingBalance: number;
  equity: number;
  realisedPnl: number;
  unrealisedPnl: number;
  /** (equity − starting balance) / starting balance × 100. */
  returnPct: number;
  maxDrawdown: number;
  maxDrawdownPct: number;
  currentDrawdown: number;
  currentDrawdownPct: number;
  sharpe: number | null;
  sortino: Ratio;
}

export interface MetricsInput {
  startingBalance: number;
  openedAt: number;
  trades: readonly ClosedTrade[];
  /** Equity points (after every fill, and each day's close), in any order. */
  equityPoints: readonly Pick<EquityPoint, 'time' | 'equity'>[];
  /** The open positions marked to the last price, now. */
  unrealisedPnl: number;
}

export function performanceMetrics(input: MetricsInput): PerformanceMetrics {
  const stats = tradeStats(input.trades);
  const realisedPnl = stats.netPnl;
  const equity = roundMoney(input.startingBalance + realisedPnl + input.unrealisedPnl);
  const curve = equityCurve(input.startingBalance, input.openedAt, input.equityPoints);
  const last = curve[curve.length - 1]!;
  const returns = dailyReturns(input.startingBalance, curve);
  return {
    startingBalance: input.startingBalance,
    equity,
    realisedPnl,
    unrealisedPnl: input.unrealisedPnl,
    returnPct: percent(equity - input.startingBalance, input.startingBalance),
    ...stats,
    // Each is the largest of its own kind: the deepest fall in USD and the deepest in % can be different falls.
    maxDrawdown: curve.reduce((max, point) => Math.max(max, point.drawdown), 0),
    maxDrawdownPct: curve.reduce((max, point) => Math.max(max, point.drawdownPct), 0),
    currentDrawdown: last.drawdown,
    currentDrawdownPct: last.drawdownPct,
    sharpe: sharpeRatio(returns),
    sortino: sortinoRatio(returns),
  };
}
