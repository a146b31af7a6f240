import type { SignalsTableColumnVisibility, SignalsTableSorting } from 'dashboard-kit';
import { SIGNAL_COLUMN_IDS } from 'dashboard-kit';
import { proxy, subscribe, useSnapshot } from 'valtio';
import { storedObject } from '../../lib/stored-json';

export const SIGNALS_TABLE_STORAGE_KEY = 'signaldeck.signalsTable';
/** The stored value's version: 2 holds only the columns the trader showed or hid. */
const STORAGE_VERSION = 2;
/**
 * Columns phones started without before version 2, which a map saved on a phone holds though the trader never
 * hid them. The table wrote them first, in this order, and kept each key where it was first written.
 */
const OLD_PHONE_HIDDEN = ['quantity', 'interval'];

interface SignalsTablePreferences {
  sorting: SignalsTableSorting;
  /** `null`: never chosen, so the table picks its own (every column). */
  columnVisibility: SignalsTableColumnVisibility | null;
}

const isColumnId = (value: unknown): value is SignalsTableSorting[number]['id'] =>
  typeof value === 'string' && (SIGNAL_COLUMN_IDS as readonly string[]).includes(value);

/**
 * What was stored, kept only where it still names real columns (a stored value may be old or edited); text that
 * is not such a value gives the defaults. A map saved before version 2 on a phone loses the columns phones then
 * started without (they now start with every column), but keeps every column the trader showed or hid.
 */
export function parseSignalsTablePreferences(text: string | null): SignalsTablePreferences {
  const preferences: SignalsTablePreferences = { sorting: [], columnVisibility: null };
  const value = storedObject(text);
  if (!value) return preferences;
  const { version, sorting, columnVisibility } = value;
  if (Array.isArray(sorting)) {
    const first = sorting[0] as { id?: unknown; desc?: unknown } | undefined;
    if (first && isColumnId(first.id) && typeof first.desc === 'boolean') {
      preferences.sorting = [{ id: first.id, desc: first.desc }];
    }
  }
  if (typeof columnVisibility === 'object' && columnVisibility !== null) {
    const entries = Object.entries(columnVisibility);
    const oldPhoneDefault = version === undefined && OLD_PHONE_HIDDEN.every((id, at) => entries[at]?.[0] === id);
    const visibility: SignalsTableColumnVisibility = {};
    for (const [at, [id, visible]] of entries.entries()) {
      // A column phones used to start without is shown again, unless the trader chose to show it.
      if (oldPhoneDefault && at < OLD_PHONE_HIDDEN.length && visible === false) continue;
      if (isColumnId(id) && typeof visible === 'boolean') visibility[id] = visible;
    }
    preferences.columnVisibility = visibility;
  }
  return preferences;
}

/** The text stored for `preferences`. */
export function serializeSignalsTablePreferences(preferences: SignalsTablePreferences): string {
  return JSON.stringify({
    version: STORAGE_VERSION,
    sorting: preferences.sorting,
    columnVisibility: preferences.columnVisibility,
  });
}

function readPersisted(): SignalsTablePreferences {
  try {
    return parseSignalsTablePreferences(localStorage.getItem(SIGNALS_TABLE_STORAGE_KEY));
  } catch {
    return { sorting: [], columnVisibility: null };
  }
}

/** How the trader left the signals table (sorted column, hidden columns): kept across reloads. */
export const signalsTableState = proxy<SignalsTablePreferences>(readPersisted());

subscribe(signalsTableState, () => {
  try {
    localStorage.setItem(SIGNALS_TABLE_STORAGE_KEY, serializeSignalsTablePreferences(signalsTableState));
  } catch {
    // Storage may be full or disabled; the choice still holds for this tab.
  }
});

export function setSignalsTableSorting(sorting: SignalsTableSorting): void {
  signalsTableState.sorting = sorting;
}

export function setSignalsTableColumnVisibility(visibility: SignalsTableColumnVisibility): void {
  signalsTableState.columnVisibility = visibility;
}

export function useSignalsTablePreferences() {
  const snapshot = useSnapshot(signalsTableState);
  return {
    sorting: snapshot.sorting as SignalsTableSorting,
    columnVisibility: snapshot.columnVisibility as SignalsTableColumnVisibility | null,
  };
}
