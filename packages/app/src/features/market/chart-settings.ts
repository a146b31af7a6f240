import {
  parseIndicators,
  parsePaneSizes,
  type ChartIndicators,
  type ChartPaneSizes,
  type PriceScaleMode,
} from 'dashboard-kit';
import { useCallback, useState } from 'react';

/** How a trader left the chart of one pair (its indicators, its panes' sizes, its price scale), kept in this browser per user and pair. */
export interface ChartSettings {
  indicators: ChartIndicators;
  paneSizes: ChartPaneSizes;
  priceScale: PriceScaleMode;
}

const SCALES: readonly PriceScaleMode[] = ['linear', 'log', 'percent'];

export const chartSettingsKey = (userId: string | number | null | undefined, symbol: string) =>
  `signaldeck.chart.${userId ?? 'anonymous'}.${symbol.toUpperCase()}`;

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
