import { useCallback, useEffect, useRef } from 'react';

/** Live updates kept while the data is on its way: a first load that keeps failing does not hold a session's worth. */
export const EARLY_UPDATES_KEPT = 500;

type Change<T> = (data: T | undefined) => T | undefined;

/**
 * Applies live changes to SWR data without losing its first load: a change that arrives before the data waits for
 * it, and is applied (in order, with the others that waited) once it comes. Changing SWR's data while its fetch
 * is on the way makes SWR drop that fetch's answer, and the screen would stay empty until a reload.
 *
 * `scope` names what is loaded (a filter, a ticker): changes that waited for another scope are dropped when the
 * data comes, as the data they were meant for is gone.
 */
export function useUpdatesAfterLoad<T>(
  loaded: boolean,
  scope: string,
  mutate: (change: Change<T>, options: { revalidate: false }) => unknown,
): (change: Change<T>) => void {
  const early = useRef<{ scope: string; change: Change<T> }[]>([]);
  const update = useCallback(
    (change: Change<T>) => {
      if (loaded) {
        void mutate(change, { revalidate: false });
        return;
      }
      if (early.current.length >= EARLY_UPDATES_KEPT) early.current.shift();
      early.current.push({ scope, change });
    },
    [loaded, scope, mutate],
  );
  useEffect(() => {
    if (!loaded || early.current.length === 0) return;
    const waiting = early.current.filter((entry) => entry.scope === scope);
    early.current = [];
    if (waiting.length === 0) return;
    void mutate((data) => waiting.reduce((current, entry) => entry.change(current), data), { revalidate: false });
  }, [loaded, scope, mutate]);
  return update;
}
