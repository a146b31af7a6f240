/*
 * The load side shared by the ingest benchmarks (ingest.bench.ts, burst.bench.ts): the real server started in a
 * child process (ingest-server.ts), webhooks posted with autocannon, and the server's counts read back.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Instance } from 'autocannon';
import type { Dialect } from '../src/db/connection';
import { postgresCpu } from './postgres-cpu';

export interface Server {
  url: string;
  tokens: string[];
  child: ChildProcess;
}

export function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(fileURLToPath(new URL('ingest-server.ts', import.meta.url)), {
    env: { ...process.env, BENCH_WEBHOOKS: '4000', ...env, LOG_LEVEL: 'debug' },
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ ...(message as { url: string; tokens: string[] }), child }));
    child.once('exit', (code) => reject(new Error(`the benchmark server exited with code ${code} before listening`)));
  });
}

/** Sends `message` to the server and waits for its answer `reply`. */
export function ask(server: Server, message: unknown, reply: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (answer: unknown) => {
      if (answer !== reply) return;
      server.child.off('message', listener);
      resolve();
    };
    server.child.on('message', listener);
    server.child.send(message as object);
  });
}

export async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send('stop');
  await exited;
}

let alertNumber = 0;

/** A TradingView strategy alert as a trader's template renders it, with an id no other request has. */
function alertBody(): string {
  alertNumber += 1;
  return JSON.stringify({
    ticker: 'BINANCE:BTCUSDT',
    action: alertNumber % 2 === 0 ? 'buy' : 'sell',
    price: '65000.5',
    contracts: '0.01',
    position_size: '0.01',
    interval: '15',
    timenow: new Date().toISOString(),
    strategy: 'Benchmark breakout',
    id: `bench-${alertNumber}`,
  });
}

/**
 * Posts to the bare route or to the traders' webhooks in turn, `connections` at once, for `durationS` seconds or
 * `amount` requests.
 */
export function load(
  server: Server,
  target: 'bare' | 'webhook',
  run: { connections: number } & ({ durationS: number } | { amount: number }),
): Instance {
  let request = 0;
  return autocannon({
    url: server.url,
    connections: run.connections,
    ...('amount' in run ? { amount: run.amount } : { duration: run.durationS }),
    requests: [
      {
        method: 'POST',
        setupRequest: (base) => {
          request += 1;
          const path =
            target === 'bare' ? '/bench/bare' : `/api/webhooks/${server.tokens[request % server.tokens.length]!}`;
          return { ...base, path, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: alertBody() };
        },
      },
    ],
  });
}

/** PostgreSQL's processes' CPU so far (see postgres-cpu.ts); nothing on SQLite, which runs inside the server. */
export const databaseCpu = (dialect: Dialect) => (dialect === 'postgres' ? postgresCpu() : new Map<string, number>());

export interface ServerStats {
  rows: number;
  accepted: number;
  /** Accepted signals the paper executor has decided (their outcomes). */
  decided: number;
  cpuMicroseconds: number;
  batches: number;
  batchedRows: number;
  commitMs: number;
}

export const readStats = async (server: Server) =>
  (await (await fetch(`${server.url}/bench/stats`)).json()) as ServerStats;

/** The server's counts once the alerts still in flight when autocannon stopped have been committed and answered. */
export async function settledStats(server: Server): Promise<ServerStats> {
  let previous = await readStats(server);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await readStats(server);
    if (current.rows === previous.rows) return current;
    previous = current;
  }
}
