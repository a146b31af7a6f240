import type { Outcome, Signal } from '@signaldeck/server/api-types';
import { formatPrice } from '../market/format';

const quantityFormat = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 8 });

/**
 * A signal's outcome in words for the signals list: "Executed: buy 0.015384 @ 65,000.00", "Ignored: already
 * long", "Pending: waits for the next 1m open"; `null` when it has none (undecided, rejected or a duplicate).
 */
export function describeOutcome(outcome: Outcome | null | undefined): string | null {
  if (!outcome) return null;
  switch (outcome.status) {
    case 'executed':
      return `Executed: ${outcome.side} ${quantityFormat.format(outcome.quantity)} @ ${formatPrice(outcome.price)}`;
    case 'ignored':
      return `Ignored: ${outcome.reason}`;
    case 'pending':
      return `Pending: ${outcome.reason}`;
  }
}

/** What a signal did: an accepted one not decided yet is "Pending"; rejected and duplicate ones did nothing. */
export function signalOutcomeText(signal: Pick<Signal, 'status' | 'outcome'>): string | null {
  if (signal.status !== 'accepted') return null;
  return describeOutcome(signal.outcome) ?? 'Pending';
}
