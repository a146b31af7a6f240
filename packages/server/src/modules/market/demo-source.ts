import { INTERVAL_MS, SYMBOLS, type Candle, type MarketSymbol } from './markets';
import type { MarketSource } from './source';

/*
 * The demo market: a deterministic simulation. Each minute is a sequence of trades drawn from a random generator
 * seeded by (seed, symbol, minute) alone, walking from the price the minute opened at. So a minute comes out the
 * same whether it is generated in a backfill or second by second as it forms, before or after a restart, and the
 * walk continues from whatever close is stored.
 *
 * The walk is geometric Brownian motion in log price with per-asset volatility, pulled gently towards a central
 * price (Ornstein-Uhlenbeck) and reflected at the asset's band, so it stays at realistic levels forever; now and
 * then a jump. Activity (volatility, trades per second, volume) follows the UTC trading day and is lower at
 * weekends; bigger moves come with bigger trades.
 */

export interface AssetModel {
  /** The level the price is pulled towards, and the band it never leaves. */
  center: number;
  min: number;
  max: number;
  /** Annualised volatility of log returns (0.5 = 50%). */
  annualVolatility: number;
  /** Typical standard deviation of the log price around the centre: how far the reversion lets it wander. */
  spread: number;
  /** Base-asset volume of an average day. */
  dailyVolume: number;
  /** Standard deviation of a jump's log return. */
  jumpVolatility: number;
  /** Price steps (ticks) and quantity steps (lots) per unit: 100 for a tick of 0.01. */
  ticksPerUnit: number;
  lotsPerUnit: number;
}

export const DEMO_ASSETS: Record<MarketSymbol, AssetModel> = {
  BTC: {
    center: 78_000,
    min: 60_000,
    max: 100_000,
    annualVolatility: 0.5,
    spread: 0.1,
    dailyVolume: 20_000,
    jumpVolatility: 0.008,
    ticksPerUnit: 100,
    lotsPerUnit: 100_000,
  },
  ETH: {
    center: 2_850,
    min: 2_000,
    max: 4_000,
    annualVolatility: 0.65,
    spread: 0.12,
    dailyVolume: 300_000,
    jumpVolatility: 0.01,
    ticksPerUnit: 100,
    lotsPerUnit: 10_000,
  },
  SOL: {
    center: 160,
    min: 100,
    max: 250,
    annualVolatility: 0.85,
    spread: 0.15,
    dailyVolume: 3_000_000,
    jumpVolatility: 0.015,
    ticksPerUnit: 100,
    lotsPerUnit: 1_000,
  },
};

export const DEFAULT_DEMO_SEED = 20_240_601;

const MINUTE_MS = INTERVAL_MS['1m'];
const HOUR_MS = INTERVAL_MS['1h'];
const MINUTES_PER_YEAR = 365 * 24 * 60;
const MINUTES_PER_DAY = 24 * 60;
/** About two jumps a day. */
const JUMP_PROBABILITY = 1 / 720;
/** Trades per second at average activity. */
const TRADES_PER_SECOND = 2.5;

/** Mixes a 32-bit state (murmur3's finaliser): consecutive inputs give unrelated outputs. */
function mix32(value: number): number {
  let x = value;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A small counter-based generator (splitmix-style): fast, and good enough for a simulation. */
class Random {
  #state: number;
  // A number field that never holds undefined stays unboxed: no allocation per draw.
  #spareNormal = 0;
  #hasSpare = false;

  constructor(...seeds: number[]) {
    let state = 0x9e3779b9;
    for (const seed of seeds) state = mix32(state ^ mix32(seed | 0) ^ mix32(Math.floor(seed / 2 ** 32)));
    this.#state = state;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x9e3779b9) | 0;
    return mix32(this.#state) / 2 ** 32;
  }

  /** Standard normal (Box-Muller, both values used). */
  normal(): number {
    if (this.#hasSpare) {
      this.#hasSpare = false;
      return this.#spareNormal;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.#spareNormal = radius * Math.sin(angle);
    this.#hasSpare = true;
    return radius * Math.cos(angle);
  }
}

/**
 * How busy the market is at `time`, 1 on average: a daily wave peaking around 15:00 UTC (Europe and the US both
 * open) with its low around 03:00, and quieter weekends.
 */
export function activityAt(time: number): number {
  const hour = (time % INTERVAL_MS['1d']) / INTERVAL_MS['1h'];
  const daily = 1 + 0.45 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
  const weekday = new Date(time).getUTCDay();
  return daily * (weekday === 0 || weekday === 6 ? 0.75 : 1.1);
}

/**
 * Rounds to a step such as 0.01 given as its inverse (100): dividing by the exact integer gives the double
 * closest to the decimal, so prices read 82697.61 rather than 82697.61000000001.
 */
const roundToStep = (value: number, perUnit: number) => Math.round(value * perUnit) / perUnit;

export class DemoSource implements MarketSource {
  readonly kind = 'demo';
  readonly tickMs = 1_000;

  constructor(private readonly seed = DEFAULT_DEMO_SEED) {}

  async candles(symbol: MarketSymbol, from: number, until: number, open?: number): Promise<Candle[]> {
    const candles: Candle[] = [];
    let price = open ?? this.startingPrice(symbol);
    for (let time = from; time <= until; time += MINUTE_MS) {
      const candle = this.minute(symbol, time, price, Math.min(MINUTE_MS, until - time));
      candles.push(candle);
      price = candle.close;
    }
    return candles;
  }

  async close(): Promise<void> {}

  /**
   * Hourly candles for the older history, `from <= time < until` (both whole hours), ending where the stored
   * history begins: the last hour closes at `close`. The walk runs backwards from that close, a minute at a time
   * with the same volatility, activity, reversion and jumps as the minutes (the reverting walk looks the same
   * run either way), so the hours join the minutes without a step. Each hour is drawn from a generator seeded
   * by (seed, pair, hour).
   */
  async hours(symbol: MarketSymbol, from: number, until: number, close?: number): Promise<Candle[]> {
    const asset = DEMO_ASSETS[symbol];
    const logMin = Math.log(asset.min);
    const logMax = Math.log(asset.max);
    const minuteScale = asset.annualVolatility / Math.sqrt(MINUTES_PER_YEAR);
    const reversion = minuteScale ** 2 / (2 * asset.spread ** 2);
    const averageMinuteVolume = asset.dailyVolume / MINUTES_PER_DAY;
    const logCenter = Math.log(asset.center);
    const hours: Candle[] = [];
    let logPrice = Math.log(close ?? this.startingPrice(symbol));
    for (let time = until - HOUR_MS; time >= from; time -= HOUR_MS) {
      const random = new Random(this.seed, SYMBOLS.indexOf(symbol), time / HOUR_MS, -2);
      const closePrice = roundToStep(Math.exp(logPrice), asset.ticksPerUnit);
      let high = closePrice;
      let low = closePrice;
      let volume = 0;
      // Activity changes slowly: the hour's middle stands for all of it.
      const activity = activityAt(time + HOUR_MS / 2);
      const minuteVolatility = minuteScale * Math.sqrt(activity);
      for (let minute = 59; minute >= 0; minute--) {
        const shock = random.normal();
        const jump = random.next() < JUMP_PROBABILITY ? asset.jumpVolatility * random.normal() : 0;
        logPrice += -reversion * (logPrice - logCenter) + minuteVolatility * shock + jump;
        if (logPrice > logMax) logPrice = 2 * logMax - logPrice;
        if (logPrice < logMin) logPrice = 2 * logMin - logPrice;
        const price = roundToStep(Math.exp(logPrice), asset.ticksPerUnit);
        high = Math.max(high, price);
        low = Math.min(low, price);
        // As for the minutes: busier and bigger moves trade more.
        volume += averageMinuteVolume * activity * (0.6 + 0.5 * Math.abs(shock)) * (0.7 + 0.6 * random.next());
      }
      const open = roundToStep(Math.exp(logPrice), asset.ticksPerUnit);
      hours.push({ time, open, high, low, close: closePrice, volume: roundToStep(volume, asset.lotsPerUnit) });
    }
    return hours.reverse();
  }

  /** Where a symbol's history begins when nothing is stored: near its centre, the same for the same seed. */
  startingPrice(symbol: MarketSymbol): number {
    const asset = DEMO_ASSETS[symbol];
    const random = new Random(this.seed, SYMBOLS.indexOf(symbol), -1);
    const price = asset.center * Math.exp(0.5 * asset.spread * random.normal());
    return roundToStep(Math.min(asset.max, Math.max(asset.min, price)), asset.ticksPerUnit);
  }

  /** The minute starting at `time` that opened at `open`, with the trades of its first `elapsedMs` milliseconds. */
  minute(symbol: MarketSymbol, time: number, open: number, elapsedMs: number = MINUTE_MS): Candle {
    const asset = DEMO_ASSETS[symbol];
    const random = new Random(this.seed, SYMBOLS.indexOf(symbol), time / MINUTE_MS);
    const activity = activityAt(time);
    const minuteVolatility = (asset.annualVolatility / Math.sqrt(MINUTES_PER_YEAR)) * Math.sqrt(activity);
    const secondVolatility = minuteVolatility / Math.sqrt(60);
    // Ornstein-Uhlenbeck reversion, with the strength that keeps the typical distance from the centre at `spread`.
    const reversion = (asset.annualVolatility / Math.sqrt(MINUTES_PER_YEAR)) ** 2 / (2 * asset.spread ** 2);
    const secondDrift = (-reversion * Math.log(open / asset.center)) / 60;
    const averageTradeSize = asset.dailyVolume / MINUTES_PER_DAY / 60 / TRADES_PER_SECOND;
    const jumpSecond = random.next() < JUMP_PROBABILITY ? Math.floor(random.next() * 60) : -1;
    const logMin = Math.log(asset.min);
    const logMax = Math.log(asset.max);

    let logPrice = Math.log(open);
    let high = open;
    let low = open;
    let close = open;
    let volume = 0;
    for (let second = 0; second < 60; second++) {
      const trades = 1 + Math.floor(random.next() * (2 * TRADES_PER_SECOND - 1) * activity);
      const tradeVolatility = secondVolatility / Math.sqrt(trades);
      for (let trade = 0; trade < trades; trade++) {
        if (second * 1000 + ((trade + 0.5) * 1000) / trades > elapsedMs) {
          return { time, open, high, low, close, volume: roundToStep(volume, asset.lotsPerUnit) };
        }
        const shock = random.normal();
        const jump = second === jumpSecond && trade === 0 ? asset.jumpVolatility * random.normal() : 0;
        logPrice += secondDrift / trades + tradeVolatility * shock + jump;
        if (logPrice > logMax) logPrice = 2 * logMax - logPrice;
        if (logPrice < logMin) logPrice = 2 * logMin - logPrice;
        const price = roundToStep(Math.exp(logPrice), asset.ticksPerUnit);
        // Sizes skewed towards small trades (the square of a uniform has mean 1/3); bigger moves draw bigger
        // trades (E|shock| is about 0.8), jumps most of all.
        const size = averageTradeSize * 3 * random.next() ** 2;
        const weight = (1 + Math.abs(shock) + (jump === 0 ? 0 : Math.abs(jump) / tradeVolatility)) / 1.8;
        high = Math.max(high, price);
        low = Math.min(low, price);
        close = price;
        volume += Math.max(1, Math.round(size * weight * asset.lotsPerUnit)) / asset.lotsPerUnit;
      }
    }
    return { time, open, high, low, close, volume: roundToStep(volume, asset.lotsPerUnit) };
  }
}
