import type { Interval, MarketSymbol } from '@signaldeck/server/api-types';

/** Known before the markets answer arrives, so a bad URL is caught without waiting. */
export const KNOWN_SYMBOLS = ['BTC', 'ETH', 'SOL'] as const satisfies readonly MarketSymbol[];
export const KNOWN_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const satisfies readonly Interval[];
