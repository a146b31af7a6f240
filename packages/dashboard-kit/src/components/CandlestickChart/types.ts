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
