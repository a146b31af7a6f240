import type { SignalJourneyOutcome, SignalRow } from 'dashboard-kit';
import type { OutOfSync, Signal } from '@signaldeck/server/api-types';
import { describeOutcome } from '../paper/outcome-text';

// As the paper engine keeps them: 8 decimals.
const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** A position in words: `flat`, `long 0.5`, `short` (size not given). */
export function positionText(position: OutOfSync['tradingView']): string {
  if (position.position === 'flat' || position.size === null) return position.position;
  return `${position.position} ${quantity.format(position.size)}`;
}

/** The first step of a test alert's journey (sent from Settings > Strategy). */
const TEST_ALERT_LABEL = 'Test alert sent from Settings';

/** Where a signal is shown in the list, for a repeat's link to its original. */
export const signalHref = (id: string) => `/signals?selected=${encodeURIComponent(id)}`;

function journeyOutcome(signal: Signal): SignalJourneyOutcome | null {
  const { outcome } = signal;
  if (!outcome) return null;
  switch (outcome.status) {
    case 'executed':
      // When the paper account executed it, not the fill's price time: a market fill is priced at the receipt's
      // minute (or the next candle's open), which can be before the signal was even stored.
      return {
        status: 'executed',
        at: signal.decidedAt ?? outcome.filledAt,
        detail: describeOutcome(outcome)?.replace(/^Executed: /, ''),
      };
    case 'ignored':
      return { status: 'ignored', at: signal.decidedAt, reason: outcome.reason };
    case 'pending':
      return { status: 'pending', at: signal.decidedAt, reason: outcome.reason };
  }
}

/** The signal's journey and out-of-sync flag, as the signals table shows them. */
export function journeyFields(signal: Signal): Pick<SignalRow, 'journey' | 'outOfSync'> {
  const outOfSync = signal.outcome && signal.outcome.status !== 'pending' ? signal.outcome.outOfSync : undefined;
  return {
    outOfSync: outOfSync !== undefined,
    journey: {
      // The app's own test alert carries a time too: it was not fired on TradingView.
      ...(signal.testAlert ? { alertLabel: TEST_ALERT_LABEL } : {}),
      storedAt: signal.storedAt,
      outcome: journeyOutcome(signal),
      repeatOf: signal.duplicateOf ? { id: signal.duplicateOf, href: signalHref(signal.duplicateOf) } : null,
      repeats: signal.repeats,
      outOfSync: outOfSync
        ? { at: outOfSync.at, tradingView: positionText(outOfSync.tradingView), paper: positionText(outOfSync.paper) }
        : null,
    },
  };
}
