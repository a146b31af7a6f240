export { CandlestickChart, type CandlestickChartProps } from './CandlestickChart';
export type {
  Candle,
  ChartMarker,
  ChartMarkerKind,
  ChartMarkerSide,
  PriceLine,
  PriceLineKind,
  TradeMarker,
  TradeMarkerKind,
  TradeSide,
} from './types';
export {
  bollinger,
  ema,
  macd,
  rsi,
  sma,
  vwap,
  type BollingerBands,
  type IndicatorValue,
  type Macd,
} from './indicators';
export { NO_INDICATORS, parseIndicators, type ChartIndicators } from './studies';
export { DEFAULT_PANE_SIZES, parsePaneSizes, type ChartPaneSizes } from './panes';
export type { PriceScaleMode } from './scales';
