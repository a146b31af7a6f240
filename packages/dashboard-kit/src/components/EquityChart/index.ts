export { EquityChart, type EquityChartProps } from './EquityChart';
export { EQUITY_RANGES, MAX_EQUITY_POINTS, type EquityPoint, type EquityRange } from './equity';
