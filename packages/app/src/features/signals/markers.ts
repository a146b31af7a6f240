import type { ChartMarker } from 'dashboard-kit';
import type { Signal } from '@signaldeck/server/api-types';

/** Where each action the server reads is drawn; a new action on the server is a type error here until placed. */
const SIDES: Record<NonNullable<Signal['action']>, ChartMarker['side']> = {
  buy: 'buy',
  long: 'buy',
  sell: 'sell',
  short: 'sell',
  exit: 'sell',
  close: 'sell',
  exit_long: 'sell',
  exit_short: 'sell',
};

/**
 * Accepted signals as chart markers: buys and longs below the bar, sells, shorts and exits above.
 * Rejected and duplicate signals did nothing, so they are not drawn.
 */
export function signalsToMarkers(signals: readonly Signal[]): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const signal of signals) {
    if (signal.status !== 'accepted' || !signal.action) continue;
    const side = SIDES[signal.action];
    const label = [signal.action.toUpperCase(), signal.strategy, signal.comment].filter(Boolean).join(' · ');
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
