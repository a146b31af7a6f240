import {
  parseIndicators,
  parsePaneSizes,
  type ChartIndicators,
  type ChartPaneSizes,
  type PriceScaleMode,
} from 'dashboard-kit';
import { useCallback, useState } from 'react';
import { chartSettingsKey, parseStoredInterval } from './stored-interval';

export { chartSettingsKey } from './stored-interval';

/**
 * How a trader left the chart of one pair (its interval, indicators, panes' sizes and price scale), kept in this
 * browser per user and pair.
 */
export interface ChartSettings {
  /** The interval last shown; a link to the pair without one opens it. Null before any. */
  interval: string | null;
  indicators: ChartIndicators;
  paneSizes: ChartPaneSizes;
  priceScale: PriceScaleMode;
}

const SCALES: readonly PriceScaleMode[] = ['linear', 'log', 'percent'];

/** The stored settings, kept only where they are still valid (a stored value may be old or edited). */
export function parseChartSettings(text: string | null): ChartSettings {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    interval: parseStoredInterval(record.interval),
    indicators: parseIndicators(record.indicators),
    paneSizes: parsePaneSizes(record.paneSizes),
    priceScale: SCALES.find((scale) => scale === record.priceScale) ?? 'linear',
  };
}

function read(key: string): ChartSettings {
  try {
    return parseChartSettings(localStorage.getItem(key));
  } catch {
    return parseChartSettings(null);
  }
}

/** The chart settings of `symbol` for this user, and a setter that stores them. */
export function useChartSettings(
  userId: string | number | null | undefined,
  symbol: string,
): [ChartSettings, (next: ChartSettings) => void] {
  const key = chartSettingsKey(userId, symbol);
  const [state, setState] = useState(() => ({ key, settings: read(key) }));
  const current = state.key === key ? state.settings : read(key);
  if (state.key !== key) setState({ key, settings: current });
  const update = useCallback(
    (next: ChartSettings) => {
      setState({ key, settings: next });
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage may be full or disabled; the choice still holds for this tab.
      }
    },
    [key],
  );
  return [current, update];
}
