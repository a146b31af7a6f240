import type { Candle } from '../market/markets';
import type { ClosedTrade } from './account';
import type { PriceCandle } from './exits';
import { DEFAULT_SETTINGS, type StrategySettings } from './settings';
import type { PaperSignal } from './signal';

/** Monday 5 January 2026, 12:00 UTC: the tests' "now". */
export const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
export const MINUTE = 60_000;

export function settingsWith(overrides: Partial<StrategySettings> = {}): StrategySettings {
  return { ...DEFAULT_SETTINGS, sizing: { ...DEFAULT_SETTINGS.sizing }, allowedTickers: null, ...overrides };
}

let nextSignalId = 1;

/** An accepted signal received at T0 unless told otherwise, with every optional field unset. */
export function signal(overrides: Partial<PaperSignal> & Pick<PaperSignal, 'action'>): PaperSignal {
  return {
    id: nextSignalId++,
    ticker: 'BTC',
    price: null,
    quantity: null,
    positionSize: null,
    marketPosition: null,
    prevMarketPosition: null,
    prevPositionSize: null,
    stopLoss: null,
    takeProfit: null,
    alertTime: null,
    receivedAt: T0,
    ...overrides,
  };
}

/** A 1m candle starting at `time`. */
export function candle(time: number, open: number, high: number, low: number, close: number): PriceCandle {
  return { time, open, high, low, close };
}

/** A quote of `price` that was current just before T0 (a candle that closed at T0). */
export const quote = (price: number, time = T0) => ({ price, time });

const HOUR = 60 * MINUTE;
let nextTradeId = 1;

/** A closed long BTC trade of `netPnl`, opened at T0 and held `hours`, with no fees. */
export function closedTrade(netPnl: number, overrides: Partial<ClosedTrade> = {}, hours = 1): ClosedTrade {
  return {
    id: nextTradeId++,
    strategyId: 1,
    symbol: 'BTC',
    side: 'long',
    quantity: 1,
    entryPrice: 100,
    exitPrice: 100 + netPnl,
    entryFee: 0,
    exitFee: 0,
    fees: 0,
    grossPnl: netPnl,
    netPnl,
    returnPct: netPnl,
    openedAt: T0,
    closedAt: T0 + hours * HOUR,
    entrySignalIds: [],
    exitSignalId: null,
    exitReason: 'signal',
    ...overrides,
  };
}

/** A small deterministic pseudo-random generator (mulberry32): the same seed gives the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` 1m candles from `start`, a random walk from `price` with moves of up to `volatility` (0.002 = 0.2%). */
export function randomWalkCandles(
  random: () => number,
  start: number,
  count: number,
  price: number,
  volatility = 0.002,
): PriceCandle[] {
  const candles: PriceCandle[] = new Array(count);
  let close = price;
  for (let index = 0; index < count; index += 1) {
    const open = close;
    close = Math.round(open * (1 + (random() * 2 - 1) * volatility) * 100) / 100;
    const high = Math.round(Math.max(open, close) * (1 + random() * volatility) * 100) / 100;
    const low = Math.round(Math.min(open, close) * (1 - random() * volatility) * 100) / 100;
    candles[index] = { time: start + index * MINUTE, open, high, low, close };
  }
  return candles;
}

/** A flat stored 1m candle at `close` (open, high and low the same): its close is the market price once it finished. */
export const flatCandle = (time: number, close: number): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});
