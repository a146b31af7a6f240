import type { ChartMarker } from 'dashboard-kit';
import type { Signal } from './types';

const BUY_ACTIONS = new Set(['buy', 'long']);
const SELL_ACTIONS = new Set(['sell', 'short', 'exit', 'close', 'exit_long', 'close_long']);

/**
 * Accepted signals as chart markers: buys and longs below the bar, sells, shorts and exits above.
 * Rejected and duplicate signals did nothing, so they are not drawn.
 */
export function signalsToMarkers(signals: readonly Signal[]): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const signal of signals) {
    if (signal.status !== 'accepted' || !signal.action) continue;
    const action = signal.action.toLowerCase();
    const side = BUY_ACTIONS.has(action) ? 'buy' : SELL_ACTIONS.has(action) ? 'sell' : null;
    if (!side) continue;
    const label = [action.toUpperCase(), signal.strategy, signal.comment].filter(Boolean).join(' · ');
    markers.push({
      id: signal.id,
      time: signal.alertTime ?? signal.receivedAt,
      side,
      label,
      ...(signal.price !== null ? { price: signal.price } : {}),
    });
  }
  return markers;
}
