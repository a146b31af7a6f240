export { CandlestickChart, type CandlestickChartProps } from './CandlestickChart';
export type { Candle, ChartMarker, ChartMarkerSide } from './types';
