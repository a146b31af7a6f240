import { zonedParts, type TimeZoneMode } from '../../time/time-zone';
import type { TradeExitReason, TradeRow } from './types';

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in the given zone: the minute is enough to find a trade on the chart. */
export function formatTradeTime(time: number, mode: TimeZoneMode = 'local'): string {
  const { year, month, day, hours, minutes } = zonedParts(time, mode);
  return `${year}-${pad(month + 1)}-${pad(day)} ${pad(hours)}:${pad(minutes)}`;
}

export const EXIT_REASON_LABELS: Record<TradeExitReason, string> = {
  signal: 'Signal',
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  manual: 'Manual',
  reverse: 'Reversal',
};

/** Milliseconds since the epoch of an ISO time, or `undefined` when it cannot be read. */
export function parseTime(iso: string | null): number | undefined {
  if (iso === null) return undefined;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : time;
}

/** How long the trade was open; an open trade counts up to `now`. */
export function tradeDurationMs(trade: TradeRow, now: number): number | undefined {
  const entry = parseTime(trade.entryTime);
  if (entry === undefined) return undefined;
  const exit = trade.exitTime === null ? now : parseTime(trade.exitTime);
  return exit === undefined ? undefined : Math.max(0, exit - entry);
}
