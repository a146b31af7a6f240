/** The pairs SignalDeck charts, all quoted in USD. */
export const MARKETS = [
  { symbol: 'BTC', quote: 'USD', name: 'Bitcoin' },
  { symbol: 'ETH', quote: 'USD', name: 'Ether' },
  { symbol: 'SOL', quote: 'USD', name: 'Solana' },
] as const;

export type Market = (typeof MARKETS)[number];
export type MarketSymbol = Market['symbol'];

export const SYMBOLS: readonly MarketSymbol[] = MARKETS.map((market) => market.symbol);

const MINUTE_MS = 60_000;

/** Every interval offered, with its length. Each divides a UTC day, so every bucket lies within one day. */
export const INTERVAL_MS = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': 1440 * MINUTE_MS,
} as const;

export type Interval = keyof typeof INTERVAL_MS;

export const INTERVALS = Object.keys(INTERVAL_MS) as Interval[];
export const DEFAULT_INTERVAL: Interval = '1m';

/** An OHLCV candle. `time` is its start in UTC milliseconds; volume is in units of the base asset. */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The start of the `interval` bucket holding `time`, aligned to UTC (epoch milliseconds have no leap seconds). */
export function bucketStart(time: number, interval: Interval): number {
  return time - (((time % INTERVAL_MS[interval]) + INTERVAL_MS[interval]) % INTERVAL_MS[interval]);
}

export function findMarket(symbol: string): Market | undefined {
  // Letters of ASCII only: toUpperCase() folds look-alikes into them (the long s "ſ" becomes "S").
  if (!/^[A-Za-z]+$/.test(symbol)) return undefined;
  const wanted = symbol.toUpperCase();
  return MARKETS.find((market) => market.symbol === wanted);
}

/** Folds a later candle of the same bucket into an earlier one: first open, last close, extremes, summed volume. */
export function mergeCandles(earlier: Candle, later: Candle, time = earlier.time): Candle {
  return {
    time,
    open: earlier.open,
    high: Math.max(earlier.high, later.high),
    low: Math.min(earlier.low, later.low),
    close: later.close,
    volume: earlier.volume + later.volume,
  };
}
