import { notional, roundMoney, roundPrice, roundQuantity } from './money';
import type { PaperSignal } from './signal';

/*
 * The paper account's ledger: cash, open positions, closed trades, and the two ways a fill changes them (opening
 * or adding; reducing or closing). Decisions (what a signal means, sizes, prices) live in engine.ts; this file
 * only keeps the books, so that cash and P&L always agree:
 *   equity = cash + Σ (signed quantity × mark) = starting balance + realised P&L + unrealised P&L.
 */

export type PositionSide = 'long' | 'short';
export type OrderSide = 'buy' | 'sell';
export type ExitReason = 'signal' | 'reverse' | 'stop_loss' | 'take_profit' | 'manual';

/** A stop loss or take profit price, and where it came from (a % from entry follows the average entry). */
export interface ExitLevel {
  price: number;
  source: 'alert' | 'percent';
}

export interface Position {
  /** The trade id this position becomes when it is closed in full. */
  id: number;
  strategyId: number;
  symbol: string;
  side: PositionSide;
  quantity: number;
  /** Average entry price, weighted by quantity; P&L is computed from `cost`, which is exact to the micro-dollar. */
  entryPrice: number;
  /** USD paid (long) or received (short) for the open quantity, fees excluded. */
  cost: number;
  /** Fees paid on the entries of the open quantity. */
  entryFees: number;
  openedAt: number;
  /** The time of the latest entry fill: candles starting before it are not checked for its stop and target. */
  lastEntryAt: number;
  entrySignalIds: number[];
  stopLoss: ExitLevel | null;
  takeProfit: ExitLevel | null;
}

export interface ClosedTrade {
  id: number;
  strategyId: number;
  symbol: string;
  side: PositionSide;
  quantity: number;
  entryPrice: number;
  exitPrice: number;
  entryFee: number;
  exitFee: number;
  fees: number;
  /** Price difference times quantity, before fees. */
  grossPnl: number;
  /** Gross P&L less entry and exit fees. */
  netPnl: number;
  /** Net P&L as a % of the entry cost. */
  returnPct: number;
  openedAt: number;
  closedAt: number;
  entrySignalIds: number[];
  /** The signal that closed the trade; null for a stop loss, take profit or manual close. */
  exitSignalId: number | null;
  exitReason: ExitReason;
}

export interface Fill {
  signalId: number | null;
  symbol: string;
  side: OrderSide;
  quantity: number;
  price: number;
  /** The price before slippage: the alert's price, the market price or the candle's open. */
  referencePrice: number;
  fee: number;
  /** What slippage cost, in USD. */
  slippage: number;
  time: number;
}

export interface Mark {
  price: number;
  time: number;
}

export interface AccountState {
  strategyId: number;
  startingBalance: number;
  openedAt: number;
  cash: number;
  realisedPnl: number;
  positions: Readonly<Record<string, Position>>;
  /** The last known price per pair: the latest candle close or fill. */
  marks: Readonly<Record<string, Mark>>;
  /** Signals waiting for the next 1m candle's open (`next_open` fills), in the order they arrived. */
  pending: readonly PaperSignal[];
  /** The next position / trade id. Ids keep growing across resets, so they never repeat within a strategy. */
  nextId: number;
}

export interface EquityPoint {
  time: number;
  equity: number;
  cash: number;
  realisedPnl: number;
  unrealisedPnl: number;
}

export function openAccount(options: { strategyId: number; startingBalance: number; openedAt: number }): AccountState {
  return {
    strategyId: options.strategyId,
    startingBalance: options.startingBalance,
    openedAt: options.openedAt,
    cash: options.startingBalance,
    realisedPnl: 0,
    positions: {},
    marks: {},
    pending: [],
    nextId: 1,
  };
}

const direction = (side: PositionSide) => (side === 'long' ? 1 : -1);

/** Unrealised P&L of a position at `price`: the price move on the open quantity, less the entry fees paid. */
export function positionPnl(position: Position, price: number): number {
  const value = notional(position.quantity, price);
  return roundMoney(direction(position.side) * (value - position.cost) - position.entryFees);
}

/** The price an open position is marked at: the pair's last known price. */
export function markPrice(state: AccountState, position: Position): number {
  return state.marks[position.symbol]?.price ?? position.entryPrice;
}

export function unrealisedPnl(state: AccountState): number {
  let total = 0;
  for (const position of Object.values(state.positions)) total += positionPnl(position, markPrice(state, position));
  return roundMoney(total);
}

/** Cash plus the marked value of every position (a short is a liability). */
export function equity(state: AccountState): number {
  let total = state.cash;
  for (const position of Object.values(state.positions)) {
    total += direction(position.side) * notional(position.quantity, markPrice(state, position));
  }
  return roundMoney(total);
}

export function equityPoint(state: AccountState, time: number): EquityPoint {
  return {
    time,
    equity: equity(state),
    cash: state.cash,
    realisedPnl: state.realisedPnl,
    unrealisedPnl: unrealisedPnl(state),
  };
}

const withPosition = (state: AccountState, symbol: string, position: Position | null): AccountState['positions'] => {
  const positions = { ...state.positions };
  if (position) positions[symbol] = position;
  else delete positions[symbol];
  return positions;
};

/** Cash flow of a fill: a buy pays its value, a sell receives it; both pay the fee. */
const cashAfter = (cash: number, fill: Fill) =>
  roundMoney(cash + (fill.side === 'buy' ? -1 : 1) * notional(fill.quantity, fill.price) - fill.fee);

export interface EntryLevels {
  stopLoss: ExitLevel | null;
  takeProfit: ExitLevel | null;
}

/**
 * The average entry of `current` (none: a new position) after an entry of `quantity` at `price`. Weighted by
 * quantity from the fill prices, not cost / quantity (which carries the cost's rounding to the micro-dollar): one
 * fill's entry price is exactly its price.
 */
export function averageEntry(current: Position | undefined, quantity: number, price: number): number {
  if (!current) return price;
  return roundPrice(
    (current.quantity * current.entryPrice + quantity * price) / roundQuantity(current.quantity + quantity),
  );
}

/** Opens a position with `fill`, or adds to the open one on the same side (average entry). */
export function applyEntry(
  state: AccountState,
  fill: Fill,
  levels: (entryPrice: number, current: Position | undefined) => EntryLevels,
): { state: AccountState; position: Position } {
  const current = state.positions[fill.symbol];
  const side: PositionSide = fill.side === 'buy' ? 'long' : 'short';
  const quantity = roundQuantity((current?.quantity ?? 0) + fill.quantity);
  const cost = roundMoney((current?.cost ?? 0) + notional(fill.quantity, fill.price));
  const entryPrice = averageEntry(current, fill.quantity, fill.price);
  const position: Position = {
    id: current?.id ?? state.nextId,
    strategyId: state.strategyId,
    symbol: fill.symbol,
    side,
    quantity,
    entryPrice,
    cost,
    entryFees: roundMoney((current?.entryFees ?? 0) + fill.fee),
    openedAt: current?.openedAt ?? fill.time,
    lastEntryAt: fill.time,
    entrySignalIds:
      fill.signalId === null
        ? [...(current?.entrySignalIds ?? [])]
        : [...(current?.entrySignalIds ?? []), fill.signalId],
    ...levels(entryPrice, current),
  };
  return {
    position,
    state: {
      ...state,
      cash: cashAfter(state.cash, fill),
      positions: withPosition(state, fill.symbol, position),
      marks: { ...state.marks, [fill.symbol]: { price: fill.referencePrice, time: fill.time } },
      nextId: current ? state.nextId : state.nextId + 1,
    },
  };
}

/**
 * Closes `fill.quantity` of the open position (all of it, or part: the closed part becomes a trade of its own with
 * its share of the cost and entry fees; the rest stays open under the position's id).
 */
export function applyExit(
  state: AccountState,
  fill: Fill,
  reason: ExitReason,
): { state: AccountState; trade: ClosedTrade; position: Position | null } {
  const position = state.positions[fill.symbol];
  if (!position) throw new Error(`No ${fill.symbol} position to close`);
  const whole = fill.quantity >= position.quantity;
  const share = whole ? 1 : fill.quantity / position.quantity;
  const cost = whole ? position.cost : roundMoney(position.cost * share);
  const entryFee = whole ? position.entryFees : roundMoney(position.entryFees * share);
  const grossPnl = roundMoney(direction(position.side) * (notional(fill.quantity, fill.price) - cost));
  const fees = roundMoney(entryFee + fill.fee);
  const netPnl = roundMoney(grossPnl - fees);
  const trade: ClosedTrade = {
    id: whole ? position.id : state.nextId,
    strategyId: state.strategyId,
    symbol: position.symbol,
    side: position.side,
    quantity: fill.quantity,
    entryPrice: position.entryPrice,
    exitPrice: fill.price,
    entryFee,
    exitFee: fill.fee,
    fees,
    grossPnl,
    netPnl,
    returnPct: cost > 0 ? roundMoney((netPnl / cost) * 100) : 0,
    openedAt: position.openedAt,
    closedAt: fill.time,
    entrySignalIds: position.entrySignalIds,
    exitSignalId: reason === 'signal' || reason === 'reverse' ? fill.signalId : null,
    exitReason: reason,
  };
  const remaining: Position | null = whole
    ? null
    : {
        ...position,
        quantity: roundQuantity(position.quantity - fill.quantity),
        cost: roundMoney(position.cost - cost),
        entryFees: roundMoney(position.entryFees - entryFee),
      };
  return {
    trade,
    position: remaining,
    state: {
      ...state,
      cash: cashAfter(state.cash, fill),
      realisedPnl: roundMoney(state.realisedPnl + netPnl),
      positions: withPosition(state, fill.symbol, remaining),
      marks: { ...state.marks, [fill.symbol]: { price: fill.referencePrice, time: fill.time } },
      nextId: whole ? state.nextId : state.nextId + 1,
    },
  };
}
