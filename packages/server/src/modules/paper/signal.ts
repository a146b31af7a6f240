import { ACTIONS } from '../signals/normalize';
import type { OrderSide } from './account';

/*
 * What the engine reads from a stored, accepted signal, in the names the signals API uses (camelCase of the
 * `signals` columns), plus the TradingView fields a paper account also understands.
 */

/** The signals module's actions, plus `flat`, which some senders use for "close everything". */
export const PAPER_ACTIONS = [...ACTIONS, 'flat'] as const;
export type PaperAction = (typeof PAPER_ACTIONS)[number];

export type MarketPosition = 'long' | 'flat' | 'short';

export interface PaperSignal {
  id: number;
  /** Normalised (BINANCE:BTCUSDT reads as BTC). */
  ticker: string;
  action: PaperAction;
  price: number | null;
  quantity: number | null;
  /** TradingView's `{{strategy.position_size}}`: the signed position after the order. */
  positionSize: number | null;
  /** TradingView's `{{strategy.market_position}}`. */
  marketPosition: MarketPosition | null;
  /** TradingView's `{{strategy.prev_market_position}}`: its position before the order. */
  prevMarketPosition: MarketPosition | null;
  /** TradingView's `{{strategy.prev_market_position_size}}`: its size before the order, unsigned. */
  prevPositionSize: number | null;
  /** Stop loss and take profit prices from the alert; they override the strategy's percentages. */
  stopLoss: number | null;
  takeProfit: number | null;
  /** When the alert fired, ms since 1970, if it said. */
  alertTime: number | null;
  /** When SignalDeck received it, ms since 1970. */
  receivedAt: number;
}

/** A position as TradingView or the paper account holds it; `size` null when the alert did not say. */
export interface BookPosition {
  position: MarketPosition;
  size: number | null;
}

/**
 * The alert's position and the paper account's disagreed: TradingView's position before the order
 * (`prev_market_position`, `prev_market_position_size`) against the account's before it (`at: "before"`), or its
 * position after the order (`market_position`, `position_size`) against the account's after it (`at: "after"`).
 */
export interface OutOfSync {
  at: 'before' | 'after';
  tradingView: BookPosition;
  paper: BookPosition & { size: number };
}
/** What an order did to its pair's position: opened one, added to it, reduced it, closed it, or reversed it. */
export const POSITION_EFFECTS = ['open', 'add', 'reduce', 'close', 'reverse'] as const;
export type PositionEffect = (typeof POSITION_EFFECTS)[number];

export type Outcome =
  | {
      status: 'executed';
      side: OrderSide;
      /** Everything the signal traded: for a reversal, the closed quantity plus the opened one. */
      quantity: number;
      /**
       * What the order did to the position; `null` for an outcome decided before SignalDeck recorded it. With
       * the side it says which position: a sell that closes or reduces closes a long, one that opens or adds
       * opens a short, and a reversal closes one side and opens the other.
       */
      effect: PositionEffect | null;
      /** Of `quantity`, what closed the position that was open (0 when none closed; `null` as for `effect`). */
      closedQuantity: number | null;
      /** Of `quantity`, what opened or added to the new position (0 when none opened; `null` as for `effect`). */
      openedQuantity: number | null;
      /** Average fill price, slippage included. */
      price: number;
      fee: number;
      /** What slippage cost, in USD. */
      slippage: number;
      filledAt: number;
      /** From receipt to the fill's modelled time: 0 for an immediate fill, the wait for the open with next_open. */
      latencyMs: number;
      /** Only when the alert's position disagreed with the paper book. */
      outOfSync?: OutOfSync;
      /**
       * What the order could not do, in words a trader can act on: only for a reversal that closed its position
       * but could not open the other side (no buying power, a size that rounds to 0, or a stop or target on the
       * wrong side of the fill).
       */
      note?: string;
    }
  | { status: 'ignored'; reason: string; outOfSync?: OutOfSync }
  | { status: 'pending'; reason: string };
