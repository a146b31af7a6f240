/*
 * Load on the real server process: webhook posts and the two busiest reads (the signals list and candles) under
 * autocannon at the same time, with live stream clients connected throughout. Afterwards: no errors, every 2xx
 * webhook answer is one stored row, every stream client received each of its trader's signals once and in order,
 * and the server's resident memory (sampled every second) did not keep growing.
 */
import { createRequire } from 'node:module';
import type { Dialect } from '../../db/connection';
import { openDatabase } from '../../db/connection';
import { createTestDatabase } from '../../test/database';
import { EventStreamClient } from '../../test/event-stream';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { listAllSignals } from './api';
import { seedWebhookTraders } from './seed';
import { RunningServer } from './server';

/** The part of autocannon 9's programmatic API used here (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request; `context` belongs to the connection, and the connection sends one request at a time. */
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string | Buffer, context: Record<string, unknown>) => void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** A watched trader's webhook takes one post per this long at most: 100 a minute, under its limit of 120. */
const WATCHED_POST_INTERVAL_MS = 600;
/** How long stream clients may take to catch up once the load has stopped. */
const STREAM_CATCH_UP_MS = 15_000;

export interface LoadOptions {
  dialect: Dialect;
  seconds: number;
  webhookConnections: number;
  /** Connections for each of the two read endpoints. */
  readConnections: number;
  /** Traders signed in through the API whose signals the stream clients watch. */
  watchedTraders: number;
  streamClientsPerTrader: number;
  /** Further traders' webhook URLs the rest of the webhook load is spread over. */
  seededTraders: number;
  log?: (line: string) => void;
}

export interface EndpointFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Socket errors, timeouts and non-2xx answers. */
  errors: number;
  responses2xx: number;
  statusCodes: Record<string, number>;
}

export interface LoadReport {
  dialect: Dialect;
  seconds: number;
  webhook: EndpointFigures;
  signalsList: EndpointFigures;
  candles: EndpointFigures;
  /** Signal rows the load's posts left in the database. */
  storedRows: number;
  /** Posts answered 2xx: each one is stored, once, under the id its answer gave. */
  acknowledged: number;
  /**
   * Posts whose answer autocannon dropped when its time was up (at most one per connection), and how many of
   * them were stored all the same: every stored row is an acknowledged post or one of these.
   */
  cutOff: { posts: number; stored: number };
  streamClients: number;
  /** Signal events the stream clients received in all; each client got exactly its trader's signals, in order. */
  streamEventsReceived: number;
  /** Resident memory of the server process, MiB: before the load, at its end, the highest sample, every sample. */
  memory: { idleMiB: number; startMiB: number; endMiB: number; maxMiB: number; samplesMiB: number[] };
  /** Highest sample of the second half of the run minus the highest of the first half, MiB. */
  memoryGrowthMiB: number;
  /** The server's exit code after SIGTERM once the load was over. */
  shutdownExitCode: number | null;
  /** Warnings and errors the server logged during the run. */
  serverProblems: string[];
}

function figures(result: AutocannonResult, seconds: number): EndpointFigures {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return {
    requestsPerSecond: result['2xx'] / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    responses2xx: result['2xx'],
    statusCodes,
  };
}

const STRATEGY = 'Load proof';

const alertBody = (alertId: string, sequence: number) =>
  JSON.stringify({
    ticker: 'BINANCE:ETHUSDT',
    action: sequence % 2 === 0 ? 'buy' : 'sell',
    price: '3150.25',
    quantity: '0.5',
    interval: '5',
    strategy: STRATEGY,
    id: alertId,
  });

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  // Configured as in production (PUBLIC_URL set), so that any warning the server logs is a problem of the run.
  const testDatabase = await createTestDatabase(options.dialect, {
    RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
    // The candle reads come from a few accounts at full speed.
    RATE_LIMIT_CANDLES_PER_MINUTE: '1000000',
    PUBLIC_URL: 'https://signals.example.com',
  });
  const readers: EventStreamClient[] = [];
  let server: RunningServer | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const seededPaths = await seedWebhookTraders(testDatabase.config, options.seededTraders);
    server = await RunningServer.start(testDatabase.env);
    const running = server;
    const watched: SignedInTrader[] = [];
    for (let index = 0; index < options.watchedTraders; index += 1)
      watched.push(await signUpTrader(running.url, `Watched trader ${index}`));
    for (const trader of watched) {
      for (let client = 0; client < options.streamClientsPerTrader; client += 1)
        readers.push(await EventStreamClient.open(running.url, trader.authorization));
    }
    // Each waits for its stream's opening hint, and fails if the stream ended first.
    await Promise.all(readers.map((reader) => reader.opened()));
    log(`${seededPaths.length} seeded webhooks, ${watched.length} watched traders, ${readers.length} stream clients`);

    const idleMiB = running.rssMiB();
    const samplesMiB: number[] = [];
    sampler = setInterval(() => samplesMiB.push(running.rssMiB()), 1_000);

    // Watched traders' webhooks get a post whenever their pace allows one, the seeded ones take the rest in turn.
    const watchedPaths = watched.map((trader) => new URL(trader.webhookUrl).pathname);
    const nextWatchedPost = watchedPaths.map(() => 0);
    let seededTurn = 0;
    const nextWebhookPath = (): string => {
      const now = performance.now();
      const due = nextWatchedPost.findIndex((at) => at <= now);
      if (due !== -1) {
        nextWatchedPost[due] = now + WATCHED_POST_INTERVAL_MS;
        return watchedPaths[due]!;
      }
      seededTurn = (seededTurn + 1) % seededPaths.length;
      return seededPaths[seededTurn]!;
    };
    // Alert id -> the signal id of its 2xx answer (or the failing status); ids of posts built but never answered.
    let alertNumber = 0;
    const answers = new Map<string, { status: number; id?: string }>();
    const unanswered = new Set<string>();
    let readTurn = 0;
    const nextReader = () => watched[(readTurn += 1) % watched.length]!.authorization;
    const symbols = ['BTC', 'ETH', 'SOL'];
    const intervals = ['1m', '5m', '15m', '1h', '4h', '1d'];
    /** GETs of `path(turn)`, signed in as the watched traders in turn. */
    const readLoad = (path: (turn: number) => string) =>
      autocannon({
        url: running.url,
        connections: options.readConnections,
        duration: options.seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: path(readTurn), headers: { authorization: nextReader() } }),
          },
        ],
      });

    const [webhook, signalsList, candles] = await Promise.all([
      autocannon({
        url: running.url,
        connections: options.webhookConnections,
        duration: options.seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request, context) => {
              alertNumber += 1;
              const alertId = `load-${alertNumber}`;
              context.alertId = alertId;
              unanswered.add(alertId);
              return {
                ...request,
                path: nextWebhookPath(),
                headers: { 'content-type': 'text/plain; charset=utf-8' },
                body: alertBody(alertId, alertNumber),
              };
            },
            onResponse: (status, body, context) => {
              const alertId = context.alertId as string;
              unanswered.delete(alertId);
              answers.set(alertId, {
                status,
                id: status < 300 ? (JSON.parse(String(body)) as { id: string }).id : undefined,
              });
            },
          },
        ],
      }),
      readLoad(() => '/api/signals?limit=50'),
      readLoad((turn) => `/api/markets/${symbols[turn % 3]}/candles?interval=${intervals[turn % 6]}&limit=300`),
    ]);
    clearInterval(sampler);
    samplesMiB.push(running.rssMiB());

    // Each client must see exactly its trader's stored signals, oldest first (ids grow in commit order).
    let streamEventsReceived = 0;
    for (const [index, trader] of watched.entries()) {
      const stored = (await listAllSignals(running.url, trader.authorization)).map((signal) => signal.id).reverse();
      // The trader's own clients: they were opened trader by trader, streamClientsPerTrader each.
      const per = options.streamClientsPerTrader;
      for (const reader of readers.slice(index * per, (index + 1) * per)) {
        await reader.waitForSignals(stored.length, STREAM_CATCH_UP_MS);
        if (reader.signalIds.join() !== stored.join()) {
          throw new Error(
            `watched trader ${index}: the stream delivered ${reader.signalIds.length} signals ` +
              `[${reader.signalIds.slice(0, 10).join()}...], the list has ${stored.length} [${stored.slice(0, 10).join()}...]`,
          );
        }
        streamEventsReceived += reader.signalIds.length;
      }
    }
    // Graceful, so that every request in flight is answered before the rows are read; the server ends the streams.
    const shutdownExitCode = await running.stop();
    // Read after the shutdown, so that a shutdown that fails or runs out of time counts too.
    const serverProblems = running.process
      .stdout()
      .split('\n')
      .filter((line) => /"level":(40|50|60)/.test(line));
    const stored = await storedAlerts(testDatabase.config);
    const acknowledged = [...answers].filter(([, answer]) => answer.status < 300);
    for (const [alertId, answer] of acknowledged) {
      const ids = stored.get(alertId) ?? [];
      if (ids.length !== 1 || ids[0] !== answer.id)
        throw new Error(`acknowledged alert ${alertId} (signal ${answer.id}) is stored as [${ids.join()}]`);
    }
    let cutOffStored = 0;
    for (const [alertId, ids] of stored) {
      if (answers.has(alertId)) continue;
      if (!unanswered.has(alertId) || ids.length !== 1)
        throw new Error(`alert ${alertId} is stored as [${ids.join()}] without being acknowledged`);
      cutOffStored += 1;
    }

    const half = Math.ceil(samplesMiB.length / 2);
    const memoryGrowthMiB = Math.max(...samplesMiB.slice(half)) - Math.max(...samplesMiB.slice(0, half));
    return {
      dialect: options.dialect,
      seconds: options.seconds,
      webhook: figures(webhook, options.seconds),
      signalsList: figures(signalsList, options.seconds),
      candles: figures(candles, options.seconds),
      storedRows: [...stored.values()].reduce((sum, ids) => sum + ids.length, 0),
      acknowledged: acknowledged.length,
      cutOff: { posts: unanswered.size, stored: cutOffStored },
      streamClients: readers.length,
      streamEventsReceived,
      memory: {
        idleMiB,
        startMiB: samplesMiB[0]!,
        endMiB: samplesMiB[samplesMiB.length - 1]!,
        maxMiB: Math.max(...samplesMiB),
        samplesMiB,
      },
      memoryGrowthMiB,
      shutdownExitCode,
      serverProblems,
    };
  } finally {
    clearInterval(sampler);
    for (const reader of readers) reader.close();
    await server?.kill();
    await testDatabase.cleanup();
  }
}

/** The signal ids stored for each alert id the load posted. */
async function storedAlerts(config: Parameters<typeof openDatabase>[0]): Promise<Map<string, string[]>> {
  const database = await openDatabase(config);
  try {
    const rows = await database.db
      .selectFrom('signals')
      .select(['id', 'client_id'])
      .where('strategy', '=', STRATEGY)
      .execute();
    const stored = new Map<string, string[]>();
    for (const row of rows) stored.set(row.client_id!, [...(stored.get(row.client_id!) ?? []), String(row.id)]);
    return stored;
  } finally {
    await database.close();
  }
}
