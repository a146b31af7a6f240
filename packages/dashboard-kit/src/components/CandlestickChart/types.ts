/** One OHLCV candle. `time` is the candle's opening time in milliseconds since the epoch (UTC). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Which way the order went: a buy is drawn below its price, a sell above it. */
export type ChartMarkerSide = 'buy' | 'sell';
/** Whether the order opened a position (an entry: long for a buy, short for a sell) or closed one. */
export type ChartMarkerKind = 'entry' | 'exit';

/** A trading signal drawn on the chart: entries long, entries short and exits each have their own glyph. */
export interface ChartMarker {
  id: string;
  /** When the signal fired, in milliseconds since the epoch; it is drawn on the candle holding that time. */
  time: number;
  side: ChartMarkerSide;
  /** `entry` (the default) or `exit`. */
  kind?: ChartMarkerKind;
  /** A short description shown in the marker's tooltip and accessible name (strategy, comment). */
  label: string;
  /**
   * The signal's price: the marker points at it on the price scale and the tooltip shows it. A price off the
   * scale puts the marker at its candle's low (buys) or high (sells), with an arrow towards the price.
   */
  price?: number;
  /** Something the trader should know about this signal (`Priced 98.69% below the market`): the marker is flagged. */
  warning?: string;
}

/** What a price line marks: an open position's entry, its stop loss, its take profit, or anything else. */
export type PriceLineKind = 'entry' | 'stop' | 'target' | 'custom';

/** A horizontal line across the plot at a price, with the price tagged on the axis (an open position's entry, say). */
export interface PriceLine {
  id: string;
  price: number;
  /** A few words drawn on the line and read out: `Entry`, `Stop`, `Target`, `Alert level`. */
  label: string;
  kind: PriceLineKind;
}

/** The position a trade opened or closed. */
export type TradeSide = 'long' | 'short';
/** Whether the fill opened the trade or closed it. */
export type TradeMarkerKind = 'entry' | 'exit';

/** A trade's fill drawn on the chart: a flag at its price and time, unlike the signal markers. */
export interface TradeMarker {
  id: string;
  /** When it filled, in milliseconds since the epoch; drawn on the candle holding that time. */
  time: number;
  /** The fill price: the flag points at it. */
  price: number;
  side: TradeSide;
  kind: TradeMarkerKind;
  /** The flag's text, `Long 0.1 @ 84,900` or `Exit +123.45`; `Long entry`, `Short exit`... when absent. */
  label?: string;
  /** Who made the trade (a strategy's name, `Breakout 4h`): a line of its tooltip, and read out with its name. */
  source?: string;
}
