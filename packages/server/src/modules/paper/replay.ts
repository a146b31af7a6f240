import { SYMBOLS } from '../market/markets';
import { equityPoint, openAccount, type AccountState, type ClosedTrade, type EquityPoint, type Fill } from './account';
import {
  applyCandle,
  applyManualClose,
  executeSignal,
  type ManualClose,
  type PaperEvent,
  type Quote,
  type SignalOutcome,
} from './engine';
import type { PriceCandle } from './exits';
import { DAY_MS } from './metrics';
import type { StrategySettings } from './settings';
import type { PaperSignal } from './signal';

/*
 * Replay: a strategy's account recomputed from its signals and the pairs' 1m candles, with any settings. It walks
 * one timeline the way the live account lives it:
 * - a candle is known when it closes (its start + 1 minute), and is applied then; candles closing at the same
 *   instant are applied in the listed pairs' order (BTC, ETH, SOL), before a signal received at that instant;
 * - a signal is executed at its receipt, with the close of the pair's latest finished candle as the market price;
 * - a position closed by hand is closed again where the live account closed it: after the candles and signals up
 *   to its `after` (those at that very instant included), at the price the trader got;
 * - at every UTC midnight the account is marked (an equity point), for the daily returns.
 * With the settings the live account ran with, the result is the live account, trade for trade.
 */

const MINUTE_MS = 60_000;

export interface ReplayInput {
  strategyId: number;
  settings: StrategySettings;
  /** When the account was opened (created or last reset): signals received before it are not replayed. */
  openedAt: number;
  /** Accepted signals; replayed in the order received (receivedAt, then id). */
  signals: readonly PaperSignal[];
  /** Each listed pair's 1m candles, oldest first. */
  candles: Readonly<Record<string, readonly PriceCandle[]>>;
  /** Positions closed by hand, in the order they were made; those made before the account was opened are left out. */
  manualCloses?: readonly ManualClose[];
  /** Replay up to this time (default: the last signal or candle close). */
  until?: number;
}

export interface ReplayResult {
  state: AccountState;
  /** One outcome per replayed signal, in the order received; `pending` if no candle opened after it. */
  outcomes: SignalOutcome[];
  fills: Fill[];
  trades: ClosedTrade[];
  /** After every fill, at each UTC midnight, and at the end. */
  equityPoints: EquityPoint[];
  /** Manual closes repeated, and those skipped because the account held no position in the pair at that point. */
  manualCloses: { applied: number; skipped: number };
}

/** A signal's quote: the close of the latest candle finished at receipt (see engine.ts `Quote`). */
const quoteOf = (candle: PriceCandle | undefined): Quote | null =>
  candle ? { price: candle.close, time: candle.time + MINUTE_MS } : null;

export function replay(input: ReplayInput): ReplayResult {
  const { settings } = input;
  const signals = input.signals
    .filter((signal) => signal.receivedAt >= input.openedAt)
    .sort((a, b) => a.receivedAt - b.receivedAt || a.id - b.id);
  // A stable sort: closes made at the same point of the timeline keep the order they were made in.
  const closes = (input.manualCloses ?? [])
    .filter((close) => close.time >= input.openedAt)
    .sort((a, b) => a.after - b.after);
  // Only listed pairs trade (the engine ignores others), in the listed order.
  const series = SYMBOLS.filter((symbol) => input.candles[symbol]).map((symbol) => {
    const candles = input.candles[symbol]!;
    // Candles that closed before the account opened only set the starting quote.
    let index = 0;
    while (index < candles.length && candles[index]!.time + MINUTE_MS <= input.openedAt) index += 1;
    return { symbol, candles, index };
  });

  const lastClose = Math.max(
    signals.length > 0 ? signals[signals.length - 1]!.receivedAt : input.openedAt,
    closes.length > 0 ? closes[closes.length - 1]!.after : input.openedAt,
    ...series.map(({ candles }) => (candles.length > 0 ? candles[candles.length - 1]!.time + MINUTE_MS : 0)),
  );
  const until = input.until ?? lastClose;

  let state = openAccount({
    strategyId: input.strategyId,
    startingBalance: settings.startingBalance,
    openedAt: input.openedAt,
  });
  const outcomes = new Map<number, SignalOutcome>();
  const fills: Fill[] = [];
  const trades: ClosedTrade[] = [];
  const equityPoints: EquityPoint[] = [];
  const manualCloses = { applied: 0, skipped: 0 };
  const collect = (events: readonly PaperEvent[]) => {
    for (const event of events) {
      if (event.type === 'fill') fills.push(event.fill);
      else if (event.type === 'trade') trades.push(event.trade);
      else if (event.type === 'equity') equityPoints.push(event.point);
    }
  };

  let midnight = Math.floor(input.openedAt / DAY_MS) * DAY_MS + DAY_MS;
  /** Marks the account at every midnight before `time` (a midnight is marked after what happened at it). */
  const markMidnightsBefore = (time: number) => {
    for (; midnight < time && midnight <= until; midnight += DAY_MS) equityPoints.push(equityPoint(state, midnight));
  };

  let signalIndex = 0;
  let closeIndex = 0;
  for (;;) {
    let next: (typeof series)[number] | null = null;
    for (const entry of series) {
      const candle = entry.candles[entry.index];
      if (candle && (next === null || candle.time < next.candles[next.index]!.time)) next = entry;
    }
    const candleClose = next ? next.candles[next.index]!.time + MINUTE_MS : Infinity;
    const signal = signals[signalIndex];
    const signalTime = signal ? signal.receivedAt : Infinity;
    const close = closes[closeIndex];
    const closeAfter = close ? close.after : Infinity;
    // At one instant: candles, then signals, then manual closes.
    const time = Math.min(candleClose, signalTime, closeAfter);
    if (time === Infinity || time > until) break;
    markMidnightsBefore(time);

    if (candleClose === time) {
      const step = applyCandle(state, next!.symbol, next!.candles[next!.index]!, settings);
      next!.index += 1;
      state = step.state;
      collect(step.events);
      for (const outcome of step.outcomes) outcomes.set(outcome.signalId, outcome);
    } else if (signalTime === time) {
      const entry = series.find(({ symbol }) => symbol === signal!.ticker);
      const quote = entry ? quoteOf(entry.candles[entry.index - 1]) : null;
      const step = executeSignal(state, signal!, settings, quote);
      signalIndex += 1;
      state = step.state;
      collect(step.events);
      outcomes.set(signal!.id, { signalId: signal!.id, outcome: step.outcome });
    } else {
      const step = applyManualClose(state, close!, settings);
      closeIndex += 1;
      state = step.state;
      collect(step.events);
      manualCloses[step.outcome.status === 'executed' ? 'applied' : 'skipped'] += 1;
    }
  }
  markMidnightsBefore(until + 1);
  if (equityPoints[equityPoints.length - 1]?.time !== until) equityPoints.push(equityPoint(state, until));

  return {
    state,
    outcomes: signals.filter((signal) => outcomes.has(signal.id)).map((signal) => outcomes.get(signal.id)!),
    fills,
    trades,
    equityPoints,
    manualCloses,
  };
}
