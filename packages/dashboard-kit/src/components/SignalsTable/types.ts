import type { SignalJourneyProps } from '../SignalJourney';

/** Whether the server stored a signal as a usable alert, refused it, or recognised a repeat. */
export type SignalStatus = 'accepted' | 'rejected' | 'duplicate';

/**
 * One stored webhook signal, in the shape `GET /api/signals` answers with. Times are milliseconds
 * since the epoch. Fields a rejected body did not carry are `null`; `raw` (the body as received)
 * may be left out of list responses and filled in later.
 */
export interface SignalRow {
  id: string;
  ticker: string | null;
  action: string | null;
  price: number | null;
  quantity: number | null;
  interval: string | null;
  strategy: string | null;
  comment: string | null;
  status: SignalStatus;
  reason: string | null;
  alertTime: number | null;
  receivedAt: number;
  raw?: string;
  /**
   * What the signal did, in words, when the consumer knows (e.g. "Executed: opened long 0.0153 @ 65,000" or
   * "Ignored: already long"): shown beside its status and in its details.
   */
  outcome?: string | null;
  /**
   * Where the reason's fix is explained (a docs URL with its section's anchor), when the consumer knows: the
   * details show a "How to fix" link to it after the reason. Never HTML: an href only.
   */
  reasonHelpHref?: string | null;
  /**
   * The signal's journey (alert time, received, stored, executed or ignored, repeats), shown in its details by
   * SignalJourney; `receivedAt` and `alertTime` come from the row.
   */
  journey?: Omit<SignalJourneyProps, 'alertTime' | 'receivedAt' | 'timeZone'> | null;
  /** Set when the alert's TradingView position disagreed with the paper account: an "out of sync" badge. */
  outOfSync?: boolean;
}

/** Where a raw body left out of the list stands: being fetched, or failed with a message to show. */
export type RawBodyStatus = { state: 'loading' } | { state: 'error'; message: string };

/** The table's data columns, in display order; each can be sorted and shown or hidden. */
export const SIGNAL_COLUMN_IDS = [
  'time',
  'ticker',
  'action',
  'price',
  'quantity',
  'interval',
  'strategy',
  'status',
] as const;

export type SignalColumnId = (typeof SIGNAL_COLUMN_IDS)[number];

/** Visibility per column; a column left out is shown, `false` hides it. */
export type SignalsTableColumnVisibility = Partial<Record<SignalColumnId, boolean>>;

/** The active sort: at most one column, newest-first order when empty (the order given). */
export type SignalsTableSorting = { id: SignalColumnId; desc: boolean }[];
