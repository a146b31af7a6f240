import { chmodSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { SqliteDatabase } from './sqlite-driver';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  openTestDatabase,
  TEST_DIALECTS,
  type OpenTestDatabase,
  type TestDatabase,
} from '../test/database';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import {
  derivedTransaction,
  openDatabase,
  postgresConnectionString,
  SQLITE_FILE_NAME,
  writeTransaction,
  type DatabaseHandle,
} from './connection';
import type { Database } from './schema';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';
import { migrations } from './migrations';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0, 123);
const someUser = (email: string) => ({ name: 'Ada', email, password_hash: 'x', created_at: NOW, updated_at: NOW });

describe.each(TEST_DIALECTS)('given a database on %s', (dialect) => {
  let opened: OpenTestDatabase;
  let database: DatabaseHandle;

  beforeEach(async () => {
    opened = await openTestDatabase(dialect);
    database = opened.database;
  });

  afterEach(() => opened.cleanup());

  it('should report its dialect', () => {
    expect(database.dialect).toBe(dialect);
  });

  describe('after opening it twice', () => {
    it('should have run every migration exactly once', async () => {
      await database.close();
      const reopened = await openDatabase(opened.config);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        reopened.db,
      );
      await reopened.close();
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    });
  });

  it('should generate ids and read millisecond timestamps and counts back as numbers', async () => {
    const first = await database.db
      .insertInto('users')
      .values(someUser('ada@example.com'))
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const second = await database.db
      .insertInto('users')
      .values(someUser('grace@example.com'))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(first.created_at).toBe(NOW);
    expect(typeof first.id).toBe('number');
    expect(second.id).toBeGreaterThan(first.id);
    const { count } = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(2);
  });

  it('should enforce unique emails, recognisably', async () => {
    await database.db.insertInto('users').values(someUser('ada@example.com')).execute();
    const error = await database.db
      .insertInto('users')
      .values(someUser('ada@example.com'))
      .execute()
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('should enforce foreign keys with cascading deletes', async () => {
    const user = await database.db
      .insertInto('users')
      .values(someUser('ada@example.com'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = { token_hash: 'h', created_at: NOW, last_used_at: NOW, expires_at: NOW };
    await expect(
      database.db
        .insertInto('personal_access_tokens')
        .values({ ...token, user_id: user.id + 1000 })
        .execute(),
    ).rejects.toThrow();
    await database.db
      .insertInto('personal_access_tokens')
      .values({ ...token, user_id: user.id })
      .execute();
    await database.db.deleteFrom('users').execute();
    expect(await database.db.selectFrom('personal_access_tokens').selectAll().execute()).toEqual([]);
  });

  describe('writeTransaction', () => {
    it('should commit when the work resolves', async () => {
      await writeTransaction(database.db, (trx) => trx.insertInto('users').values(someUser('a@example.com')).execute());
      expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'a@example.com' }]);
    });

    it('should roll back everything when the work throws', async () => {
      await expect(
        writeTransaction(database.db, async (trx) => {
          await trx.insertInto('users').values(someUser('a@example.com')).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    });
  });

  describe('derivedTransaction', () => {
    /** How the transaction's commit waits for the disk: SQLite's synchronous level, PostgreSQL's synchronous_commit. */
    const durability = async (db: Kysely<Database>) =>
      dialect === 'sqlite'
        ? String(Object.values((await sql.raw('pragma synchronous').execute(db)).rows[0] as object)[0])
        : (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;

    it('should commit without waiting for the disk inside, and leave every other transaction waiting for it', async () => {
      const before = await durability(database.db);
      const inside = await derivedTransaction(database.db, dialect, async (trx) => {
        await trx.insertInto('users').values(someUser('a@example.com')).execute();
        return durability(trx);
      });
      expect([before, inside]).toEqual(dialect === 'sqlite' ? ['2', '1'] : ['on', 'off']);
      expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'a@example.com' }]);
      await writeTransaction(database.db, async (trx) => expect(await durability(trx)).toBe(before));
    });

    it('should roll back and wait for the disk again when the work throws', async () => {
      const before = await durability(database.db);
      await expect(
        derivedTransaction(database.db, dialect, async (trx) => {
          await trx.insertInto('users').values(someUser('a@example.com')).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
      await writeTransaction(database.db, async (trx) => expect(await durability(trx)).toBe(before));
    });
  });

  describe('after it is closed', () => {
    it('should fail ping and queries with errors recognised as unavailability', async () => {
      await database.close();
      await expect(database.ping()).rejects.toThrow();
      const error = await database.db
        .selectFrom('users')
        .selectAll()
        .execute()
        .catch((caught: unknown) => caught);
      expect(isDatabaseUnavailable(error)).toBe(true);
    });
  });
});

describe('given the embedded database', () => {
  let opened: OpenTestDatabase;
  let database: DatabaseHandle;

  beforeEach(async () => {
    opened = await openTestDatabase('sqlite');
    database = opened.database;
  });

  afterEach(() => opened.cleanup());

  it('should use WAL, full synchronous commits and foreign keys', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as Record<string, unknown>)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBeGreaterThan(0);
  });

  it('should begin a write transaction only once the write gate is free, and hand the gate back at its commit or rollback', async () => {
    const gate = database.writeGate!;
    const ingestWriter = await gate.acquire();
    let begun = false;
    const transaction = writeTransaction(database.db, async (trx) => {
      begun = true;
      await trx.insertInto('users').values(someUser('ada@example.com')).execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(begun).toBe(false);
    expect(gate.waiting).toBe(1);

    ingestWriter();
    await transaction;
    expect(begun).toBe(true);
    await expect(
      derivedTransaction(database.db, 'sqlite', async (trx) => {
        await trx.insertInto('users').values(someUser('ada@example.com')).execute();
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    // Both let the gate go: the commit and the rollback.
    const release = await gate.acquire();
    expect(gate.waiting).toBe(0);
    release();
  });

  it('should run a write outside a transaction once the write gate is free, and a read at once', async () => {
    const gate = database.writeGate!;
    const ingestWriter = await gate.acquire();
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
    let written = false;
    const insert = database.db
      .insertInto('users')
      .values(someUser('ada@example.com'))
      .execute()
      .then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBe(false);
    expect(gate.waiting).toBe(1);

    ingestWriter();
    await insert;
    expect(await database.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'ada@example.com' }]);
    expect(gate.waiting).toBe(0);
  });

  it('should take the write lock when a write transaction begins, before its first write', async () => {
    const other = new SqliteDatabase(path.join(opened.config.dataDir, SQLITE_FILE_NAME), { timeout: 0 });
    try {
      await writeTransaction(database.db, async (trx) => {
        await trx.selectFrom('users').selectAll().execute();
        expect(() =>
          other
            .prepare(
              "insert into users (name, email, password_hash, created_at, updated_at) values ('b', 'b@x', 'x', 0, 0)",
            )
            .run(),
        ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      });
    } finally {
      other.close();
    }
  });
});

describe('given the embedded database', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('should keep DATA_DIR (0700) and the database files (0600) to their owner, older ones included', async () => {
    const fresh = await openTestDatabase('sqlite');
    try {
      await fresh.database.db.insertInto('users').values(someUser('ada@example.com')).execute();
      const file = path.join(fresh.config.dataDir, SQLITE_FILE_NAME);
      expect(mode(fresh.config.dataDir)).toBe(0o700);
      for (const suffix of ['', '-wal', '-shm']) expect(mode(file + suffix), suffix).toBe(0o600);

      // A directory and a database left readable to all by an older version are narrowed on the next start.
      await fresh.database.close();
      chmodSync(fresh.config.dataDir, 0o755);
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o644);
      const reopened = await openDatabase(fresh.config);
      await reopened.close();
      expect(mode(fresh.config.dataDir)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
    } finally {
      await fresh.cleanup();
    }
  });
});

describe('postgresConnectionString', () => {
  const osUser = () => 'trader';

  it('should keep a URL that names its user as it is', () => {
    const url = 'postgres://ada:secret@db.example:5432/signaldeck?sslmode=require';
    expect(postgresConnectionString(url, { PGUSER: 'other' }, osUser)).toBe(url);
  });

  it.each([
    [{ PGUSER: 'signaldeck' }, 'postgres://signaldeck@127.0.0.1:5432/test'],
    [{}, 'postgres://trader@127.0.0.1:5432/test'],
    [{ PGUSER: '' }, 'postgres://trader@127.0.0.1:5432/test'],
    [{ PGUSER: 'a b@c' }, 'postgres://a%20b%40c@127.0.0.1:5432/test'],
  ])('should name PGUSER, else the operating-system user, when the URL names none (%o)', (env, expected) => {
    expect(postgresConnectionString('postgres://127.0.0.1:5432/test', env, osUser)).toBe(expected);
  });
});

describe('given a PostgreSQL URL without a user, and no USER variable (as in a container or a service)', () => {
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    server?.child.kill('SIGKILL');
    if (server) await server.exited;
    await testDatabase.cleanup();
  });

  it('should connect as the operating-system user, as psql does, and serve', async () => {
    testDatabase = await createTestDatabase('postgres');
    const url = new URL(testDatabase.env.DATABASE_URL!);
    url.username = '';
    // The server process gets PATH, HOME and these, nothing else: no USER, no PGUSER.
    server = startServerProcess({ ...testDatabase.env, DATABASE_URL: url.href });
    const listening = await server.listening;
    expect((await fetch(`${listening}/api/health`)).status).toBe(200);
  }, 60_000);
});

describe('executePrepared (a statement run as a prepared one)', () => {
  let opened: OpenTestDatabase;

  beforeEach(async () => {
    opened = await openTestDatabase('postgres');
  });

  afterEach(() => opened.cleanup());

  it('should, on PostgreSQL, be parsed once per connection and give each run its own values', async () => {
    const { database } = opened;
    const doubled = (value: number) => sql<{ twice: number }>`select ${value}::int * 2 as twice`.compile(database.db);
    // One statement at a time: the pool hands the same idle connection back each time.
    for (const value of [1, 2, 3, 4, 5, 6, 7]) {
      expect(await database.executePrepared!('doubled', doubled(value))).toEqual([{ twice: value * 2 }]);
    }
    const prepared = await database.executePrepared!(
      'prepared_here',
      sql<{ name: string }>`select name from pg_prepared_statements order by name`.compile(database.db),
    );
    expect(prepared.map((row) => row.name)).toEqual(['doubled', 'prepared_here']);
    // A name stands for one text: another statement under it is refused, not run as the first one.
    await expect(
      database.executePrepared!('doubled', sql`select ${1}::int + 1 as twice`.compile(database.db)),
    ).rejects.toThrow(/Prepared statements must be unique/);
  });

  it('should run again, prepared anew, after the schema changed the type of what it returns', async () => {
    const { database } = opened;
    await sql`create table prepared_probe (x integer)`.execute(database.db);
    await sql`insert into prepared_probe values (1)`.execute(database.db);
    const read = () =>
      database.executePrepared!('probe_read', sql<{ x: unknown }>`select x from prepared_probe`.compile(database.db));
    // Four at once: four pooled connections prepare it.
    expect(await Promise.all([read(), read(), read(), read()])).toEqual(Array(4).fill([{ x: 1 }]));
    // As another instance's migration would, while this one runs.
    await sql`alter table prepared_probe alter column x type text`.execute(database.db);
    for (let run = 0; run < 6; run++) expect(await read()).toEqual([{ x: '1' }]);
  });

  it('should not be offered on the embedded database', async () => {
    const sqlite = await openTestDatabase('sqlite');
    try {
      expect(sqlite.database.executePrepared).toBeUndefined();
    } finally {
      await sqlite.cleanup();
    }
  });
});
