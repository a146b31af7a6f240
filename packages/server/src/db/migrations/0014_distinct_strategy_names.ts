import { sql } from 'kysely';
import type { Migration } from './helpers';

/** A strategy name's longest length when this migration was written (MAX_STRATEGY_NAME_LENGTH). */
const MAX_NAME_LENGTH = 64;

/** How two names are compared (as strategyNameKey in modules/paper/service.ts did then). */
const nameKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

/** "Scalper 5m" and 2 -> "Scalper 5m (2)", the name cut short (whole characters) so the whole fits. */
function numbered(name: string, n: number): string {
  const suffix = ` (${n})`;
  let base = name.trim();
  if (base.length + suffix.length > MAX_NAME_LENGTH) {
    const characters = Array.from(base);
    while (characters.join('').length + suffix.length > MAX_NAME_LENGTH) characters.pop();
    base = characters.join('').trimEnd();
  }
  return `${base}${suffix}`;
}

/**
 * The new name of each strategy whose name another of its trader's strategies had first, by id: the oldest keeps
 * its name, the next ones are numbered "(2)", "(3)"... skipping a number whose name the trader already uses.
 * `rows` are in id order.
 */
export function distinctNames(rows: readonly { id: number; user_id: number; name: string }[]): Map<number, string> {
  const taken = new Map<number, Set<string>>();
  for (const row of rows) {
    const keys = taken.get(row.user_id) ?? new Set<string>();
    keys.add(nameKey(row.name));
    taken.set(row.user_id, keys);
  }
  const kept = new Map<number, Set<string>>();
  const renamed = new Map<number, string>();
  for (const row of rows) {
    const keys = kept.get(row.user_id) ?? new Set<string>();
    kept.set(row.user_id, keys);
    const key = nameKey(row.name);
    if (!keys.has(key)) {
      keys.add(key);
      continue;
    }
    const userKeys = taken.get(row.user_id)!;
    let n = 2;
    while (userKeys.has(nameKey(numbered(row.name, n)))) n += 1;
    const name = numbered(row.name, n);
    userKeys.add(nameKey(name));
    keys.add(nameKey(name));
    renamed.set(row.id, name);
  }
  return renamed;
}

export const up: Migration['up'] = async (db) => {
  // A trader's strategy names are distinct from now on (compared trimmed and whatever their case; the API refuses
  // a name another of their strategies has). Names given twice before are told apart: the oldest keeps its name.
  const { rows } = await sql<{ id: number | string; user_id: number | string; name: string }>`
    select id, user_id, name from strategies order by id
  `.execute(db);
  const renamed = distinctNames(
    rows.map((row) => ({ id: Number(row.id), user_id: Number(row.user_id), name: row.name })),
  );
  for (const [id, name] of renamed) {
    await sql`update strategies set name = ${name} where id = ${id}`.execute(db);
  }
};
