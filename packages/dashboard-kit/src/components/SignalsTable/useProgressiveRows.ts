import { startTransition, useEffect, useState } from 'react';
import { FIRST_SCREEN_ROWS, PROGRESSIVE_MIN_ROWS } from './layout';
import type { SignalRow } from './types';

interface Progress {
  source: readonly SignalRow[];
  rows: readonly SignalRow[];
}

function firstScreen(signals: readonly SignalRow[], enabled: boolean, shownBefore: number): readonly SignalRow[] {
  const arrivesIntoEmptyTable = shownBefore <= FIRST_SCREEN_ROWS;
  return enabled && arrivesIntoEmptyTable && signals.length > PROGRESSIVE_MIN_ROWS
    ? signals.slice(0, FIRST_SCREEN_ROWS)
    : signals;
}

/**
 * The rows to build the table from. When a long list arrives into a (nearly) empty table in its
 * given order, the first screenful is rendered at once and the whole list right after that frame
 * is painted: building table rows for 100,000 signals takes longer than a frame, and nobody can
 * scroll past the first screen in that time. Later changes (live rows, older pages) go straight
 * through, so the list never shrinks under a scrolled view.
 */
export function useProgressiveRows(signals: readonly SignalRow[], enabled: boolean): readonly SignalRow[] {
  const [progress, setProgress] = useState<Progress>(() => ({
    source: signals,
    rows: firstScreen(signals, enabled, 0),
  }));

  let current = progress;
  if (progress.source !== signals) {
    current = { source: signals, rows: firstScreen(signals, enabled, progress.rows.length) };
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
