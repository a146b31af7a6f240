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
