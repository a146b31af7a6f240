/*
 * PostgreSQL ingest's statements, without HTTP: SignalIngest on a fresh schema with 4,000 traders' webhooks,
 * batches of 25 alerts one after another, the batch's read and INSERT run as the server runs them (statements
 * prepared once per pooled connection, the read under a new name each time the signals' ids double) against the
 * same two parsed and planned each time (the reference), alternating rounds in one run. Prints the medians per alert: wall time, and PostgreSQL's CPU (its processes on this machine).
 *
 *   pnpm --filter @signaldeck/server exec tsx bench/ingest-statements.bench.ts [--json results.json]
 *     [--rounds 8] [--batches 300]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../src/db/connection';
import { readAlert, SignalIngest } from '../src/modules/signals/ingest';
import { hashWebhookToken } from '../src/modules/signals/webhook-secrets';
import { openTestDatabase } from '../src/test/database';
import { median } from './median';
import { postgresCpu, postgresCpuBetween } from './postgres-cpu';
import { seedWebhookTraders } from './seed-traders';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    rounds: { type: 'string', default: '8' },
    batches: { type: 'string', default: '300' },
  },
});
const ROUNDS = Number(options.rounds);
const BATCHES = Number(options.batches);
const BATCH_SIZE = 25;
const TRADERS = 4_000;

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const opened = await openTestDatabase('postgres');
const { db } = opened.database;

const tokens = await seedWebhookTraders(db, TRADERS);

let alertNumber = 0;
function nextAlert() {
  alertNumber += 1;
  return readAlert({
    tokenHash: hashWebhookToken(tokens[alertNumber % TRADERS]!),
    clientAddress: '127.0.0.1',
    receivedAt: Date.now(),
    raw: JSON.stringify({
      ticker: 'BINANCE:BTCUSDT',
      action: alertNumber % 2 === 0 ? 'buy' : 'sell',
      price: '65000.5',
      contracts: '0.01',
      id: `bench-${alertNumber}`,
    }),
  });
}

const variants: Record<'prepared' | 'planned each time', DatabaseHandle> = {
  prepared: opened.database,
  'planned each time': {
    ...opened.database,
    executePrepared: async (_name, query) => (await db.executeQuery(query)).rows as never,
  },
};
type Variant = keyof typeof variants;
const samples: Record<Variant, { wall: number[]; database: number[] }> = {
  prepared: { wall: [], database: [] },
  'planned each time': { wall: [], database: [] },
};

console.log(`ingest statements: ${ROUNDS} rounds of ${BATCHES} batches of ${BATCH_SIZE} alerts per variant...`);
for (let round = 0; round < ROUNDS; round++) {
  const order: Variant[] = round % 2 === 0 ? ['planned each time', 'prepared'] : ['prepared', 'planned each time'];
  for (const variant of order) {
    const ingest = new SignalIngest({
      database: variants[variant],
      dataDir: opened.config.dataDir,
      publish: () => {},
      log: silent,
    });
    const alerts = BATCHES * BATCH_SIZE;
    const cpuBefore = postgresCpu();
    const started = performance.now();
    for (let batch = 0; batch < BATCHES; batch++) {
      const outcomes = await Promise.all(Array.from({ length: BATCH_SIZE }, () => ingest.submit(nextAlert())));
      if (outcomes.some((outcome) => outcome.kind !== 'stored')) throw new Error('an alert was not stored');
    }
    const wall = performance.now() - started;
    samples[variant].wall.push((wall * 1000) / alerts);
    samples[variant].database.push(postgresCpuBetween(cpuBefore, postgresCpu()) / alerts);
    await ingest.close();
  }
}
await opened.cleanup();

const figures = Object.fromEntries(
  (Object.keys(samples) as Variant[]).map((variant) => [
    variant,
    {
      wallMicrosecondsPerAlert: median(samples[variant].wall),
      postgresCpuMicrosecondsPerAlert: median(samples[variant].database),
    },
  ]),
) as Record<Variant, { wallMicrosecondsPerAlert: number; postgresCpuMicrosecondsPerAlert: number }>;
console.log('variant            wall µs/alert  PostgreSQL CPU µs/alert');
for (const [variant, figure] of Object.entries(figures)) {
  console.log(
    `${variant.padEnd(17)}  ${figure.wallMicrosecondsPerAlert.toFixed(1).padStart(13)}  ${figure.postgresCpuMicrosecondsPerAlert.toFixed(1).padStart(23)}`,
  );
}
const ratio = (key: 'wallMicrosecondsPerAlert' | 'postgresCpuMicrosecondsPerAlert') =>
  figures.prepared[key] / figures['planned each time'][key];
console.log(
  `prepared / planned each time: wall ${ratio('wallMicrosecondsPerAlert').toFixed(2)}x, PostgreSQL CPU ${ratio('postgresCpuMicrosecondsPerAlert').toFixed(2)}x`,
);
if (options.json) {
  await writeFile(
    options.json,
    JSON.stringify(
      { ...figures, wallRatio: ratio('wallMicrosecondsPerAlert'), cpuRatio: ratio('postgresCpuMicrosecondsPerAlert') },
      null,
      2,
    ),
  );
}
