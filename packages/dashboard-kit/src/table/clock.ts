import { useSyncExternalStore } from 'react';

const TICK_MS = 1_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onTick: () => void): () => void {
  listeners.add(onTick);
  if (timer === undefined) {
    // The value may be stale after a quiet spell; React re-reads it right after subscribing.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const listener of listeners) listener();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getSnapshot = () => now;
const stayQuiet = () => () => {};

/**
 * The current time, refreshed once a second while any relative time (or running duration) is on screen. Only the
 * components that call this re-render on a tick, never the whole table.
 */
export function useNow(active = true): number {
  // Inactive (a closed trade's fixed duration), the component reads the time but never ticks.
  return useSyncExternalStore(active ? subscribe : stayQuiet, getSnapshot, getSnapshot);
}
