import type { Interval, MarketSymbol } from '@signaldeck/server/api-types';

/** Known before the markets answer arrives, so a bad URL is caught without waiting. */
export const KNOWN_SYMBOLS = ['BTC', 'ETH', 'SOL'] as const satisfies readonly MarketSymbol[];
export const KNOWN_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const satisfies readonly Interval[];

const MINUTE_MS = 60_000;
/** Each interval's length in ms. */
export const INTERVAL_MS: Readonly<Record<string, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': 1440 * MINUTE_MS,
} satisfies Record<Interval, number>;
