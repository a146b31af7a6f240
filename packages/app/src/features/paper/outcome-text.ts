import type { Outcome, Signal } from '@signaldeck/server/api-types';
import { formatPrice } from '../market/format';

// As the paper engine keeps them: 8 decimals (5.96872388 SOL, not 5.9687239).
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

type Executed = Extract<Outcome, { status: 'executed' }>;

/**
 * What an executed order did to the position, in words: "opened long 0.5", "added 0.1 to long", "reduced long
 * by 0.2", "closed long 0.5", "closed long 0.5, opened short 0.2". A buy opens or adds to a long and closes or
 * reduces a short; a sell the other way round. An outcome decided before SignalDeck recorded the effect says
 * what was traded: "sell 0.7".
 */
export function describeFill(outcome: Executed): string {
  const q = (value: number) => quantityFormat.format(value);
  const opens = outcome.side === 'buy' ? 'long' : 'short';
  const closes = outcome.side === 'buy' ? 'short' : 'long';
  const closed = outcome.closedQuantity ?? 0;
  const opened = outcome.openedQuantity ?? 0;
  switch (outcome.effect) {
    case 'open':
      return `opened ${opens} ${q(opened)}`;
    case 'add':
      return `added ${q(opened)} to ${opens}`;
    case 'reduce':
      return `reduced ${closes} by ${q(closed)}`;
    case 'close':
      return `closed ${closes} ${q(closed)}`;
    case 'reverse':
      return `closed ${closes} ${q(closed)}, opened ${opens} ${q(opened)}`;
    case null:
      return `${outcome.side} ${q(outcome.quantity)}`;
  }
}

/** A reversal as the position before and after, for a row of the list: "long 0.5 → short 0.2". */
function describeReversal(outcome: Executed): string {
  const q = (value: number | null) => quantityFormat.format(value ?? 0);
  const [before, after] = outcome.side === 'buy' ? ['short', 'long'] : ['long', 'short'];
  return `${before} ${q(outcome.closedQuantity)} → ${after} ${q(outcome.openedQuantity)}`;
}

/**
 * A signal's outcome in words for the signals list's details: "Executed: opened long 0.015384 @ 65,000.00",
 * "Executed: closed long 0.5, opened short 0.2 @ 84,000.00", "Executed: closed long 0.5 @ 84,000.00; short not
 * opened: order needs ..." (a reversal that could not open its new side), "Ignored: already long", "Pending: waits
 * for the next 1m open"; `null` when it has none (undecided, rejected or a duplicate).
 * `brief` is for a row of the list (and a phone's card), which the table cuts at two lines (three on a card): the
 * fill price comes first, so it is never the part cut, a reversal reads as the position before and after ("Executed
 * at 84,000.00: long 0.5 → short 0.2"), a note keeps its first words only, the details saying why ("Executed at
 * 84,000.00: closed long 0.5, short not opened").
 */
export function describeOutcome(outcome: Outcome | null | undefined, { brief = false } = {}): string | null {
  if (!outcome) return null;
  switch (outcome.status) {
    case 'executed': {
      const fill = describeFill(outcome);
      const price = formatPrice(outcome.price);
      if (brief) {
        const note = outcome.note ? `, ${outcome.note.replace(/:.*$/s, '')}` : '';
        return `Executed at ${price}: ${outcome.effect === 'reverse' ? describeReversal(outcome) : fill}${note}`;
      }
      return `Executed: ${fill} @ ${price}${outcome.note ? `; ${outcome.note}` : ''}`;
    }
    case 'ignored':
      return `Ignored: ${outcome.reason}`;
    case 'pending':
      return `Pending: ${outcome.reason}`;
  }
}

/** What a signal did: an accepted one not decided yet is "Pending"; rejected and duplicate ones did nothing. */
export function signalOutcomeText(
  signal: Pick<Signal, 'status' | 'outcome'>,
  options: { brief?: boolean } = {},
): string | null {
  if (signal.status !== 'accepted') return null;
  return describeOutcome(signal.outcome, options) ?? 'Pending';
}
