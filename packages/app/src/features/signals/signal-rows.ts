import type { RawBodyStatus, SignalRow } from 'dashboard-kit';
import { useMemo, useRef } from 'react';
import type { Signal } from '@signaldeck/server/api-types';
import { isolated, shownRaw, shownText } from '../../lib/shown-text';
import { signalOutcomeText } from '../paper/outcome-text';
import { reasonHelpHref } from '../webhook/docs';
import { journeyFields } from './journey';

/** A raw body the list left out, fetched on its own. */
export type RawBody = RawBodyStatus | { state: 'loaded'; raw: string };

/**
 * The name the alert itself gave, then the strategy whose URL received it (the name the Strategy pickers and the
 * performance pages use) when that says something else. The alert's name comes first because it is what tells a
 * trader's signals apart: most arrive on the one Default URL, and a narrow column keeps only the start of the label.
 */
export function strategyLabel(account: string | undefined, alert: string | null): string | null {
  if (!account) return alert;
  // A right-to-left alert name is isolated: "אבג · 5m Scalper" pulled the account's "5" before the separator.
  return alert && alert !== account ? `${isolated(alert)} · ${account}` : account;
}

interface CachedRow {
  names: ReadonlyMap<string, string>;
  body: RawBody | undefined;
  row: SignalRow;
}

/**
 * Each signal as a row of the signals table: the strategy whose URL received it, what it did to that strategy's
 * paper account, where its reason's fix is explained, and its raw body once fetched. A signal keeps its row object while it, the strategy names and its
 * raw body are unchanged, so a page of older signals added at the end leaves every other row as it was: the table
 * then builds and renders only the new ones, not all of the thousands loaded.
 */
export function useSignalRows(
  signals: readonly Signal[],
  names: ReadonlyMap<string, string>,
  rawBodies: Readonly<Record<string, RawBody>>,
): SignalRow[] {
  const cache = useRef(new WeakMap<Signal, CachedRow>());
  return useMemo(
    () =>
      signals.map((signal) => {
        const body = rawBodies[signal.id];
        const cached = cache.current.get(signal);
        if (cached && cached.names === names && cached.body === body) return cached.row;
        const row: SignalRow = {
          ...signal,
          // The alert's own words with their invisible and direction characters as escapes (whole: the server caps
          // them): a right-to-left override in a strategy name turned the strategy's own name after it around.
          strategy: strategyLabel(names.get(signal.strategyId), signal.strategy && shownText(signal.strategy, 200)),
          comment: signal.comment && shownText(signal.comment, 1_000),
          // The row keeps to two lines: a note's reason is in the row's details (its journey).
          outcome: signalOutcomeText(signal, { brief: true }),
          reasonHelpHref: reasonHelpHref(signal.reasonCode),
          ...journeyFields(signal),
          // The body as received, its invisible and direction characters as escapes (line breaks kept).
          ...(body?.state === 'loaded' ? { raw: shownRaw(body.raw) } : {}),
        };
        cache.current.set(signal, { names, body, row });
        return row;
      }),
    [signals, names, rawBodies],
  );
}
