import { TRADE_COLUMN_IDS, type TradesTableColumnVisibility } from 'dashboard-kit';
import { storedObject } from '../../lib/stored-json';

export const TRADES_TABLE_STORAGE_KEY = 'signaldeck.tradesTable';
const STORAGE_VERSION = 1;

const isColumnId = (value: string): value is (typeof TRADE_COLUMN_IDS)[number] =>
  (TRADE_COLUMN_IDS as readonly string[]).includes(value);

/**
 * The Trades table's columns the trader showed or hid, from what was stored: kept only where they name real
 * columns with a yes or no (a stored value may be old or edited); anything else gives none.
 */
export function parseTradesColumnChoices(text: string | null): TradesTableColumnVisibility {
  const choices: TradesTableColumnVisibility = {};
  const { columnChoices } = storedObject(text) ?? {};
  if (typeof columnChoices !== 'object' || columnChoices === null || Array.isArray(columnChoices)) return choices;
  for (const [id, shown] of Object.entries(columnChoices)) {
    if (isColumnId(id) && typeof shown === 'boolean') choices[id] = shown;
  }
  return choices;
}

export function serializeTradesColumnChoices(choices: TradesTableColumnVisibility): string {
  return JSON.stringify({ version: STORAGE_VERSION, columnChoices: choices });
}

/** The choices kept from an earlier visit (none when storage is empty, unreadable or disabled). */
export function readTradesColumnChoices(): TradesTableColumnVisibility {
  try {
    return parseTradesColumnChoices(localStorage.getItem(TRADES_TABLE_STORAGE_KEY));
  } catch {
    return {};
  }
}

/** Keeps the trader's column choices for the next visit. */
export function saveTradesColumnChoices(choices: TradesTableColumnVisibility): void {
  try {
    localStorage.setItem(TRADES_TABLE_STORAGE_KEY, serializeTradesColumnChoices(choices));
  } catch {
    // Storage may be full or disabled; the choice still holds until the page is left.
  }
}
