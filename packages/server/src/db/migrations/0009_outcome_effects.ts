import type { Migration } from './helpers';

export const up: Migration['up'] = async (db) => {
  // What an executed signal did to its pair's position (open, add, reduce, close, reverse), and how much of its
  // quantity closed the old position and how much opened the new one: "sell 0.7" alone does not say that a
  // reversal closed a long of 0.5 and opened a short of 0.2. Outcomes decided before this keep null.
  for (const [name, type] of [
    ['effect', 'text'],
    ['closed_quantity', 'double precision'],
    ['opened_quantity', 'double precision'],
  ] as const) {
    await db.schema.alterTable('signal_outcomes').addColumn(name, type).execute();
  }
};
