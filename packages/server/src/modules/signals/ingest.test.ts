import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { isDatabaseUnavailable } from '../../db/errors';
import { manualClock } from '../../test/app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/database';
import { DUPLICATE_WINDOW_MS, SignalIngest, type IngestOutcome } from './ingest';
import type { Signal } from './schemas';
import { alertBody, insertUser, storedSignals } from '../../test/signals';
import { hashWebhookToken, TRADINGVIEW_ADDRESSES, WebhookSecrets } from './webhook-secrets';

/** A logger that keeps what it is told, as Fastify's logger would write it. */
function recordingLogger() {
  const lines: { level: string; details: unknown; message?: string }[] = [];
  const at = (level: string) => (details: unknown, message?: string) => void lines.push({ level, details, message });
  const logger = {
    level: 'debug',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return {
    logger,
    lines,
    batchSizes: () =>
      lines
        .filter((line) => line.message === 'signals committed')
        .map((line) => (line.details as { size: number }).size),
  };
}

const stored = (outcome: IngestOutcome) => {
  if (outcome.kind !== 'stored') throw new Error(`expected a stored signal, got ${outcome.kind}`);
  return outcome.signal;
};

describe.each(TEST_DIALECTS)('SignalIngest on %s', (dialect) => {
  let testDatabase: TestDatabase;
  let database: DatabaseHandle;
  let ingest: SignalIngest;
  let secrets: WebhookSecrets;
  let log: ReturnType<typeof recordingLogger>;
  let published: { userId: number; signal: Signal; visible: Promise<boolean> }[];
  const clock = manualClock(Date.UTC(2025, 4, 1));

  beforeEach(async () => {
    testDatabase = await createTestDatabase(dialect);
    database = await openDatabase(testDatabase.config);
    secrets = new WebhookSecrets(database.db, clock);
    log = recordingLogger();
    published = [];
    ingest = new SignalIngest({
      database,
      dataDir: testDatabase.config.dataDir,
      log: log.logger,
      publish: (signals) => {
        for (const { userId, signal } of signals) {
          // Read from another connection where there is one: only a committed row is visible there.
          const visible = database.db
            .selectFrom('signals')
            .select('id')
            .where('id', '=', Number(signal.id))
            .executeTakeFirst()
            .then(
              (row) => row !== undefined,
              () => false,
            );
          published.push({ userId, signal, visible });
        }
      },
    });
  });

  afterEach(async () => {
    await ingest.close();
    await database.close();
    await testDatabase.cleanup();
  });

  const userWithWebhook = async () => {
    const userId = await insertUser(database);
    const { token } = await secrets.get(userId);
    return { userId, token };
  };

  const submit = (token: string, raw: string, overrides: { clientAddress?: string; receivedAt?: number } = {}) =>
    ingest.submit({
      tokenHash: hashWebhookToken(token),
      clientAddress: '127.0.0.1',
      receivedAt: clock(),
      raw,
      ...overrides,
    });

  describe('given an alert for a known webhook', () => {
    it('should store it, then publish it to its owner once committed', async () => {
      const { userId, token } = await userWithWebhook();
      const signal = stored(await submit(token, alertBody({ id: 'a-1', comment: 'entry' })));

      expect(signal).toMatchObject({
        ticker: 'BTC',
        action: 'buy',
        price: 65000.5,
        interval: '15m',
        status: 'accepted',
        comment: 'entry',
      });
      const rows = await storedSignals(database);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: Number(signal.id),
        user_id: userId,
        client_id: 'a-1',
        raw: alertBody({ id: 'a-1', comment: 'entry' }),
      });

      expect(published.map(({ userId, signal }) => ({ userId, signal }))).toEqual([{ userId, signal }]);
      expect(await published[0]!.visible).toBe(true);
    });

    it('should store a rejected alert with its reason', async () => {
      const { token } = await userWithWebhook();
      const signal = stored(await submit(token, alertBody({ price: 'abc' })));
      expect(signal).toMatchObject({
        status: 'rejected',
        reason: 'Price must be a positive number such as 65000.5 (got "abc"): use "price": "{{close}}"',
        ticker: 'BTC',
      });
      expect(await storedSignals(database)).toHaveLength(1);
    });

    it('should give ids that grow in the order alerts are committed', async () => {
      const { token } = await userWithWebhook();
      const first = stored(await submit(token, alertBody({ id: 1 })));
      const batch = await Promise.all([2, 3, 4].map((id) => submit(token, alertBody({ id }))));
      const ids = [first, ...batch.map(stored)].map((signal) => Number(signal.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(4);
    });

    it('should store NUL characters as U+FFFD (PostgreSQL text cannot hold them)', async () => {
      const { token } = await userWithWebhook();
      const escaped = stored(await submit(token, alertBody({ comment: 'a\u0000b' })));
      expect(escaped.comment).toBe('a\uFFFDb');
      const literal = stored(await submit(token, `{"ticker": "BTC", "action": "buy", "comment": "a\u0000b"}`));
      expect(literal.status).toBe('rejected');
      const rows = await storedSignals(database);
      expect(rows.map((row) => row.raw)).toEqual([
        alertBody({ comment: 'a\u0000b' }),
        '{"ticker": "BTC", "action": "buy", "comment": "a\uFFFDb"}',
      ]);
    });
  });

  describe('given alert ids and text that the databases store differently from how they were sent', () => {
    const REPLACED = /[\ud800-\udfff\0]/g;

    it.each([
      ['a lone surrogate', 'p\ud800'],
      ['a NUL character', 'p\u0000'],
      ['a lone low surrogate and a NUL', '\udc00\u0000q'],
    ])('should record a repeat of an id holding %s as a duplicate, and fail no one else', async (_case, id) => {
      const hostile = await userWithWebhook();
      const other = await userWithWebhook();
      const first = stored(await submit(hostile.token, alertBody({ id, comment: id })));
      expect(first).toMatchObject({ status: 'accepted', comment: id.replace(REPLACED, '\uFFFD') });
      const [repeat, bystander] = await Promise.all([
        submit(hostile.token, alertBody({ id, price: 2 })),
        submit(other.token, alertBody({ id: 'bystander' })),
      ]);
      expect(stored(repeat!)).toMatchObject({ status: 'duplicate', duplicateOf: first.id });
      expect(stored(bystander!).status).toBe('accepted');
      const rows = await storedSignals(database);
      const storedId = id.replace(REPLACED, '\uFFFD');
      expect(rows.map((row) => [row.user_id, row.client_id, row.status])).toEqual([
        [hostile.userId, storedId, 'accepted'],
        [hostile.userId, storedId, 'duplicate'],
        [other.userId, 'bystander', 'accepted'],
      ]);
    });

    it('should store every text field without NUL or lone surrogates, and hash the body as stored', async () => {
      const { token } = await userWithWebhook();
      const body = `{"ticker":"BTC","action":"buy","strategy":"s\\ud800\\u0000","comment":"c\\udfff","id":"i\\u0000"}`;
      const signal = stored(await submit(token, body));
      expect(signal).toMatchObject({ strategy: 's\uFFFD\uFFFD', comment: 'c\uFFFD' });
      expect((await storedSignals(database))[0]!.client_id).toBe('i\uFFFD');
      const first = stored(await submit(token, 'x\u0000'));
      expect(stored(await submit(token, 'x\uFFFD'))).toMatchObject({ status: 'duplicate', duplicateOf: first.id });
    });
  });

  describe('given a batch whose insert keeps failing on a unique index that ingest does not look up', () => {
    it('should commit the rest of the batch and fail only the alert at fault', async () => {
      const hostile = await userWithWebhook();
      const others = await Promise.all([userWithWebhook(), userWithWebhook()]);
      // Stands for any row the lookups cannot see coming: a second 'poison' comment breaks a unique index.
      await sql`create unique index signals_poison on signals (comment) where comment = 'poison'`.execute(database.db);
      stored(await submit(hostile.token, alertBody({ id: 'first', comment: 'poison' })));

      const outcomes = await Promise.all([
        submit(others[0]!.token, alertBody({ id: 'a' })),
        submit(hostile.token, alertBody({ id: 'second', comment: 'poison' })),
        submit(others[1]!.token, alertBody({ id: 'b' })),
        submit(others[0]!.token, alertBody({ id: 'c' })),
      ]);
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['stored', 'failed', 'stored', 'stored']);
      const rows = await storedSignals(database);
      expect(rows.map((row) => row.client_id)).toEqual(['first', 'a', 'b', 'c']);
      expect(published.map(({ signal }) => signal.id)).toEqual(rows.map((row) => String(row.id)));
    });
  });

  describe('given an alert whose token is unknown', () => {
    it('should store and publish nothing', async () => {
      await userWithWebhook();
      expect(await submit('x'.repeat(43), alertBody())).toEqual({ kind: 'unknown-token' });
      expect(await storedSignals(database)).toEqual([]);
      expect(published).toEqual([]);
    });

    it('should not know a token that was rotated away', async () => {
      const { userId, token } = await userWithWebhook();
      const rotated = await secrets.rotate(userId);
      expect(await submit(token, alertBody())).toEqual({ kind: 'unknown-token' });
      expect((await submit(rotated.token, alertBody())).kind).toBe('stored');
    });
  });

  describe('given a webhook restricted to TradingView', () => {
    it.each([
      ['another address', '203.0.113.9', 'forbidden'],
      ['a TradingView address', TRADINGVIEW_ADDRESSES[0]!, 'stored'],
      ['a TradingView address in IPv4-mapped IPv6 form', `::ffff:${TRADINGVIEW_ADDRESSES[3]!}`, 'stored'],
    ])('should answer an alert from %s with %s', async (_case, clientAddress, kind) => {
      const { userId, token } = await userWithWebhook();
      await secrets.setTradingViewOnly(userId, true);
      expect((await submit(token, alertBody(), { clientAddress })).kind).toBe(kind);
      expect(await storedSignals(database)).toHaveLength(kind === 'stored' ? 1 : 0);
    });
  });

  describe('given a repeat of an alert', () => {
    it('should record a repeated alert id as a duplicate of the first, even with another body', async () => {
      const { token } = await userWithWebhook();
      const first = stored(await submit(token, alertBody({ id: 'order-7', price: 100 })));
      clock.advance(10 * 60_000);
      const repeat = stored(await submit(token, alertBody({ id: 'order-7', price: 101 })));
      expect(repeat).toMatchObject({
        status: 'duplicate',
        duplicateOf: first.id,
        reason: `Repeat of signal ${first.id} (same alert id "order-7")`,
      });
      expect((await storedSignals(database)).map((row) => row.status)).toEqual(['accepted', 'duplicate']);
    });

    it('should quote a repeated alert id in the reason shortened, its unseen characters written as escapes', async () => {
      const { token } = await userWithWebhook();
      const id = `x\u202eid\u200b${'Z'.repeat(150)}`;
      const first = stored(await submit(token, alertBody({ id })));
      const repeat = stored(await submit(token, alertBody({ id, price: 101 })));
      expect(repeat.reason).toBe(`Repeat of signal ${first.id} (same alert id "x\\u202eid\\u200b${'Z'.repeat(33)}…)`);
    });

    it('should record an identical body within the window as a duplicate, and one after it as new', async () => {
      const { token } = await userWithWebhook();
      const first = stored(await submit(token, alertBody()));
      clock.advance(DUPLICATE_WINDOW_MS - 1);
      expect(stored(await submit(token, alertBody()))).toMatchObject({
        status: 'duplicate',
        duplicateOf: first.id,
        reason: `Repeat of signal ${first.id} (identical body within 60 seconds)`,
      });
      clock.advance(2);
      expect(stored(await submit(token, alertBody()))).toMatchObject({ status: 'accepted', duplicateOf: null });
    });

    it('should treat the same body from two users as two signals', async () => {
      const ada = await userWithWebhook();
      const grace = await userWithWebhook();
      const outcomes = await Promise.all([
        submit(ada.token, alertBody({ id: 'same' })),
        submit(grace.token, alertBody({ id: 'same' })),
      ]);
      expect(outcomes.map((outcome) => stored(outcome).status)).toEqual(['accepted', 'accepted']);
    });

    it('should recognise repeats within one batch: one original, the rest pointing at it', async () => {
      const { token } = await userWithWebhook();
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => submit(token, alertBody({ id: 'burst' }))));
      expect(log.batchSizes()).toEqual([10]);
      const signals = outcomes.map(stored);
      const originals = signals.filter((signal) => signal.status === 'accepted');
      expect(originals).toHaveLength(1);
      expect(
        signals
          .filter((signal) => signal.status === 'duplicate')
          .every((signal) => signal.duplicateOf === originals[0]!.id),
      ).toBe(true);

      const rows = await storedSignals(database);
      expect(rows).toHaveLength(10);
      expect(rows.filter((row) => row.status === 'accepted').map((row) => String(row.id))).toEqual([originals[0]!.id]);
    });

    it('should recognise a repeat of a rejected alert too', async () => {
      const { token } = await userWithWebhook();
      const first = stored(await submit(token, 'not json'));
      expect(stored(await submit(token, 'not json'))).toMatchObject({ status: 'duplicate', duplicateOf: first.id });
    });
  });

  describe('given many alerts at once', () => {
    it('should commit them in fewer transactions than alerts, and store every one it answered', async () => {
      const users = await Promise.all(Array.from({ length: 3 }, () => userWithWebhook()));
      const outcomes: Promise<IngestOutcome>[] = [];
      for (let wave = 0; wave < 10; wave += 1) {
        for (let index = 0; index < 20; index += 1) {
          outcomes.push(submit(users[index % 3]!.token, alertBody({ id: `${wave}-${index}` })));
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      const ids = (await Promise.all(outcomes)).map((outcome) => Number(stored(outcome).id));

      const batches = log.batchSizes();
      expect(batches.reduce((sum, size) => sum + size, 0)).toBe(200);
      expect(batches.length).toBeLessThan(200);
      const rows = await storedSignals(database);
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(rows.every((row) => row.status === 'accepted')).toBe(true);
    });
  });

  describe('given the database is down', () => {
    it('should fail every alert as storage unavailable and acknowledge nothing it did not store', async () => {
      const { token } = await userWithWebhook();
      const before = stored(await submit(token, alertBody({ id: 'before' })));
      const pending = Array.from({ length: 5 }, (_, index) => submit(token, alertBody({ id: `during-${index}` })));
      await database.close();
      const results = await Promise.allSettled(pending);

      const reopened = await openDatabase(testDatabase.config);
      try {
        const rows = await storedSignals(reopened);
        const acknowledged = results.flatMap((result) =>
          result.status === 'fulfilled' ? [stored(result.value).id] : [],
        );
        expect(rows.map((row) => String(row.id))).toEqual([before.id, ...acknowledged]);
        for (const result of results) {
          if (result.status === 'rejected') expect(isDatabaseUnavailable(result.reason)).toBe(true);
        }
        await expect(submit(token, alertBody({ id: 'after' }))).rejects.toSatisfy(isDatabaseUnavailable);
      } finally {
        await reopened.close();
      }
    });
  });

  if (dialect === 'sqlite') {
    describe('given one alert of a batch that the database refuses', () => {
      it('should store the others and fail only that one', async () => {
        const kept = await userWithWebhook();
        const orphan = await userWithWebhook();
        // A webhook whose user is gone (possible only with foreign keys off) makes its signal's insert fail.
        await sql`pragma foreign_keys = off`.execute(database.db);
        await database.db.deleteFrom('users').where('id', '=', orphan.userId).execute();
        await sql`pragma foreign_keys = on`.execute(database.db);

        const [first, refused, last] = await Promise.all([
          submit(kept.token, alertBody({ id: 1 })),
          submit(orphan.token, alertBody({ id: 2 })),
          submit(kept.token, alertBody({ id: 3 })),
        ]);
        expect(stored(first!).status).toBe('accepted');
        expect(refused!.kind).toBe('failed');
        expect(stored(last!).status).toBe('accepted');
        expect((await storedSignals(database)).map((row) => row.client_id)).toEqual(['1', '3']);
        expect(log.lines.some((line) => line.level === 'error')).toBe(true);
      });
    });
  }
});
