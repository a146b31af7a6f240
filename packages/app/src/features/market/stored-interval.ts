import { KNOWN_INTERVALS } from './types';

/** Where a pair's chart settings are kept in this browser, per user and pair. */
export const chartSettingsKey = (userId: string | number | null | undefined, symbol: string) =>
  `signaldeck.chart.${userId ?? 'anonymous'}.${symbol.toUpperCase()}`;

/** The interval a stored value names, when it is one the chart has. */
export function parseStoredInterval(value: unknown): string | null {
  return KNOWN_INTERVALS.find((interval) => interval === value) ?? null;
}

/**
 * The interval the trader last looked at `symbol` in, from its stored chart settings, or null. Kept apart from
 * the rest of the settings so a link to a pair resolves without loading the chart.
 */
export function storedInterval(userId: string | number | null | undefined, symbol: string): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(chartSettingsKey(userId, symbol)) ?? 'null');
    return typeof value === 'object' && value !== null
      ? parseStoredInterval((value as Record<string, unknown>).interval)
      : null;
  } catch {
    return null;
  }
}
