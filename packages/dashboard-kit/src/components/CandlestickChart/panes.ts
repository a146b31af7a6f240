import { MAX_VOLUME_SHARE, MIN_VOLUME_SHARE, VOLUME_SHARE } from './geometry';

/** How tall the chart's panes are: the volume pane's share of the plot, the indicator panes in pixels. */
export interface ChartPaneSizes {
  /** Share of the plot's height the volume pane takes, 0.08-0.5. */
  volume: number;
  /** Height of the RSI pane in pixels, 48-320. */
  rsi: number;
  /** Height of the MACD pane in pixels, 48-320. */
  macd: number;
}

export const MIN_PANE_PX = 48;
export const MAX_PANE_PX = 320;
export const DEFAULT_PANE_SIZES: ChartPaneSizes = Object.freeze({ volume: VOLUME_SHARE, rsi: 96, macd: 96 });

/** Sizes read back from storage, each kept only when it is a number in its range. */
export function parsePaneSizes(value: unknown): ChartPaneSizes {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const inRange = (raw: unknown, min: number, max: number, fallback: number) =>
    typeof raw === 'number' && Number.isFinite(raw) && raw >= min && raw <= max ? raw : fallback;
  return {
    volume: inRange(record.volume, MIN_VOLUME_SHARE, MAX_VOLUME_SHARE, DEFAULT_PANE_SIZES.volume),
    rsi: inRange(record.rsi, MIN_PANE_PX, MAX_PANE_PX, DEFAULT_PANE_SIZES.rsi),
    macd: inRange(record.macd, MIN_PANE_PX, MAX_PANE_PX, DEFAULT_PANE_SIZES.macd),
  };
}
