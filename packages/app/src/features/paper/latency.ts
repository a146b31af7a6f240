import type { Signal } from '@signaldeck/server/api-types';

export interface LatencySummary {
  /** Executed signals measured. */
  count: number;
  /** Alert time to receipt (only signals whose alert said when it fired), ms. */
  alertToReceipt: { median: number; p95: number } | null;
  /** Receipt to fill, ms. */
  receiptToFill: { median: number; p95: number } | null;
}

function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

function summarise(values: number[]): { median: number; p95: number } | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return { median: quantile(values, 0.5), p95: quantile(values, 0.95) };
}

/**
 * How long executed signals took: from the alert firing to SignalDeck receiving it (TradingView's delay; test alerts
 * sent from Settings are left out of it), and from
 * receipt to the paper fill (the outcome's `latencyMs`). Nearest-rank median and 95th percentile.
 */
export function latencySummary(signals: readonly Signal[]): LatencySummary {
  const toReceipt: number[] = [];
  const toFill: number[] = [];
  for (const signal of signals) {
    if (signal.outcome?.status !== 'executed') continue;
    toFill.push(signal.outcome.latencyMs);
    // A test alert's time is set by SignalDeck as it sends it: no measure of TradingView's delay.
    if (signal.alertTime !== null && !signal.testAlert) {
      toReceipt.push(Math.max(0, signal.receivedAt - signal.alertTime));
    }
  }
  return { count: toFill.length, alertToReceipt: summarise(toReceipt), receiptToFill: summarise(toFill) };
}
