import { paths } from '../../config/paths';
import { KNOWN_INTERVALS, KNOWN_SYMBOLS } from '../market/types';
import type { SignalRow as Signal } from 'dashboard-kit';

const CHART_INTERVALS: readonly string[] = KNOWN_INTERVALS;
const CHART_SYMBOLS: readonly string[] = KNOWN_SYMBOLS;

/**
 * Where a signal is on the chart: its pair at its own interval (1m when the chart has no such
 * interval), at its time, with its marker picked out:
 * `/trading/{SYMBOL}/{interval}?at=<ms>&signal=<id>`. `null` for a pair the chart does not have.
 */
export function signalChartHref(signal: Signal): string | null {
  const symbol = signal.ticker?.toUpperCase();
  if (!symbol || !CHART_SYMBOLS.includes(symbol)) return null;
  const interval = signal.interval && CHART_INTERVALS.includes(signal.interval) ? signal.interval : '1m';
  return paths.signalOnChart(symbol, interval, signal.alertTime ?? signal.receivedAt, signal.id);
}
