/*
 * What the indexes of `signals` cost ingest, without HTTP: SignalIngest's batches of 25 alerts (the webhook's batch
 * under load) into two fresh databases of one kind side by side, one with the schema as it was before migration 0015
 * (every signal in every index) and one with the current schema, in alternating rounds. The same alerts go to both:
 * nine in ten carry an alert id, as the documented TradingView template does, and one in twenty is rejected (no
 * ticker). Prints medians per alert: wall time and this process's CPU (SQLite runs in it), PostgreSQL's CPU and the
 * WAL it wrote, and at the end the table's size with its indexes per signal.
 *
 *   pnpm --filter @signaldeck/server exec tsx bench/signal-indexes.bench.ts [--json results.json]
 *     [--databases sqlite,postgres] [--rounds 8] [--batches 200]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/connection';
import { migrations } from '../src/db/migrations';
import type { Database } from '../src/db/schema';
import { readAlert, SignalIngest } from '../src/modules/signals/ingest';
import { hashWebhookToken } from '../src/modules/signals/webhook-secrets';
import { createTestDatabase, type TestDatabase } from '../src/test/database';
import { median } from './median';
import { postgresCpu, postgresCpuBetween } from './postgres-cpu';
import { seedWebhookTraders } from './seed-traders';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    rounds: { type: 'string', default: '8' },
    batches: { type: 'string', default: '200' },
  },
});
const DIALECTS = options.databases.split(',') as Dialect[];
const ROUNDS = Number(options.rounds);
const BATCHES = Number(options.batches);
const BATCH_SIZE = 25;
const TRADERS = 500;

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const before0015 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0015'));

const SCHEMAS = ['before 0015', 'current'] as const;
type Schema = (typeof SCHEMAS)[number];

interface Opened {
  testDatabase: TestDatabase;
  handle: DatabaseHandle;
  tokens: string[];
}

async function open(dialect: Dialect, schema: Schema): Promise<Opened> {
  const testDatabase = await createTestDatabase(dialect);
  const handle = await openDatabase(testDatabase.config, schema === 'current' ? {} : { migrations: before0015 });
  return { testDatabase, handle, tokens: await seedWebhookTraders(handle.db, TRADERS) };
}

/** Alert `n` of the run, the same for both schemas (its trader by index, its body by number). */
function alertBody(n: number): string {
  const body: Record<string, string> = {
    ticker: n % 20 === 7 ? '' : 'BINANCE:BTCUSDT',
    action: n % 2 === 0 ? 'buy' : 'sell',
    price: '65000.5',
    contracts: '0.01',
    time: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  };
  if (n % 10 !== 3) body.id = `bench-${n}`;
  return JSON.stringify(body);
}

const postgresWal = async (db: Kysely<Database>) =>
  BigInt(
    (await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db)).rows[0]!.lsn.split('/')
      .map((part) => BigInt(`0x${part}`))
      .reduce((high, low) => (high << 32n) + low),
  );

async function tableBytes(dialect: Dialect, db: Kysely<Database>): Promise<number> {
  if (dialect === 'postgres') {
    return Number(
      (await sql<{ bytes: string }>`select pg_total_relation_size('signals') as bytes`.execute(db)).rows[0]!.bytes,
    );
  }
  // The database holds little else: every other table is a few pages, the same in both.
  const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count;
  const size = (await sql<{ page_size: number }>`pragma page_size`.execute(db)).rows[0]!.page_size;
  return pages * size;
}

type Figures = {
  wallMicrosecondsPerAlert: number;
  processCpuMicrosecondsPerAlert: number;
  postgresCpuMicrosecondsPerAlert?: number;
  walBytesPerAlert?: number;
  bytesPerSignal: number;
};
const results: Partial<Record<Dialect, Record<Schema, Figures> & { wallRatio: number }>> = {};

for (const dialect of DIALECTS) {
  const databases = { 'before 0015': await open(dialect, 'before 0015'), current: await open(dialect, 'current') };
  const samples = Object.fromEntries(
    SCHEMAS.map((schema) => [
      schema,
      { wall: [] as number[], cpu: [] as number[], database: [] as number[], wal: [] as number[] },
    ]),
  ) as Record<Schema, { wall: number[]; cpu: number[]; database: number[]; wal: number[] }>;
  const bytesAtStart = Object.fromEntries(
    await Promise.all(SCHEMAS.map(async (schema) => [schema, await tableBytes(dialect, databases[schema].handle.db)])),
  ) as Record<Schema, number>;

  console.log(
    `signal indexes on ${dialect}: ${ROUNDS} rounds of ${BATCHES} batches of ${BATCH_SIZE} alerts per schema...`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order: Schema[] = round % 2 === 0 ? ['before 0015', 'current'] : ['current', 'before 0015'];
    const first = round * BATCHES * BATCH_SIZE;
    for (const schema of order) {
      const { handle, testDatabase, tokens } = databases[schema];
      const ingest = new SignalIngest({
        database: handle,
        dataDir: testDatabase.config.dataDir,
        publish: () => {},
        log: silent,
      });
      const alerts = BATCHES * BATCH_SIZE;
      const postgresBefore = dialect === 'postgres' ? postgresCpu() : undefined;
      const walBefore = dialect === 'postgres' ? await postgresWal(handle.db) : 0n;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let batch = 0; batch < BATCHES; batch++) {
        const outcomes = await Promise.all(
          Array.from({ length: BATCH_SIZE }, (_, index) => {
            const n = first + batch * BATCH_SIZE + index;
            return ingest.submit(
              readAlert({
                tokenHash: hashWebhookToken(tokens[n % TRADERS]!),
                clientAddress: '127.0.0.1',
                receivedAt: Date.now(),
                raw: alertBody(n),
              }),
            );
          }),
        );
        if (outcomes.some((outcome) => outcome.kind !== 'stored')) throw new Error('an alert was not stored');
      }
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      samples[schema].wall.push((wall * 1000) / alerts);
      samples[schema].cpu.push((cpu.user + cpu.system) / alerts);
      if (postgresBefore) {
        samples[schema].database.push(postgresCpuBetween(postgresBefore, postgresCpu()) / alerts);
        samples[schema].wal.push(Number((await postgresWal(handle.db)) - walBefore) / alerts);
      }
      await ingest.close();
    }
  }

  const signals = ROUNDS * BATCHES * BATCH_SIZE;
  const figures = {} as Record<Schema, Figures>;
  for (const schema of SCHEMAS) {
    const { handle } = databases[schema];
    if (dialect === 'postgres') await sql`vacuum analyze signals`.execute(handle.db);
    figures[schema] = {
      wallMicrosecondsPerAlert: median(samples[schema].wall),
      processCpuMicrosecondsPerAlert: median(samples[schema].cpu),
      ...(dialect === 'postgres' && {
        postgresCpuMicrosecondsPerAlert: median(samples[schema].database),
        walBytesPerAlert: median(samples[schema].wal),
      }),
      bytesPerSignal: ((await tableBytes(dialect, handle.db)) - bytesAtStart[schema]) / signals,
    };
    await handle.close();
    await databases[schema].testDatabase.cleanup();
  }

  const cell = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1)).padStart(12);
  console.log('schema        wall µs/alert  CPU µs/alert  PG CPU µs/alert  WAL B/alert  bytes/signal');
  for (const schema of SCHEMAS) {
    const figure = figures[schema];
    console.log(
      `${schema.padEnd(12)}  ${cell(figure.wallMicrosecondsPerAlert)}  ${cell(figure.processCpuMicrosecondsPerAlert)}  ${cell(
        figure.postgresCpuMicrosecondsPerAlert,
      ).padStart(15)}  ${cell(figure.walBytesPerAlert).padStart(11)}  ${cell(figure.bytesPerSignal).padStart(12)}`,
    );
  }
  const wallRatio = figures.current.wallMicrosecondsPerAlert / figures['before 0015'].wallMicrosecondsPerAlert;
  console.log(`${dialect}: current / before 0015, wall ${wallRatio.toFixed(2)}x\n`);
  results[dialect] = { ...figures, wallRatio };
}

if (options.json) await writeFile(options.json, JSON.stringify(results, null, 2));
