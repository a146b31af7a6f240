import { sql } from 'kysely';
import type { Migration } from './helpers';

export const up: Migration['up'] = async (db, dialect) => {
  // candles_1m is the store; candles_1h is its hourly roll-up, so a day or four-hour candle reads 60 times fewer
  // rows. The primary key (symbol, time) is the only index either needs: every read is one symbol's time range.
  // On SQLite the tables are stored in that order (WITHOUT ROWID), so a range is one sequential read.
  for (const table of ['candles_1m', 'candles_1h']) {
    await db.schema
      .createTable(table)
      .addColumn('symbol', 'text', (column) => column.notNull())
      .addColumn('time', 'bigint', (column) => column.notNull())
      .addColumn('open', 'double precision', (column) => column.notNull())
      .addColumn('high', 'double precision', (column) => column.notNull())
      .addColumn('low', 'double precision', (column) => column.notNull())
      .addColumn('close', 'double precision', (column) => column.notNull())
      .addColumn('volume', 'double precision', (column) => column.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['symbol', 'time'])
      .$call((builder) => (dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder))
      .execute();
  }
};
