import { startTransition, useEffect, useState } from 'react';

/** Rows rendered first when a long list arrives into an empty table (several screens' worth). */
export const FIRST_SCREEN_ROWS = 200;
/** Lists longer than this arrive in two steps: the first screen, then the rest. */
export const PROGRESSIVE_MIN_ROWS = 2_000;

interface Progress<T> {
  source: readonly T[];
  rows: readonly T[];
}

function firstScreen<T>(records: readonly T[], enabled: boolean, shownBefore: number): readonly T[] {
  const arrivesIntoEmptyTable = shownBefore <= FIRST_SCREEN_ROWS;
  return enabled && arrivesIntoEmptyTable && records.length > PROGRESSIVE_MIN_ROWS
    ? records.slice(0, FIRST_SCREEN_ROWS)
    : records;
}

/**
 * The records (signals, trades) to build the table from. When a long list arrives into a (nearly)
 * empty table in its given order, the first screenful is rendered at once and the whole list right
 * after that frame is painted: building table rows for 100,000 signals takes longer than a frame,
 * and nobody can scroll past the first screen in that time. Later changes (live rows, older pages)
 * go straight through, so the list never shrinks under a scrolled view.
 */
export function useProgressiveRows<T>(records: readonly T[], enabled: boolean): readonly T[] {
  const [progress, setProgress] = useState<Progress<T>>(() => ({
    source: records,
    rows: firstScreen(records, enabled, 0),
  }));

  let current = progress;
  if (progress.source !== records) {
    current = { source: records, rows: firstScreen(records, enabled, progress.rows.length) };
    setProgress(current);
  }

  useEffect(() => {
    if (current.rows === current.source) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from an animation frame runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() =>
          setProgress((latest) =>
            latest.source === current.source ? { source: latest.source, rows: latest.source } : latest,
          ),
        );
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [current]);

  return current.rows;
}
