import { seededRandom as random } from '../../test/seeded-random';
import type { SignalRow } from './types';

/**
 * Deterministic sample signals for tests, stories and the benchmark (not part of the package's
 * exports). The same seed gives the same rows, newest first, as the API answers.
 */

const TICKERS = ['BTC', 'ETH', 'SOL'] as const;
const BASE_PRICES: Record<(typeof TICKERS)[number], number> = { BTC: 67_250, ETH: 3_480, SOL: 152 };
const ACTIONS = ['buy', 'sell', 'long', 'short', 'exit', 'close'] as const;
const INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
const STRATEGIES = ['EMA cross 9/21', 'RSI reversal', 'Breakout v2', 'Supertrend', null] as const;
/** Reasons as the server words them (packages/server/src/modules/signals/alert.ts). */
const REJECTIONS = [
  'Body is not valid JSON (Unexpected token \'B\', "BUY BTCUSDT @ 65000" is not valid JSON)',
  'Missing ticker',
  'Price must be a positive number (got "-5")',
  'Action must be buy, sell, long, short, exit or close (got "hodl")',
  'Action is "{{strategy.order.action}}": a TradingView placeholder that was not filled in',
] as const;

const pick = <T>(next: () => number, values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;

export interface SignalFixtureOptions {
  /** The time of the newest row; older rows step back a few seconds each. */
  now?: number;
  seed?: number;
  /** Prefix for ids, so several generated sets never collide. */
  idPrefix?: string;
}

export function generateSignals(count: number, options: SignalFixtureOptions = {}): SignalRow[] {
  const { now = Date.UTC(2025, 0, 15, 12, 0, 0), seed = 7, idPrefix = 'sig' } = options;
  const next = random(seed);
  const signals: SignalRow[] = new Array(count);
  let receivedAt = now;
  for (let index = 0; index < count; index++) {
    const ticker = pick(next, TICKERS);
    const action = pick(next, ACTIONS);
    const interval = pick(next, INTERVALS);
    const strategy = pick(next, STRATEGIES);
    const price = Math.round(BASE_PRICES[ticker] * (0.9 + next() * 0.2) * 100) / 100;
    const quantity = Math.round(next() * 500 + 1) / 100;
    const roll = next();
    const status = roll < 0.9 ? 'accepted' : roll < 0.97 ? 'rejected' : 'duplicate';
    const alertTime = receivedAt - Math.round(50 + next() * 400);
    const body = { ticker: `BINANCE:${ticker}USDT`, action, price, quantity, interval, strategy, time: alertTime };
    signals[index] = {
      id: `${idPrefix}-${count - index}`,
      ticker,
      action,
      price,
      quantity,
      interval,
      strategy,
      comment: null,
      status,
      reason:
        status === 'rejected'
          ? pick(next, REJECTIONS)
          : status === 'duplicate'
            ? `Repeat of signal ${count - index - 1} (identical body within 60 seconds)`
            : null,
      alertTime,
      receivedAt,
      raw: JSON.stringify(body),
    };
    receivedAt -= Math.round(1_000 + next() * 30_000);
  }
  return signals;
}

/** One signal with every field set, for tests that need to name a value. */
export function makeSignal(overrides: Partial<SignalRow> & Pick<SignalRow, 'id'>): SignalRow {
  return {
    ticker: 'BTC',
    action: 'buy',
    price: 67_234.5,
    quantity: 0.25,
    interval: '15m',
    strategy: 'EMA cross 9/21',
    comment: null,
    status: 'accepted',
    reason: null,
    alertTime: null,
    receivedAt: Date.now() - 2 * 60_000,
    raw: '{"ticker":"BTC","action":"buy"}',
    ...overrides,
  };
}
