import { seededRandom } from '../../test/seeded-random';
import { MINUTE } from './aggregate';
import type { Candle, ChartMarker } from './types';

/**
 * Deterministic sample market data for stories, tests and the benchmark (not exported by the kit):
 * a random walk with realistic volatility, so every run draws the same chart.
 */

export { seededRandom } from '../../test/seeded-random';

export interface SampleOptions {
  count: number;
  intervalMs?: number;
  /** Opening time of the last candle. */
  lastTime?: number;
  startPrice?: number;
  seed?: number;
}

export const SAMPLE_LAST_TIME = Date.UTC(2026, 2, 12, 12, 0);

export function sampleCandles({
  count,
  intervalMs = MINUTE,
  lastTime = SAMPLE_LAST_TIME,
  startPrice = 64_000,
  seed = 7,
}: SampleOptions): Candle[] {
  const random = seededRandom(seed);
  const volatility = 0.0012 * Math.sqrt(intervalMs / MINUTE);
  const candles: Candle[] = [];
  let close = startPrice;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(open * (1 + (random() - 0.5) * 2 * volatility), 0.01);
    const high = Math.max(open, close) * (1 + random() * volatility * 0.6);
    const low = Math.min(open, close) * (1 - random() * volatility * 0.6);
    const volume = Math.round((2 + random() * 18) * Math.sqrt(intervalMs / MINUTE) * 100) / 100;
    candles.push({ time: lastTime - (count - 1 - i) * intervalMs, open, high, low, close, volume });
  }
  return candles;
}

/** One live tick: the forming candle with a new price and more volume. */
export function tickCandle(candle: Candle, random: () => number): Candle {
  const close = Math.max(candle.close * (1 + (random() - 0.5) * 0.0008), 0.01);
  return {
    ...candle,
    close,
    high: Math.max(candle.high, close),
    low: Math.min(candle.low, close),
    volume: Math.round((candle.volume + random() * 0.5) * 100) / 100,
  };
}

/** A new forming candle opening at the previous close. */
export function openNextCandle(previous: Candle, intervalMs: number): Candle {
  const price = previous.close;
  return { time: previous.time + intervalMs, open: price, high: price, low: price, close: price, volume: 0 };
}

/** Buy and sell signals spread over the history, every `every` candles. */
export function sampleMarkers(candles: readonly Candle[], every = 25): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (let i = candles.length - 3; i >= 0 && markers.length < 40; i -= every) {
    const candle = candles[i] as Candle;
    const side = markers.length % 2 === 0 ? 'buy' : 'sell';
    markers.push({
      id: `signal-${i}`,
      time: candle.time + 1_000,
      side,
      label: side === 'buy' ? 'Breakout long' : 'Take profit',
      price: candle.close,
    });
  }
  return markers;
}
