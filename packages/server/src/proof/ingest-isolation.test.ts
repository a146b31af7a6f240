import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dialect } from '../db/connection';
import { createTestApp, manualClock, type TestApp } from '../test/app';
import { hostileText, objectText, PROPERTY_TIMEOUT_MS, runs } from './support/hostile';
import { signUpTrader, type SignedInTrader } from '../test/traders';
import { memoryDataDir } from './support/inject';

/*
 * One trader's alerts never hurt another's: a hostile trader posts arbitrary alerts to their own URL (ids and
 * text with NUL and lone surrogates, each posted again as a repeat) in the same batches as other traders' valid
 * alerts. Every valid alert of the others is answered 202 and stored exactly once, and nobody gets a 5xx.
 */
vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

/** Text the databases cannot store as sent, or could be tempted to compare differently from how they store it. */
const sneakyText = fc.oneof(
  hostileText,
  fc.constantFrom('p\ud800', 'p\u0000', '\udc00', '\u0000', 'a\ud800\udc00', '\uFFFD', 'p\uFFFD'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** What the hostile trader posts: alerts whose id and text fields are sneaky, as JSON or as anything else. */
const hostileBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ id: sneakyText, comment: sneakyText, strategy: sneakyText, ticker: sneakyText })
      .map((fields) => JSON.stringify({ action: 'buy', price: 1, ...fields })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(sneakyText, sneakyText)
      .map(([id, comment]) => `{"ticker":"BTC","action":"buy","id":"${id}","comment":"${comment}"}`),
  },
  { weight: 1, arbitrary: objectText(sneakyText) },
);

interface Case {
  hostile: string[];
  /** Which of the other traders posts each valid alert. */
  valid: number[];
  /** Interleaving: true takes the next hostile post, false the next valid one. */
  order: boolean[];
}

describe.each([
  { dialect: 'sqlite' as Dialect, count: 150 },
  { dialect: 'postgres' as Dialect, count: 60 },
])('alerts of several traders in the same batches on $dialect', ({ dialect, count }) => {
  let testApp: TestApp;
  let dataDir: string;
  let hostile: SignedInTrader;
  let others: SignedInTrader[];
  const batchSizes: number[] = [];
  const clock = manualClock(Date.now());
  let validAlerts = 0;

  beforeAll(async () => {
    dataDir = memoryDataDir();
    testApp = await createTestApp(
      dialect,
      { DATA_DIR: dataDir, LOG_LEVEL: 'debug', RATE_LIMIT_REGISTER_PER_MINUTE: '1000' },
      {
        clock,
        logger: {
          destination: {
            write(line: string) {
              const entry = JSON.parse(line) as { msg?: string; size?: number };
              if (entry.msg === 'signals committed') batchSizes.push(entry.size!);
            },
          },
        },
      },
    );
    hostile = await signUpTrader(testApp.app);
    others = await Promise.all([0, 1, 2].map(() => signUpTrader(testApp.app)));
  });

  afterAll(async () => {
    await testApp?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, payload: string) =>
    testApp.app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': 'text/plain' } });

  it("should answer every other trader's valid alert 202 and store it once, whatever the hostile one sends", async () => {
    const cases = fc.record<Case>({
      hostile: fc.array(hostileBody, { minLength: 1, maxLength: 8 }),
      valid: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 12 }),
      order: fc.array(fc.boolean(), { maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ hostile: bodies, valid, order }) => {
        // A fresh minute: the hostile trader stays under the URL's rate limit (120 a minute).
        clock.advance(61_000);
        // Each hostile body is stored once first, then repeated twice in the batch (the repeat lookups).
        for (const body of bodies) expect((await post(hostile.webhookPath, body)).statusCode).toBeLessThan(500);

        const hostilePosts = [...bodies, ...bodies];
        const validPosts = valid.map((trader) => ({ trader: others[trader]!, id: `valid-${(validAlerts += 1)}` }));
        const sent: Promise<{ valid?: (typeof validPosts)[number]; status: number; body: string }>[] = [];
        let nextHostile = 0;
        let nextValid = 0;
        for (const takeHostile of [...order, ...hostilePosts.map(() => true), ...validPosts.map(() => false)]) {
          if (takeHostile && nextHostile < hostilePosts.length) {
            const body = hostilePosts[nextHostile++]!;
            sent.push(
              post(hostile.webhookPath, body).then((answer) => ({ status: answer.statusCode, body: answer.body })),
            );
          } else if (!takeHostile && nextValid < validPosts.length) {
            const alert = validPosts[nextValid++]!;
            sent.push(
              post(alert.trader.webhookPath, JSON.stringify({ ticker: 'ETHUSD', action: 'sell', id: alert.id })).then(
                (answer) => ({ valid: alert, status: answer.statusCode, body: answer.body }),
              ),
            );
          }
        }
        const answers = await Promise.all(sent);

        for (const answer of answers) {
          expect(answer.status, answer.body).toBeLessThan(500);
          if (answer.valid) expect(answer.status, answer.body).toBe(202);
        }
        const rows = await testApp.database.db
          .selectFrom('signals')
          .select(['client_id', 'status'])
          .where(
            'client_id',
            'in',
            validPosts.map((alert) => alert.id),
          )
          .execute();
        expect(rows.map((row) => row.client_id).sort()).toEqual(validPosts.map((alert) => alert.id).sort());
        expect(rows.every((row) => row.status === 'accepted')).toBe(true);
      }),
      runs(count),
    );
    // The property is about shared batches: the alerts did meet in them.
    expect(Math.max(...batchSizes)).toBeGreaterThan(4);
  });
});
