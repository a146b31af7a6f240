import type { Signal } from '@signaldeck/server/api-types';
import { farFromMarket, type ChartMarker, type ChartMarkerKind, type ChartMarkerSide } from 'dashboard-kit';
import { isolated, shownText } from '../../lib/shown-text';
import { describeOutcome } from '../paper/outcome-text';

/** How each action the server reads is drawn; a new action on the server is a type error here until placed. */
const ACTIONS: Record<NonNullable<Signal['action']>, { side: ChartMarkerSide; kind: ChartMarkerKind }> = {
  buy: { side: 'buy', kind: 'entry' },
  long: { side: 'buy', kind: 'entry' },
  sell: { side: 'sell', kind: 'entry' },
  short: { side: 'sell', kind: 'entry' },
  exit_long: { side: 'sell', kind: 'exit' },
  exit_short: { side: 'buy', kind: 'exit' },
  exit: { side: 'sell', kind: 'exit' },
  close: { side: 'sell', kind: 'exit' },
};

/** A signal's time on the chart: when the alert fired, else when it was received. */
export const signalTime = (signal: Signal): number => signal.alertTime ?? signal.receivedAt;

/**
 * Accepted signals as chart markers: entries long (buy, long) below their candle, entries short (sell,
 * short) above it, exits as exits; a buy or sell that leaves the strategy flat (position size 0) is an
 * exit too. Rejected and duplicate signals did nothing, so they are not drawn. `marketPriceAt` gives the
 * market price at a time, so a signal priced far from it is flagged. A signal the paper account ignored is flagged
 * with why ("Ignored: already long"): drawn plain, it read as a trade made.
 */
export function signalsToMarkers(
  signals: readonly Signal[],
  marketPriceAt: (time: number) => number | undefined = () => undefined,
): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const signal of signals) {
    if (signal.status !== 'accepted' || !signal.action) continue;
    const action = signal.action;
    const mapped = ACTIONS[action];
    const kind: ChartMarkerKind = signal.positionSize === 0 ? 'exit' : mapped.kind;
    // The alert's own words are shown short, their invisible and direction characters as escapes: a comment of
    // 1,000 characters ran out of the tooltip, and a right-to-left override turned the label (and the reason after
    // it) around. The signals list has them whole.
    const label = [
      action.toUpperCase(),
      signal.strategy && isolated(shownText(signal.strategy)),
      signal.comment && isolated(shownText(signal.comment, 60)),
    ]
      .filter(Boolean)
      .join(' · ');
    const time = signalTime(signal);
    const far = farFromMarket(signal.price, marketPriceAt(time));
    const ignored = signal.outcome?.status === 'ignored' ? describeOutcome(signal.outcome) : null;
    const warning = [far?.text, ignored].filter(Boolean).join('. ');
    markers.push({
      id: signal.id,
      time,
      side: mapped.side,
      kind,
      label,
      ...(signal.price !== null ? { price: signal.price } : {}),
      ...(warning ? { warning } : {}),
    });
  }
  return markers;
}
