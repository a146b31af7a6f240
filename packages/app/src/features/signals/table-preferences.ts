import type { SignalsTableColumnVisibility, SignalsTableSorting } from 'dashboard-kit';
import { SIGNAL_COLUMN_IDS } from 'dashboard-kit';
import { proxy, subscribe, useSnapshot } from 'valtio';

export const SIGNALS_TABLE_STORAGE_KEY = 'signaldeck.signalsTable';

interface SignalsTablePreferences {
  sorting: SignalsTableSorting;
  /** `null`: never chosen, so the table picks its own (fewer columns on phones). */
  columnVisibility: SignalsTableColumnVisibility | null;
}

const isColumnId = (value: unknown): value is SignalsTableSorting[number]['id'] =>
  typeof value === 'string' && (SIGNAL_COLUMN_IDS as readonly string[]).includes(value);

/** What was stored, kept only where it still names real columns (a stored value may be old or edited). */
export function parseSignalsTablePreferences(text: string | null): SignalsTablePreferences {
  const preferences: SignalsTablePreferences = { sorting: [], columnVisibility: null };
  if (!text) return preferences;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return preferences;
  }
  if (typeof value !== 'object' || value === null) return preferences;
  const { sorting, columnVisibility } = value as Record<string, unknown>;
  if (Array.isArray(sorting)) {
    const first = sorting[0] as { id?: unknown; desc?: unknown } | undefined;
    if (first && isColumnId(first.id) && typeof first.desc === 'boolean') {
      preferences.sorting = [{ id: first.id, desc: first.desc }];
    }
  }
  if (typeof columnVisibility === 'object' && columnVisibility !== null) {
    const visibility: SignalsTableColumnVisibility = {};
    for (const [id, visible] of Object.entries(columnVisibility)) {
      if (isColumnId(id) && typeof visible === 'boolean') visibility[id] = visible;
    }
    preferences.columnVisibility = visibility;
  }
  return preferences;
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
    localStorage.setItem(SIGNALS_TABLE_STORAGE_KEY, JSON.stringify(signalsTableState));
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
