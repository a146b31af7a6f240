import { seededRandom as random } from '../../test/seeded-random';
import type { TradeExitReason, TradeRow } from './types';

/**
 * Deterministic sample trades for tests, stories and the benchmark (not part of the package's
 * exports): newest first, as the API answers; the newest few still open.
 */

const PAIRS = ['BTC', 'ETH', 'SOL'] as const;
const BASE_PRICES: Record<(typeof PAIRS)[number], number> = { BTC: 67_250, ETH: 3_480, SOL: 152 };
const REASONS: readonly TradeExitReason[] = ['signal', 'signal', 'stop_loss', 'take_profit', 'reverse', 'manual'];
const STRATEGIES = [
  { id: '1', name: 'Default' },
  { id: '2', name: 'EMA cross 9/21' },
  { id: '3', name: 'Breakout v2' },
] as const;

const pick = <T>(next: () => number, values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export interface TradeFixtureOptions {
  /** The entry time of the newest trade. */
  now?: number;
  seed?: number;
  /** How many of the newest trades are still open. */
  open?: number;
  idPrefix?: string;
}

export function generateTrades(count: number, options: TradeFixtureOptions = {}): TradeRow[] {
  const { now = Date.UTC(2026, 10, 20, 12, 0, 0), seed = 11, open = 0, idPrefix = 'trade' } = options;
  const next = random(seed);
  const trades: TradeRow[] = new Array(count);
  let entry = now;
  for (let index = 0; index < count; index++) {
    const symbol = pick(next, PAIRS);
    const strategy = pick(next, STRATEGIES);
    const side = next() < 0.6 ? 'long' : 'short';
    const entryPrice = round(BASE_PRICES[symbol] * (0.9 + next() * 0.2), 2);
    const move = (next() - 0.45) * 0.04;
    const exitPrice = round(entryPrice * (1 + move), 2);
    // 1,000 USD a trade, to the 8 decimals the paper engine trades in (0.01486989 BTC).
    const quantity = round(1_000 / entryPrice, 8);
    const fees = round((entryPrice + exitPrice) * quantity * 0.001, 2);
    const gross = (side === 'long' ? exitPrice - entryPrice : entryPrice - exitPrice) * quantity;
    const pnl = round(gross - fees, 2);
    const isOpen = index < open;
    const duration = Math.round(60_000 + next() * 36 * 3_600_000);
    trades[index] = {
      id: `${idPrefix}-${count - index}`,
      strategyId: strategy.id,
      strategyName: strategy.name,
      symbol,
      side,
      quantity,
      entryPrice,
      exitPrice: isOpen ? null : exitPrice,
      entryTime: new Date(entry).toISOString(),
      exitTime: isOpen ? null : new Date(entry + duration).toISOString(),
      fees: isOpen ? round(entryPrice * quantity * 0.001, 2) : fees,
      pnl,
      pnlPct: round((pnl / (entryPrice * quantity)) * 100, 2),
      exitReason: isOpen ? null : pick(next, REASONS),
      entrySignalId: String(2 * (count - index)),
      exitSignalId: isOpen ? null : String(2 * (count - index) + 1),
    };
    entry -= Math.round(5 * 60_000 + next() * 6 * 3_600_000);
  }
  return trades;
}

/** One closed BTC long with every field set, for tests that need to name a value. */
export function makeTrade(overrides: Partial<TradeRow> & Pick<TradeRow, 'id'>): TradeRow {
  return {
    strategyId: '1',
    strategyName: 'Default',
    symbol: 'BTC',
    side: 'long',
    quantity: 0.5,
    entryPrice: 60_000,
    exitPrice: 61_000,
    entryTime: '2026-11-20T10:00:00.000Z',
    exitTime: '2026-11-20T13:05:00.000Z',
    fees: 60.5,
    pnl: 439.5,
    pnlPct: 1.47,
    exitReason: 'signal',
    entrySignalId: '10',
    exitSignalId: '11',
    ...overrides,
  };
}
