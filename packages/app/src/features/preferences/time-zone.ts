import type { TimeZoneMode } from 'dashboard-kit';
import { proxy, subscribe, useSnapshot } from 'valtio';

export const TIME_ZONE_STORAGE_KEY = 'signaldeck.timeZone';

function readPersisted(): TimeZoneMode {
  try {
    return localStorage.getItem(TIME_ZONE_STORAGE_KEY) === 'UTC' ? 'UTC' : 'local';
  } catch {
    return 'local';
  }
}

/** The one time-zone setting of the app (local by default, or UTC): the chart, the tables and every timestamp read it. */
export const timeZoneState = proxy<{ mode: TimeZoneMode }>({ mode: readPersisted() });

subscribe(timeZoneState, () => {
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, timeZoneState.mode);
  } catch {
    // Storage may be full or disabled; the choice still holds for this tab.
  }
});

export function setTimeZone(mode: TimeZoneMode): void {
  timeZoneState.mode = mode;
}

export function useTimeZone(): TimeZoneMode {
  return useSnapshot(timeZoneState).mode;
}
