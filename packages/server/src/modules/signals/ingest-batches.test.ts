import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, openSqliteReader, type DatabaseHandle } from '../../db/connection';
import type { Database } from '../../db/schema';
import { manualClock } from '../../test/app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { alertBody, insertUser, storedSignals } from '../../test/signals';
import { readAlert, SignalIngest, type IngestOutcome } from './ingest';
import { hashWebhookToken, WebhookSecrets } from './webhook-secrets';

/*
 * What one batch statement of ingest must guarantee whatever the batch holds: several traders' alerts side by
 * side, repeats inside the batch and across batches and (on PostgreSQL) across instances, a trader refused by
 * their own setting, and a trader deleted while their alert is on its way.
 */

const ignore = () => {};
const silent = {
  level: 'silent',
  ...Object.fromEntries(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => [level, ignore])),
  child: () => silent,
} as unknown as FastifyBaseLogger;

type Stored = Extract<IngestOutcome, { kind: 'stored' }>;
const stored = (outcome: IngestOutcome): Stored => {
  if (outcome.kind !== 'stored') throw new Error(`expected a stored signal, got ${outcome.kind}`);
  return outcome;
};
/** The id a sender is answered with: its own signal's, or for a repeat the original's. */
const answeredId = (outcome: IngestOutcome) => {
  const { signal } = stored(outcome);
  return signal.status === 'duplicate' ? signal.duplicateOf! : signal.id;
};

describe.each(TEST_DIALECTS)('ingest batches on %s', (dialect) => {
  let testDatabase: TestDatabase;
  let database: DatabaseHandle;
  let ingest: SignalIngest;
  let secrets: WebhookSecrets;
  const clock = manualClock(Date.UTC(2025, 4, 1));

  beforeEach(async () => {
    testDatabase = await createTestDatabase(dialect);
    database = await openDatabase(testDatabase.config);
    secrets = new WebhookSecrets(database.db, clock);
    ingest = new SignalIngest({
      database,
      dataDir: testDatabase.config.dataDir,
      log: silent,
      publish: () => {},
      clock,
    });
  });

  afterEach(async () => {
    await ingest.close();
    await database.close();
    await testDatabase.cleanup();
  });

  const trader = async () => {
    const userId = await insertUser(database);
    const { token } = await secrets.get(userId);
    const { id: strategyId } = await database.db
      .selectFrom('strategies')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { userId, token, strategyId: Number(strategyId) };
  };

  const alert = (token: string, raw: string, clientAddress = '127.0.0.1') =>
    readAlert({ tokenHash: hashWebhookToken(token), clientAddress, receivedAt: clock(), raw });

  /** PostgreSQL, in `connection`'s open transaction: a claim on (strategy, body) being written, not yet committed. */
  const holdClaim = (connection: Kysely<Database>, strategyId: number, bodyHash: string) =>
    sql`insert into signal_body_claims (strategy_id, body_hash, signal_id, received_at)
      values (${strategyId}, ${bodyHash}, 0, ${clock()})`.execute(connection);
  /** Waits until a batch's insert waits for a claim held by `connection` (polled from another connection: in a
   * transaction, pg_stat_activity stays as it was first read). */
  const waitForClaimWaiters = async (connection: Kysely<Database>) => {
    const {
      rows: [holder],
    } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
    for (let tries = 0; tries < 500; tries += 1) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and ${holder!.pid} = any(pg_blocking_pids(pid))
      `.execute(database.db);
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no batch waited for the claim');
  };

  it("should keep two traders' alerts of one batch apart: each stored as its sender's, repeats only of their own", async () => {
    const [ada, bob] = [await trader(), await trader()];
    // The same bodies from both, interleaved, all in one batch: one original per trader and body.
    const bodies = [alertBody({ comment: 'one' }), alertBody({ comment: 'two' })];
    const sent = Array.from({ length: 12 }, (_, index) => ({
      who: index % 2 === 0 ? ada : bob,
      body: bodies[Math.floor(index / 2) % 2]!,
    }));
    const outcomes = await Promise.all(sent.map(({ who, body }) => ingest.submit(alert(who.token, body))));

    outcomes.forEach((outcome, index) => expect(stored(outcome).userId).toBe(sent[index]!.who.userId));
    const rows = await storedSignals(database);
    expect(rows).toHaveLength(12);
    for (const { userId, strategyId } of [ada, bob]) {
      const own = rows.filter((row) => row.user_id === userId);
      expect(own).toHaveLength(6);
      expect(own.every((row) => Number(row.strategy_id) === strategyId)).toBe(true);
      const originals = own.filter((row) => row.status === 'accepted');
      expect(originals.map((row) => row.comment).sort()).toEqual(['one', 'two']);
      for (const repeat of own.filter((row) => row.status === 'duplicate')) {
        const original = originals.find((row) => row.body_hash === repeat.body_hash)!;
        expect(repeat.duplicate_of).toBe(original.id);
      }
    }
  });

  it('should store an identical body repeated within 60 s once, in one batch and across batches', async () => {
    const { token } = await trader();
    const body = alertBody({ comment: 'repeated' });
    const first = await Promise.all(Array.from({ length: 8 }, () => ingest.submit(alert(token, body))));
    clock.advance(30_000);
    const later = await Promise.all(Array.from({ length: 4 }, () => ingest.submit(alert(token, body))));

    const answers = new Set([...first, ...later].map(answeredId));
    expect(answers.size).toBe(1);
    const rows = await storedSignals(database);
    expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'duplicate')).toHaveLength(11);
  });

  it('should judge each repeat of a batch spanning more than the window against its own original', async () => {
    const { token } = await trader();
    const body = alertBody({ comment: 'slow queue' });
    const at = (seconds: number) => ({ ...alert(token, body), receivedAt: start + seconds * 1000 });
    const start = clock();
    const original = stored(await ingest.submit(at(0))).signal;
    clock.advance(200_000);
    // Held up in the queue: one batch carries alerts received 30, 70, 131 and 132 s after the original.
    const outcomes = (await Promise.all([at(30), at(70), at(131), at(132)].map((sent) => ingest.submit(sent)))).map(
      (outcome) => stored(outcome).signal,
    );
    expect(outcomes.map((signal) => [signal.status, signal.duplicateOf])).toEqual([
      ['duplicate', original.id], // within 60 s of the original
      ['accepted', null], // 70 s after it: a new original
      ['accepted', null], // 61 s after that one
      ['duplicate', outcomes[2]!.id],
    ]);
    expect((await storedSignals(database)).map((row) => row.status)).toEqual([
      'accepted',
      'duplicate',
      'accepted',
      'accepted',
      'duplicate',
    ]);
  });

  if (dialect === 'sqlite') {
    it("should wait for the app's write transaction to end before writing its batch, and then store it", async () => {
      const { token } = await trader();
      let finish!: () => void;
      const open = new Promise<void>((resolve) => (finish = resolve));
      const transaction = database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        await open;
      });
      const outcome = ingest.submit(alert(token, alertBody({ id: 'gated' })));
      // The batch is planned on ingest's thread first (started from the sources, it loads them through tsx).
      await expect.poll(() => database.writeGate!.waiting, { timeout: 10_000 }).toBe(1);
      // Read beside the app's connection, which the open transaction holds.
      const reader = openSqliteReader(testDatabase.config.dataDir);
      try {
        const count = async () =>
          Number(
            (
              await reader
                .selectFrom('signals')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count()).toBe(0);

        finish();
        await transaction;
        expect(stored(await outcome).signal.status).toBe('accepted');
        expect(await count()).toBe(1);
      } finally {
        await reader.destroy();
      }
    });
  }

  it("should refuse only the alerts of a trader who takes TradingView's addresses alone, not the rest of the batch", async () => {
    const [strict, open] = [await trader(), await trader()];
    await secrets.setTradingViewOnly(strict.userId, true);
    const outcomes = await Promise.all([
      ingest.submit(alert(strict.token, alertBody({ id: 's-1' }), '203.0.113.9')),
      ingest.submit(alert(open.token, alertBody({ id: 'o-1' }), '203.0.113.9')),
      ingest.submit(alert(strict.token, alertBody({ id: 's-2' }), '203.0.113.9')),
      ingest.submit(alert(open.token, alertBody({ id: 'o-2' }), '203.0.113.9')),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['forbidden', 'stored', 'forbidden', 'stored']);
    const rows = await storedSignals(database);
    expect(rows.map((row) => [row.user_id, row.client_id])).toEqual([
      [open.userId, 'o-1'],
      [open.userId, 'o-2'],
    ]);
  });

  if (dialect === 'postgres') {
    it("should prepare the batch's read anew each time the signals' ids double, so its plan is made on at least half the table", async () => {
      const names: string[] = [];
      const recording: DatabaseHandle = {
        ...database,
        executePrepared: (name, query) => {
          names.push(name);
          return database.executePrepared!(name, query);
        },
      };
      const recorded = new SignalIngest({
        database: recording,
        dataDir: testDatabase.config.dataDir,
        log: silent,
        publish: () => {},
        clock,
      });
      const { token } = await trader();
      for (let sent = 1; sent <= 9; sent += 1) await recorded.submit(alert(token, alertBody({ id: `grow-${sent}` })));
      await recorded.close();
      const reads = names.filter((name) => name !== 'ingest_insert');
      // Ids 1 to 9, one batch each: each read is named by the last id handed out before it.
      expect(reads).toEqual([0, 1, 1, 2, 2, 2, 2, 3, 3].map((generation) => `ingest_lookups_${generation}`));
      expect(names.filter((name) => name === 'ingest_insert')).toHaveLength(9);
      expect((await storedSignals(database)).map((row) => row.client_id)).toEqual(
        Array.from({ length: 9 }, (_, index) => `grow-${index + 1}`),
      );
    });

    describe('given a second instance on the same database', () => {
      let otherDatabase: DatabaseHandle;
      let other: SignalIngest;

      beforeEach(async () => {
        otherDatabase = await openDatabase(testDatabase.config);
        other = new SignalIngest({
          database: otherDatabase,
          dataDir: testDatabase.config.dataDir,
          log: silent,
          publish: () => {},
          clock,
        });
      });

      afterEach(async () => {
        await other.close();
        await otherDatabase.close();
      });

      it('should store an alert sent to both at once exactly once, by alert id and by identical body', async () => {
        const { token } = await trader();
        for (let round = 0; round < 5; round += 1) {
          const byId = (price: number) => alertBody({ id: `order-${round}`, price });
          const byBody = alertBody({ comment: `same body ${round}` });
          const outcomes = await Promise.all(
            Array.from({ length: 16 }, (_, index) => {
              const instance = index % 2 === 0 ? ingest : other;
              const raw = index % 4 < 2 ? byId(100 + index) : byBody;
              return instance.submit(alert(token, raw));
            }),
          );
          const idAnswers = new Set(outcomes.filter((_, index) => index % 4 < 2).map(answeredId));
          const bodyAnswers = new Set(outcomes.filter((_, index) => index % 4 >= 2).map(answeredId));
          expect(idAnswers.size).toBe(1);
          expect(bodyAnswers.size).toBe(1);
          clock.advance(61_000);
        }
        const rows = await storedSignals(database);
        expect(rows).toHaveLength(80);
        expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(10);
      });

      it('should commit batches of both side by side when their alerts differ (no lock shared by all)', async () => {
        const { token, strategyId } = await trader();
        // A claim being written on one alert's body stops only the batch that carries that alert.
        const held = alert(token, alertBody({ comment: 'held' }));
        await database.db.connection().execute(async (connection) => {
          await sql`begin`.execute(connection);
          await holdClaim(connection, strategyId, held.bodyHash);
          const waiting = ingest.submit(held);
          try {
            await waitForClaimWaiters(connection);
            // The other instance stores its own alerts meanwhile.
            const free = await other.submit(alert(token, alertBody({ comment: 'free' })));
            expect(stored(free).signal.status).toBe('accepted');
            expect((await storedSignals(database)).map((row) => row.comment)).toEqual(['free']);
          } finally {
            await sql`rollback`.execute(connection);
          }
          expect(stored(await waiting).signal.status).toBe('accepted');
        });
      });
    });

    it('should record as duplicates of a body claimed by another batch the alerts its read could not see, and take over a claim past the window', async () => {
      const { token, strategyId } = await trader();
      const earlier = stored(await ingest.submit(alert(token, alertBody({ comment: 'earlier' })))).signal;
      const body = alertBody({ comment: 'raced' });
      const { bodyHash } = alert(token, body);
      // Another batch committed an original of this body after this batch read (so the read finds none): its
      // claim is all that is left to see. (Its signal is `earlier` here, whatever its body.)
      const claim = (receivedAt: number) =>
        sql`insert into signal_body_claims (strategy_id, body_hash, signal_id, received_at)
          values (${strategyId}, ${bodyHash}, ${Number(earlier.id)}, ${receivedAt})`.execute(database.db);
      await claim(clock() - 1000);
      const raced = await Promise.all([0, 1, 2].map(() => ingest.submit(alert(token, body))));
      for (const outcome of raced) {
        expect(stored(outcome).signal).toMatchObject({
          status: 'duplicate',
          duplicateOf: earlier.id,
          reason: `Repeat of signal ${earlier.id} (identical body within 60 seconds)`,
        });
      }
      const rows = (await storedSignals(database)).filter((row) => row.body_hash === bodyHash);
      expect(rows.map((row) => [row.status, row.duplicate_of])).toEqual(
        [0, 1, 2].map(() => ['duplicate', Number(earlier.id)]),
      );

      // A claim older than the window decides nothing: the next alert of that body is an original, and holds it.
      clock.advance(61_000);
      const fresh = stored(await ingest.submit(alert(token, body))).signal;
      expect(fresh.status).toBe('accepted');
      const held = await database.db
        .selectFrom('signal_body_claims')
        .select('signal_id')
        .where('body_hash', '=', bodyHash)
        .executeTakeFirstOrThrow();
      expect(Number(held.signal_id)).toBe(Number(fresh.id));
    });

    it('should store the rest of a batch when a trader in it is deleted before it commits, and refuse their alert', async () => {
      const [kept, leaving] = [await trader(), await trader()];
      const leavingAlert = alert(leaving.token, alertBody({ comment: 'leaving' }));
      // Hold the batch after it found its owners (its insert waits for a claim on this alert's body), delete the
      // trader meanwhile, then let it go on: its insert now names a strategy that is gone.
      await database.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await holdClaim(connection, leaving.strategyId, leavingAlert.bodyHash);
        const outcomes = Promise.all([
          ingest.submit(alert(kept.token, alertBody({ comment: 'kept 1' }))),
          ingest.submit(leavingAlert),
          ingest.submit(alert(kept.token, alertBody({ comment: 'kept 2' }))),
        ]);
        await waitForClaimWaiters(connection);
        await sql`delete from users where id = ${leaving.userId}`.execute(connection);
        await sql`commit`.execute(connection);

        const [first, gone, second] = await outcomes;
        expect(stored(first!).signal.comment).toBe('kept 1');
        expect(gone!.kind).toBe('unknown-token');
        expect(stored(second!).signal.comment).toBe('kept 2');
      });
      const rows = await storedSignals(database);
      expect(rows.map((row) => [row.user_id, row.comment])).toEqual([
        [kept.userId, 'kept 1'],
        [kept.userId, 'kept 2'],
      ]);
    });

    it('should refuse an alert alone in its batch whose trader is deleted before it commits as an unknown webhook, not a failure', async () => {
      const leaving = await trader();
      const leavingAlert = alert(leaving.token, alertBody({ comment: 'leaving alone' }));
      // As above, with no other alert to split the batch by: the alert's own insert meets the deletion.
      await database.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await holdClaim(connection, leaving.strategyId, leavingAlert.bodyHash);
        const outcome = ingest.submit(leavingAlert);
        await waitForClaimWaiters(connection);
        await sql`delete from users where id = ${leaving.userId}`.execute(connection);
        await sql`commit`.execute(connection);
        expect((await outcome).kind).toBe('unknown-token');
      });
      expect(await storedSignals(database)).toEqual([]);
    });
  }
});
