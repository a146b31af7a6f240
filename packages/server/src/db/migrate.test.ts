import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DIALECTS, type OpenTestDatabase } from '../test/database';
import { openDatabase, type DatabaseHandle } from './connection';
import { migrate } from './migrate';
import type { Migration } from './migrations/helpers';

const createTable = (name: string): Migration => ({
  up: (db: Kysely<unknown>) => db.schema.createTable(name).addColumn('id', 'integer').execute(),
});

describe.each(TEST_DIALECTS)('migrate on %s', (dialect) => {
  let opened: OpenTestDatabase;
  let database: DatabaseHandle;

  beforeEach(async () => {
    opened = await openTestDatabase(dialect);
    database = opened.database;
  });

  afterEach(() => opened.cleanup());

  const history = async () =>
    (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)).rows.map(
      (row) => row.name,
    );

  it('should run only the pending migrations, in order, and record them', async () => {
    const before = await history();
    const ran = await migrate(database.db, dialect, {
      '9001_first': createTable('first'),
      '9002_second': createTable('second'),
    });
    expect(ran).toEqual(['9001_first', '9002_second']);
    expect(await history()).toEqual([...before, '9001_first', '9002_second']);
    expect(await migrate(database.db, dialect, { '9001_first': createTable('first') })).toEqual([]);
  });

  it('should leave the schema untouched when a migration fails', async () => {
    const before = await history();
    const failing: Migration = {
      up: async () => {
        throw new Error('migration bug');
      },
    };
    await expect(
      migrate(database.db, dialect, { '9001_first': createTable('first'), '9002_broken': failing }),
    ).rejects.toThrow('migration bug');
    expect(await history()).toEqual(before);
    await expect(sql`select * from first`.execute(database.db)).rejects.toThrow();
  });

  // One SQLite file has one server (the data-dir lock); several PostgreSQL servers may start at once.
  it.runIf(dialect === 'postgres')('should let servers starting together take turns', async () => {
    const others = await Promise.all([openDatabase(opened.config), openDatabase(opened.config)]);
    const migrations = { '9001_first': createTable('first') };
    const ran = await Promise.all([database, ...others].map((handle) => migrate(handle.db, dialect, migrations)));
    expect(ran.flat()).toEqual(['9001_first']);
    await Promise.all(others.map((handle) => handle.close()));
  });
});
