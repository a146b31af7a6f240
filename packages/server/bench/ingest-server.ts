/*
 * The server side of the ingest benchmark (started by ingest.bench.ts, not on its own): the real app on the
 * configured database, listening on 127.0.0.1, plus two routes of the benchmark's own:
 * - POST /bench/bare: a bare Fastify route that reads the body as the receiver does and answers 202 without
 *   storing, the reference the webhook is
 *   compared with (same process, same plugins and hooks, same body parsing as Fastify does it);
 * - GET /bench/stats: how many signals are stored (how many of them accepted, and how many of those the paper
 *   executor has decided), in how many transactions, and the CPU time this process has used (all threads), to
 *   compare the routes' cost per request.
 * It seeds BENCH_WEBHOOKS users with a webhook each (the per-URL rate limit is 120 a minute, so the load is
 * spread over many traders' URLs, as real traffic is) and sends their tokens to the parent over IPC. With
 * BENCH_WEBHOOKS=0 it is a further instance on a database another one seeded: it seeds nothing and does not wait
 * for the market feed (which the first instance leads).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { seedDecidedHistory, seedWebhookTraders } from './seed-traders';

const config = loadConfig(process.env);
const webhookCount = Number(process.env.BENCH_WEBHOOKS ?? 4000);
const database = await openDatabase(config);

const tokens = await seedWebhookTraders(database.db, webhookCount);
// BENCH_HISTORY: signals already stored and decided, received over the past 30 days (none unless given).
if (webhookCount > 0) await seedDecidedHistory(database.db, Number(process.env.BENCH_HISTORY ?? 0), 30 * 86_400_000);

// Log lines go to this counter instead of a pipe: the cost of building them stays, the cost of the pipe's
// reader (another process on the same two cores) does not.
let batches = 0;
let batchedRows = 0;
let commitMs = 0;
let marketCaughtUp!: () => void;
const marketReady = new Promise<void>((resolve) => (marketCaughtUp = resolve));
const app = await buildApp({
  config,
  database,
  logger: {
    destination: {
      write(line) {
        if (line.includes('"msg":"market feed: caught up"')) marketCaughtUp();
        if (!line.includes('"msg":"signals committed"')) return;
        const batch = JSON.parse(line) as { size: number; milliseconds: number };
        batches += 1;
        batchedRows += batch.size;
        commitMs += batch.milliseconds;
      },
    },
  },
});

// Its body is read as the webhook receiver reads one (any content type, as raw bytes): the API's own routes take
// JSON only, and a text/plain body would be a 415 answered before it is read.
await app.register(async (bare) => {
  bare.removeAllContentTypeParsers();
  bare.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  bare.post('/bench/bare', async (_request, reply) => reply.code(202).send({ id: '0', status: 'accepted' }));
});
app.get('/bench/stats', async () => {
  const { rows, accepted } = await database.db
    .selectFrom('signals')
    .select((select) => [
      select.fn.countAll<number>().as('rows'),
      select.fn.count<number>('id').filterWhere('status', '=', 'accepted').as('accepted'),
    ])
    .executeTakeFirstOrThrow();
  const { decided } = await database.db
    .selectFrom('signal_outcomes')
    .select((select) => select.fn.countAll<number>().as('decided'))
    .executeTakeFirstOrThrow();
  const cpu = process.cpuUsage();
  return {
    rows: Number(rows),
    accepted: Number(accepted),
    decided: Number(decided),
    batches,
    batchedRows,
    commitMs,
    cpuMicroseconds: cpu.user + cpu.system,
  };
});

const url = await app.listen({ host: '127.0.0.1', port: 0 });
await app.services.startAll();
// A first start backfills days of simulated candles on this thread: measure after it, not during it.
const MARKET_WAIT_MS = 120_000;
if (webhookCount > 0) {
  await Promise.race([marketReady, new Promise((resolve) => setTimeout(resolve, MARKET_WAIT_MS).unref())]);
}
process.send!({ url, tokens });

// The parent's --profile: a CPU profile of this process's main thread around each measured run.
const inspector = new Session();
inspector.connect();

process.on('message', (message: 'stop' | { profile: 'start' } | { profile: 'stop'; file: string }) => {
  void (async () => {
    if (message === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    } else if (message.profile === 'start') {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
      process.send!('profiling');
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      await writeFile(message.file, JSON.stringify(profile));
      process.send!('profiled');
    }
  })();
});
