import type { Candle } from 'dashboard-kit';

export type { Candle };

export interface Market {
  symbol: string;
  quote: string;
  name: string;
}

export interface MarketsResponse {
  data: Market[];
  intervals: string[];
  source?: 'demo' | 'exchange';
}

export interface CandlesResponse {
  symbol: string;
  interval: string;
  candles: Candle[];
}

/** A `candle` event of the live stream: the forming candle of every interval for one pair. */
export interface CandleEvent {
  symbol: string;
  candles: Record<string, Candle>;
}

/** Known before the markets answer arrives, so a bad URL is caught without waiting. */
export const KNOWN_SYMBOLS = ['BTC', 'ETH', 'SOL'] as const;
export const KNOWN_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
