import { SYMBOLS } from '../market/markets';
import {
  applyEntry,
  applyExit,
  averageEntry,
  equity,
  equityPoint,
  markPrice,
  openAccount,
  type AccountState,
  type ClosedTrade,
  type EquityPoint,
  type ExitReason,
  type Fill,
  type OrderSide,
  type Position,
  type PositionSide,
} from './account';
import { entryLevels, exitOnCandle, misplacedLevel, type PriceCandle } from './exits';
import { basisPoints, floorQuantity, notional, roundMoney, roundPrice, roundQuantity } from './money';
import type { StrategySettings } from './settings';
import type { BookPosition, MarketPosition, OutOfSync, Outcome, PaperSignal, PositionEffect } from './signal';

/*
 * The paper engine: pure functions from (account, input, settings, market) to (account, outcome, events). No clock,
 * no randomness, no I/O: the same inputs in the same order always give the same account, which is what makes live
 * execution and replay agree.
 */

/** The last trade price known when a signal was received: the close of the latest finished 1m candle. */
export interface Quote {
  price: number;
  /** When that price was current (the candle's close time), ms since 1970. */
  time: number;
}

/** A quote older than this at receipt is not a market price any more: the pair's data has a gap. */
export const MAX_QUOTE_AGE_MS = 5 * 60_000;

const MINUTE_MS = 60_000;

/** An alert time further ahead of its receipt than this is refused when the strategy limits signal age. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** `fill: "signal"` takes an alert's price only within this share of the market price at receipt (10%). */
export const MAX_SIGNAL_PRICE_DEVIATION = 0.1;

/** No order's notional may exceed this (USD), whatever the account holds: amounts stay exact and finite. */
export const MAX_ORDER_NOTIONAL = 1e12;

const usd = (amount: number) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;

export type PaperEvent =
  | { type: 'fill'; fill: Fill }
  | { type: 'trade'; trade: ClosedTrade }
  | { type: 'position'; symbol: string; position: Position | null }
  | { type: 'equity'; point: EquityPoint };

export interface SignalStep {
  state: AccountState;
  outcome: Outcome;
  events: PaperEvent[];
}

export interface SignalOutcome {
  signalId: number;
  outcome: Outcome;
}

export interface CandleStep {
  state: AccountState;
  /** Outcomes of the `next_open` signals this candle's open filled or ignored. */
  outcomes: SignalOutcome[];
  events: PaperEvent[];
}

const ignored = (reason: string): Outcome => ({ status: 'ignored', reason });

const formatSeconds = (ms: number) => {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
};

const formatQuantity = (quantity: number, symbol: string) => `${quantity} ${symbol}`;

/** The checks made at receipt, whatever the fill mode: the ones a trader fixes in settings or in the alert. */
function screen(signal: PaperSignal, settings: StrategySettings): string | null {
  if (!settings.paperTrading) return 'paper trading is off for this strategy';
  if (!(SYMBOLS as readonly string[]).includes(signal.ticker)) return `no market data for ${signal.ticker}`;
  const allowed = settings.allowedTickers;
  if (allowed && !(allowed as readonly string[]).includes(signal.ticker)) {
    return `${signal.ticker} is not traded by this strategy (allowed: ${allowed.join(', ')})`;
  }
  if (settings.maxSignalAgeS !== null && signal.alertTime !== null) {
    const age = signal.receivedAt - signal.alertTime;
    if (-age > MAX_CLOCK_SKEW_MS) {
      return `alert time is ${formatSeconds(-age)} s in the future (more than the ${MAX_CLOCK_SKEW_MS / 1000} s clock skew allowed)`;
    }
    if (age > settings.maxSignalAgeS * 1000) {
      return `signal is ${formatSeconds(age)} s old, the limit is ${settings.maxSignalAgeS} s`;
    }
  }
  return null;
}

/** Where the signal wants the position to be. `size` is an exact target quantity (TradingView's position_size). */
interface Target {
  direction: PositionSide | 'flat';
  size: number | null;
  /** exit_long / exit_short close only a position on that side. */
  only: PositionSide | null;
}

function targetOf(signal: PaperSignal, settings: StrategySettings): Target {
  if (signal.positionSize !== null) {
    // A target below the smallest quantity (8 decimals) is flat.
    const magnitude = floorQuantity(Math.abs(signal.positionSize));
    const direction = magnitude === 0 ? 'flat' : signal.positionSize > 0 ? 'long' : 'short';
    // With other sizing modes the strategy's size wins; the sign still says where to go.
    return { direction, size: settings.sizing.mode === 'signal' ? magnitude : null, only: null };
  }
  if (signal.marketPosition !== null) return { direction: signal.marketPosition, size: null, only: null };
  switch (signal.action) {
    case 'buy':
    case 'long':
      return { direction: 'long', size: null, only: null };
    case 'sell':
    case 'short':
      return { direction: 'short', size: null, only: null };
    case 'exit_long':
      return { direction: 'flat', size: null, only: 'long' };
    case 'exit_short':
      return { direction: 'flat', size: null, only: 'short' };
    case 'exit':
    case 'close':
    case 'flat':
      return { direction: 'flat', size: null, only: null };
  }
}

/** What the signal does to the position: close some or all of it, then open or add (sized later, at the price). */
type Plan =
  | { kind: 'ignore'; reason: string }
  | {
      kind: 'trade';
      close: { quantity: number; reason: ExitReason } | null;
      /** `quantity` null: sized by the strategy's sizing at the fill price. */
      open: { side: PositionSide; quantity: number | null } | null;
    };

const SIDE_NAMES: Record<PositionSide, string> = { long: 'longs', short: 'shorts' };

function plan(target: Target, position: Position | undefined, settings: StrategySettings, symbol: string): Plan {
  const { direction, size } = target;
  if (direction === 'flat') {
    if (!position)
      return { kind: 'ignore', reason: target.only ? `no ${target.only} position to close` : 'no position to close' };
    if (target.only && position.side !== target.only) {
      return { kind: 'ignore', reason: `no ${target.only} position to close (the open position is ${position.side})` };
    }
    return { kind: 'trade', close: { quantity: position.quantity, reason: 'signal' }, open: null };
  }

  const allowed = settings.sides === 'both' || settings.sides === direction;
  if (!position) {
    if (!allowed) return { kind: 'ignore', reason: `${SIDE_NAMES[direction]} are off for this strategy` };
    return { kind: 'trade', close: null, open: { side: direction, quantity: size } };
  }

  if (position.side !== direction) {
    // A signal to the other side closes the position; it also opens that side only when reversing is on and allowed.
    if (!allowed || settings.onOpposite === 'close') {
      return { kind: 'trade', close: { quantity: position.quantity, reason: 'signal' }, open: null };
    }
    return {
      kind: 'trade',
      close: { quantity: position.quantity, reason: 'reverse' },
      open: { side: direction, quantity: size },
    };
  }

  const held = `already ${direction} ${formatQuantity(position.quantity, symbol)}`;
  if (size !== null && size < position.quantity) {
    return {
      kind: 'trade',
      close: { quantity: floorQuantity(position.quantity - size), reason: 'signal' },
      open: null,
    };
  }
  if (size !== null && size === position.quantity) return { kind: 'ignore', reason: held };
  if (!settings.pyramiding) return { kind: 'ignore', reason: `${held}; adding to a position is off for this strategy` };
  return {
    kind: 'trade',
    close: null,
    open: { side: direction, quantity: size === null ? null : floorQuantity(size - position.quantity) },
  };
}

/** Slippage moves the price against the trader: a buy pays more, a sell receives less. */
const slipped = (price: number, side: OrderSide, bps: number) =>
  roundPrice(price * (1 + ((side === 'buy' ? 1 : -1) * bps) / 10_000));

function makeFill(
  signalId: number | null,
  symbol: string,
  side: OrderSide,
  quantity: number,
  referencePrice: number,
  price: number,
  settings: StrategySettings,
  time: number,
): Fill {
  return {
    signalId,
    symbol,
    side,
    quantity,
    price,
    referencePrice,
    fee: basisPoints(notional(quantity, price), settings.feeBps),
    slippage: roundMoney(quantity * Math.abs(price - referencePrice)),
    time,
  };
}

/** The size of a new order at `price` per the strategy's sizing, or why there is none. */
function sizeOrder(
  signal: PaperSignal,
  settings: StrategySettings,
  price: number,
  accountEquity: number,
): { quantity: number } | { reason: string } {
  const { mode, value } = settings.sizing;
  let quantity: number;
  switch (mode) {
    case 'signal':
      quantity = signal.quantity ?? value / price;
      break;
    case 'fixed':
      quantity = value;
      break;
    case 'notional':
      quantity = value / price;
      break;
    case 'percent':
      if (accountEquity <= 0) return { reason: `equity is ${accountEquity} USD; percent sizing needs equity above 0` };
      // The order and its fee together are the share of equity: 100% is all in, not a fee more than the account.
      quantity = (accountEquity * value) / 100 / (price * (1 + settings.feeBps / 10_000));
      break;
  }
  const rounded = floorQuantity(quantity);
  if (rounded <= 0) {
    return { reason: `the order size rounds to 0 ${signal.ticker} (8 decimals); raise the strategy's size` };
  }
  return { quantity: rounded };
}

/**
 * Margin in use: every open position holds its marked value (a long the cash it cost, a short an equal margin).
 * What is left of the equity is what a new order may cost.
 */
function availableEquity(state: AccountState): number {
  let used = 0;
  for (const position of Object.values(state.positions))
    used += notional(position.quantity, markPrice(state, position));
  return roundMoney(equity(state) - used);
}

/** Why an opening order of `quantity` at `price` cannot be placed on `state`, or null when it can. */
function buyingPowerProblem(state: AccountState, quantity: number, price: number, settings: StrategySettings) {
  const value = quantity * price;
  if (!Number.isFinite(value) || value > MAX_ORDER_NOTIONAL) {
    return `the order is worth more than ${usd(MAX_ORDER_NOTIONAL)}, the largest order a paper account takes; check the alert's quantity, position_size and price`;
  }
  const cost = roundMoney(notional(quantity, price) + basisPoints(notional(quantity, price), settings.feeBps));
  const available = availableEquity(state);
  if (cost > available) {
    return `order needs ${usd(cost)}, the account has ${usd(Math.max(available, 0))} available (equity less the margin of open positions)`;
  }
  return null;
}

/**
 * What an order did to the position it met: opened one, added to it, reduced or closed it, or closed it and
 * opened the other side (a reversal).
 */
function positionEffect(before: { quantity: number } | undefined, closed: number, opened: number): PositionEffect {
  if (closed > 0 && opened > 0) return 'reverse';
  if (closed > 0) return before !== undefined && closed < before.quantity ? 'reduce' : 'close';
  return before === undefined ? 'open' : 'add';
}

const positionSideToOrder = (side: PositionSide, opening: boolean): OrderSide =>
  (side === 'long') === opening ? 'buy' : 'sell';

/**
 * Decides and fills `signal` at `reference` (the price before slippage; null when there is none), at `time`. What
 * the position makes of the signal is said first: "no position to close" helps more than "no market data".
 * `market` is the market price when the reference is another (the alert's own price, with fill "signal"): a new
 * position's stop must lie beyond it too. Null when there is no market data.
 */
function fillSignal(
  state: AccountState,
  signal: PaperSignal,
  settings: StrategySettings,
  reference: number | null,
  time: number,
  market: number | null = reference,
): SignalStep {
  const symbol = signal.ticker;
  const position = state.positions[symbol];
  const decided = plan(targetOf(signal, settings), position, settings, symbol);
  if (decided.kind === 'ignore') return { state, outcome: ignored(decided.reason), events: [] };
  if (reference === null) return { state, outcome: ignored(`no market data for ${symbol}`), events: [] };

  // Both legs of a reversal are one order, on one side, at one price.
  const side = decided.close
    ? positionSideToOrder(position!.side, false)
    : positionSideToOrder(decided.open!.side, true);
  const price = slipped(reference, side, settings.slippageBps);

  let openQuantity = 0;
  // Why a reversal closed its position without opening the other side.
  let notOpened: string | null = null;
  if (decided.open) {
    if (decided.open.quantity !== null) openQuantity = decided.open.quantity;
    else {
      const sized = sizeOrder(signal, settings, price, equity(state));
      if ('reason' in sized) {
        // A reversal that cannot size its new side still closes: the trader asked to leave the position.
        if (!decided.close) return { state, outcome: ignored(sized.reason), events: [] };
        notOpened = sized.reason;
      } else openQuantity = sized.quantity;
    }
  }
  if (openQuantity > 0) {
    // A reversal's new side is a position of its own; an order on the position's side adds to it.
    const current = decided.close ? undefined : position;
    const entryPrice = averageEntry(current, openQuantity, price);
    const misplaced = misplacedLevel(decided.open!.side, price, market ?? price, entryPrice, settings, signal, current);
    if (misplaced) {
      // As above: a reversal still closes, and says why its new side did not open.
      if (!decided.close) return { state, outcome: ignored(misplaced), events: [] };
      openQuantity = 0;
      notOpened = misplaced;
    }
  }

  let next = state;
  const events: PaperEvent[] = [];
  const fills: Fill[] = [];
  if (decided.close) {
    const fill = makeFill(signal.id, symbol, side, decided.close.quantity, reference, price, settings, time);
    const close = (opens: boolean) => applyExit(next, fill, opens ? decided.close!.reason : 'signal');
    let exited = close(openQuantity > 0);
    if (openQuantity > 0) {
      // Checked after the closing leg of a reversal, which frees its margin.
      const problem = buyingPowerProblem(exited.state, openQuantity, price, settings);
      if (problem) {
        // A reversal that cannot afford its new side still closes (the trader asked to leave the position), and
        // its trade ends on the signal: no reversal happened.
        openQuantity = 0;
        notOpened = problem;
        exited = close(false);
      }
    }
    next = exited.state;
    fills.push(fill);
    events.push({ type: 'fill', fill }, { type: 'trade', trade: exited.trade });
  } else if (openQuantity > 0) {
    const problem = buyingPowerProblem(next, openQuantity, price, settings);
    if (problem) return { state, outcome: ignored(problem), events: [] };
  }
  if (openQuantity > 0) {
    const fill = makeFill(signal.id, symbol, side, openQuantity, reference, price, settings, time);
    const entered = applyEntry(next, fill, (entryPrice, current) =>
      entryLevels(decided.open!.side, entryPrice, settings, signal, current),
    );
    next = entered.state;
    fills.push(fill);
    events.push({ type: 'fill', fill });
  }
  events.push(
    { type: 'position', symbol, position: next.positions[symbol] ?? null },
    { type: 'equity', point: equityPoint(next, time) },
  );
  const closedQuantity = decided.close ? fills[0]!.quantity : 0;
  const openedQuantity = openQuantity > 0 ? fills[fills.length - 1]!.quantity : 0;
  return {
    state: next,
    outcome: {
      status: 'executed',
      side,
      quantity: fills.reduce((sum, fill) => roundQuantity(sum + fill.quantity), 0),
      effect: positionEffect(position, closedQuantity, openedQuantity),
      closedQuantity,
      openedQuantity,
      price,
      fee: roundMoney(fills.reduce((sum, fill) => sum + fill.fee, 0)),
      slippage: roundMoney(fills.reduce((sum, fill) => sum + fill.slippage, 0)),
      filledAt: time,
      latencyMs: time - signal.receivedAt,
      ...(notOpened !== null && decided.open ? { note: `${decided.open.side} not opened: ${notOpened}` } : {}),
    },
    events,
  };
}

/** The paper account's position in a pair, as a TradingView position reads. */
const bookOf = (position: Position | undefined): BookPosition & { size: number } =>
  position ? { position: position.side, size: position.quantity } : { position: 'flat', size: 0 };

/**
 * Whether TradingView's position disagrees with the paper book: the direction, and the size when the alert gives
 * one and the strategy trades the alert's sizes (`signal` sizing; other modes size positions their own way).
 */
function disagrees(tradingView: BookPosition, paper: BookPosition & { size: number }, exactSizes: boolean): boolean {
  if (tradingView.position !== paper.position) return true;
  return exactSizes && tradingView.size !== null && tradingView.size !== paper.size;
}

/** TradingView's position from a direction and/or a size (signed or not); null when the alert gives neither. */
function tradingViewPosition(direction: MarketPosition | null, size: number | null): BookPosition | null {
  const magnitude = size === null ? null : floorQuantity(Math.abs(size));
  if (direction !== null) return { position: direction, size: direction === 'flat' ? 0 : magnitude };
  if (magnitude === null) return null;
  if (magnitude === 0) return { position: 'flat', size: 0 };
  // A signed size (position_size) says the side; an unsigned one (prev_market_position_size) does not.
  return size! < 0 ? { position: 'short', size: magnitude } : { position: 'long', size: magnitude };
}

/**
 * Compares the alert's positions with the paper book around the signal: TradingView's position before the order
 * with the account's before, then its position after the order with the account's after. The first disagreement
 * found, or undefined when they agree or the alert carries no position.
 */
export function checkSync(
  signal: PaperSignal,
  settings: StrategySettings,
  before: Position | undefined,
  after: Position | undefined,
): OutOfSync | undefined {
  const exactSizes = settings.sizing.mode === 'signal';
  const previous = tradingViewPosition(signal.prevMarketPosition, signal.prevPositionSize);
  if (previous) {
    // prev_market_position_size alone has no side: only its size is compared (0 reads as flat).
    const sideKnown = signal.prevMarketPosition !== null || previous.size === 0;
    const paper = bookOf(before);
    const compared = sideKnown
      ? previous
      : { ...previous, position: paper.position === 'flat' ? 'long' : paper.position };
    if (disagrees(compared, paper, exactSizes)) return { at: 'before', tradingView: compared, paper };
  }
  const target = tradingViewPosition(signal.marketPosition, signal.positionSize);
  if (target) {
    const paper = bookOf(after);
    if (disagrees(target, paper, exactSizes)) return { at: 'after', tradingView: target, paper };
  }
  return undefined;
}

/** The step with its outcome flagged when the alert's positions disagree with the book (decided outcomes only). */
function withSync(step: SignalStep, signal: PaperSignal, settings: StrategySettings, before: Position | undefined) {
  if (step.outcome.status === 'pending') return step;
  const outOfSync = checkSync(signal, settings, before, step.state.positions[signal.ticker]);
  return outOfSync ? { ...step, outcome: { ...step.outcome, outOfSync } } : step;
}

/** The market price at receipt, if the pair's data is fresh enough to call it one. */
function marketPrice(quote: Quote | null, receivedAt: number): number | null {
  if (quote === null || receivedAt - quote.time > MAX_QUOTE_AGE_MS) return null;
  return quote.price;
}

/**
 * Executes one accepted signal against the account, at its receipt. `quote` is the pair's last price at receipt
 * (null when there is none). With `next_open` fills the outcome is `pending`: the signal is decided and filled by
 * `applyCandle` at the open of the next 1m candle.
 */
export function executeSignal(
  state: AccountState,
  signal: PaperSignal,
  settings: StrategySettings,
  quote: Quote | null,
): SignalStep {
  const problem = screen(signal, settings);
  if (problem) return { state, outcome: ignored(problem), events: [] };

  if (settings.fill === 'next_open') {
    return {
      state: { ...state, pending: [...state.pending, signal] },
      outcome: { status: 'pending', reason: 'waiting for the open of the next 1m candle' },
      events: [],
    };
  }
  const before = state.positions[signal.ticker];
  const market = marketPrice(quote, signal.receivedAt);
  if (settings.fill === 'signal' && signal.price !== null && market !== null) {
    const deviation = Math.abs(signal.price / market - 1);
    if (deviation > MAX_SIGNAL_PRICE_DEVIATION) {
      return withSync(
        {
          state,
          outcome: ignored(
            `the alert's price ${signal.price} is ${(deviation * 100).toFixed(1)}% from the market price ${market}; ` +
              `fill "signal" takes alert prices within ${MAX_SIGNAL_PRICE_DEVIATION * 100}% of the market`,
          ),
          events: [],
        },
        signal,
        settings,
        before,
      );
    }
  }
  const reference = settings.fill === 'signal' ? (signal.price ?? market) : market;
  return withSync(fillSignal(state, signal, settings, reference, signal.receivedAt, market), signal, settings, before);
}

/**
 * Applies one finished 1m candle of `symbol`: first the `next_open` signals received before it opened, filled at
 * its open in the order they arrived; then the stop loss or take profit of the position, if the candle reached
 * one (only candles starting at or after the latest entry count); then the candle's close becomes the pair's mark.
 */
export function applyCandle(
  state: AccountState,
  symbol: string,
  candle: PriceCandle,
  settings: StrategySettings,
): CandleStep {
  let next = state;
  const outcomes: SignalOutcome[] = [];
  const events: PaperEvent[] = [];

  const due =
    state.pending.length === 0
      ? state.pending
      : state.pending.filter((signal) => signal.ticker === symbol && signal.receivedAt < candle.time);
  if (due.length > 0) {
    next = { ...next, pending: state.pending.filter((signal) => !due.includes(signal)) };
    for (const signal of due) {
      const step = withSync(
        fillSignal(next, signal, settings, candle.open, candle.time),
        signal,
        settings,
        next.positions[symbol],
      );
      next = step.state;
      outcomes.push({ signalId: signal.id, outcome: step.outcome });
      events.push(...step.events);
    }
  }

  const position = next.positions[symbol];
  if (position && candle.time >= position.lastEntryAt) {
    const exit = exitOnCandle(position, candle);
    if (exit) {
      const side = positionSideToOrder(position.side, false);
      // A take profit is a resting limit order: it fills at its price. A stop fills as a market order, with slippage.
      const price = exit.reason === 'stop_loss' ? slipped(exit.price, side, settings.slippageBps) : exit.price;
      const fill = makeFill(null, symbol, side, position.quantity, exit.price, price, settings, candle.time);
      const exited = applyExit(next, fill, exit.reason);
      next = exited.state;
      events.push(
        { type: 'fill', fill },
        { type: 'trade', trade: exited.trade },
        { type: 'position', symbol, position: null },
        { type: 'equity', point: equityPoint(next, candle.time) },
      );
    }
  }

  next = { ...next, marks: { ...next.marks, [symbol]: { price: candle.close, time: candle.time + MINUTE_MS } } };
  return { state: next, outcomes, events };
}

/**
 * A position closed by hand ("Close at market"), as stored to be replayed. `after` places it on the account's
 * timeline: it came after every candle closing and every signal received at or before `after`, and before anything
 * later; `time` is when it was made (the fill's time), `price` the market price it was closed at before slippage.
 */
export interface ManualClose {
  symbol: string;
  time: number;
  after: number;
  price: number;
}

/** Closes the whole position in `symbol` at `reference` (the price before slippage), as the trader's own order. */
function closeByHand(
  state: AccountState,
  symbol: string,
  settings: StrategySettings,
  reference: number,
  at: number,
): SignalStep {
  const position = state.positions[symbol];
  if (!position) return { state, outcome: ignored(`no ${symbol} position to close`), events: [] };
  const side = positionSideToOrder(position.side, false);
  const price = slipped(reference, side, settings.slippageBps);
  const fill = makeFill(null, symbol, side, position.quantity, reference, price, settings, at);
  const exited = applyExit(state, fill, 'manual');
  return {
    state: exited.state,
    outcome: {
      status: 'executed',
      side,
      quantity: fill.quantity,
      effect: 'close',
      closedQuantity: fill.quantity,
      openedQuantity: 0,
      price,
      fee: fill.fee,
      slippage: fill.slippage,
      filledAt: at,
      latencyMs: 0,
    },
    events: [
      { type: 'fill', fill },
      { type: 'trade', trade: exited.trade },
      { type: 'position', symbol, position: null },
      { type: 'equity', point: equityPoint(exited.state, at) },
    ],
  };
}

/** Closes the position in `symbol` at the market price (the trader's "Close at market"). */
export function closePositionAtMarket(
  state: AccountState,
  symbol: string,
  settings: StrategySettings,
  quote: Quote | null,
  at: number,
): SignalStep {
  if (!state.positions[symbol]) return { state, outcome: ignored(`no ${symbol} position to close`), events: [] };
  const reference = marketPrice(quote, at);
  if (reference === null) return { state, outcome: ignored(`no market data for ${symbol}`), events: [] };
  return closeByHand(state, symbol, settings, reference, at);
}

/**
 * Applies a stored manual close again (replay): whatever position the account holds in the pair is closed at the
 * price the trader got, with these settings' slippage and fee. With no position there (other settings closed or
 * never opened it), nothing happens and the outcome says so.
 */
export function applyManualClose(state: AccountState, close: ManualClose, settings: StrategySettings): SignalStep {
  return closeByHand(state, close.symbol, settings, close.price, close.time);
}

/**
 * Empties the account with a new starting balance: positions, P&L and ids before it are the past. Signals still
 * waiting for a `next_open` fill will not be filled; their outcome says why.
 */
export function resetAccount(
  state: AccountState,
  startingBalance: number,
  at: number,
): { state: AccountState; outcomes: SignalOutcome[] } {
  return {
    // Ids keep growing, so a trade id never names two trades of one strategy.
    state: { ...openAccount({ strategyId: state.strategyId, startingBalance, openedAt: at }), nextId: state.nextId },
    outcomes: state.pending.map((signal) => ({
      signalId: signal.id,
      outcome: ignored('the paper account was reset before the next candle opened'),
    })),
  };
}
