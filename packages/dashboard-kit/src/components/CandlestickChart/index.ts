export { CandlestickChart, type CandlestickChartProps } from './CandlestickChart';
export type { Candle, ChartMarker, ChartMarkerKind, ChartMarkerSide } from './types';
