import type { Candle } from '../market/markets';
import type { EntryLevels, ExitLevel, Position, PositionSide } from './account';
import { roundPrice } from './money';
import type { StrategySettings } from './settings';
import type { PaperSignal } from './signal';

/*
 * Stop loss and take profit: where they sit, and when a 1m candle reaches them.
 *
 * A candle only says where the price went, not in which order. When one candle reaches both the stop and the
 * target, the stop is taken (the worse outcome is assumed). A candle that opens beyond a level (a gap) fills at its
 * open, since no trade happened at the level itself: a stop gapped through fills worse than the stop, a target
 * gapped through better than the target.
 */

export type PriceCandle = Pick<Candle, 'time' | 'open' | 'high' | 'low' | 'close'>;

const percentLevel = (side: PositionSide, entryPrice: number, pct: number, towards: 'loss' | 'profit') => {
  const up = (side === 'long') === (towards === 'profit');
  return roundPrice(entryPrice * (1 + ((up ? 1 : -1) * pct) / 100));
};

function level(
  fromAlert: number | null,
  current: ExitLevel | null | undefined,
  pct: number | null,
  side: PositionSide,
  entryPrice: number,
  towards: 'loss' | 'profit',
): ExitLevel | null {
  if (fromAlert !== null) return { price: fromAlert, source: 'alert' };
  // An alert's level stays when a later entry does not give one; a % level follows the new average entry.
  if (current?.source === 'alert') return current;
  if (pct === null) return null;
  // Settings keep a short's target above 0 (settings.ts); a level at or below 0 could never be reached anyway.
  const price = percentLevel(side, entryPrice, pct, towards);
  return price > 0 ? { price, source: 'percent' } : null;
}

/** The stop and target of a position after an entry at average `entryPrice`. */
export function entryLevels(
  side: PositionSide,
  entryPrice: number,
  settings: StrategySettings,
  signal: PaperSignal,
  current: Position | undefined,
): EntryLevels {
  return {
    stopLoss: level(signal.stopLoss, current?.stopLoss, settings.stopLossPct, side, entryPrice, 'loss'),
    takeProfit: level(signal.takeProfit, current?.takeProfit, settings.takeProfitPct, side, entryPrice, 'profit'),
  };
}

const LEVEL_WORDS = {
  stopLoss: { field: 'stop_loss', setting: 'stopLossPct', name: 'stop' },
  takeProfit: { field: 'take_profit', setting: 'takeProfitPct', name: 'target' },
} as const;

/**
 * Why an entry filled at `fillPrice` (the price after slippage) must not be made: the stop or target the position
 * would hold after it, at average `entryPrice`, is on the wrong side of that fill or on it, or on the wrong side of
 * `marketPrice` (the price before slippage), where the next candle would close the position at once. A broker
 * refuses such a bracket. Slippage moves the fill against the trader, so a stop is bound by the market price (a
 * long's stop between the market and its slipped fill would be hit at once) and a target by the fill. Null when a
 * long's stop is below both and its target above both (a short's the other way round). The level is named as the
 * trader set it: the alert's field, a level kept from an earlier alert, or a % from the entry (which can cross an
 * add's fill once averaged).
 */
export function misplacedLevel(
  side: PositionSide,
  fillPrice: number,
  marketPrice: number,
  entryPrice: number,
  settings: StrategySettings,
  signal: PaperSignal,
  current: Position | undefined,
): string | null {
  const levels = entryLevels(side, entryPrice, settings, signal, current);
  for (const kind of ['stopLoss', 'takeProfit'] as const) {
    const level = levels[kind];
    if (level === null) continue;
    // A long's stop and a short's target belong below the entry; the others above.
    const below = (side === 'long') === (kind === 'stopLoss');
    const bound = below ? Math.min(fillPrice, marketPrice) : Math.max(fillPrice, marketPrice);
    if (below ? level.price < bound : level.price > bound) continue;
    const words = LEVEL_WORDS[kind];
    const named =
      signal[kind] !== null
        ? `${words.field} ${level.price}`
        : level.source === 'alert'
          ? `the position's ${words.field} ${level.price} (from an earlier alert)`
          : `the ${words.name} ${level.price} (${words.setting} ${settings[words.setting]}% from the ${current ? 'average ' : ''}entry ${entryPrice})`;
    const beyondFill = below ? level.price >= fillPrice : level.price <= fillPrice;
    const where = (price: number) => (level.price === price ? 'at' : below ? 'above' : 'below');
    const belongs = below ? 'below' : 'above';
    return beyondFill
      ? `${named} is ${where(fillPrice)} ${fillPrice}, the price this ${side} would fill at: a ${side}'s ${words.name} must be ${belongs} its entry`
      : `${named} is ${where(marketPrice)} ${marketPrice}, the market price: a ${side}'s ${words.name} must be ${belongs} the market, or the next candle would close the position at once`;
  }
  return null;
}

export interface CandleExit {
  reason: 'stop_loss' | 'take_profit';
  /** The level, or the candle's open when the candle opened beyond it. */
  price: number;
}

/** Whether `candle` closes `position` at its stop or target, and at what price. Runs on every candle: no closures. */
export function exitOnCandle(position: Position, candle: PriceCandle): CandleExit | null {
  const stop = position.stopLoss === null ? null : position.stopLoss.price;
  const target = position.takeProfit === null ? null : position.takeProfit.price;
  if (stop === null && target === null) return null;
  // A long's stop and a short's target are below the price; the others above. Opening beyond a level is a gap.
  if (position.side === 'long') {
    if (stop !== null && candle.open <= stop) return { reason: 'stop_loss', price: candle.open };
    if (target !== null && candle.open >= target) return { reason: 'take_profit', price: candle.open };
    if (stop !== null && candle.low <= stop) return { reason: 'stop_loss', price: stop };
    if (target !== null && candle.high >= target) return { reason: 'take_profit', price: target };
  } else {
    if (stop !== null && candle.open >= stop) return { reason: 'stop_loss', price: candle.open };
    if (target !== null && candle.open <= target) return { reason: 'take_profit', price: candle.open };
    if (stop !== null && candle.high >= stop) return { reason: 'stop_loss', price: stop };
    if (target !== null && candle.low <= target) return { reason: 'take_profit', price: target };
  }
  return null;
}
