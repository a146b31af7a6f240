/** One OHLCV candle. `time` is the candle's opening time in milliseconds since the epoch (UTC). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type ChartMarkerSide = 'buy' | 'sell';

/** A trading signal drawn on the chart: buys below their candle, sells above it. */
export interface ChartMarker {
  id: string;
  /** When the signal fired, in milliseconds since the epoch; it is drawn on the candle holding that time. */
  time: number;
  side: ChartMarkerSide;
  /** A short description shown in the marker's tooltip and accessible name (strategy, comment). */
  label: string;
  /** The signal's price, shown in the tooltip when known. */
  price?: number;
}
