import { spawn } from 'node:child_process';
import type { DatabaseHandle } from '../db/connection';

let users = 0;

/** A user row straight in the database, for tests of the services below the HTTP layer. */
export async function insertUser(database: DatabaseHandle, name = 'Trader'): Promise<number> {
  users += 1;
  const { id } = await database.db
    .insertInto('users')
    .values({
      name,
      email: `user${users}-${Date.now()}@example.com`,
      password_hash: 'not a hash',
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A TradingView-style alert body; `fields` override or add to the defaults. */
export function alertBody(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ ticker: 'BINANCE:BTCUSDT', action: 'buy', price: '65000.5', interval: '15', ...fields });
}

/** Every signal row of the database, oldest first. */
export function storedSignals(database: DatabaseHandle) {
  return database.db.selectFrom('signals').selectAll().orderBy('id').execute();
}

/**
 * Sends the POSTs all at once from a separate Node process over real sockets, as TradingView or a load tester
 * would: a client in the test's own process shares its event loop with the server, and SQLite's commits
 * (synchronous, fsync included) would hold that client back until each one is done. With `connections`, over at
 * most that many kept-alive connections, as a load tester does: thousands of connections opened in the same
 * instant on a loaded machine overflow the kernel's queue of connections waiting to be accepted, and some are reset.
 */
export function postFromAnotherProcess(
  requests: { url: string; body: string }[],
  { connections }: { connections?: number } = {},
): Promise<{ status: number; body: string }[]> {
  const client = `
    const http = require('node:http');
    let input = '';
    process.stdin.setEncoding('utf8').on('data', (chunk) => (input += chunk)).on('end', () => {
      const { requests, connections } = JSON.parse(input);
      const agent = connections ? new http.Agent({ keepAlive: true, maxSockets: connections }) : undefined;
      const sent = requests.map(({ url, body }) => new Promise((resolve, reject) => {
        const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } });
        request.on('error', reject).on('response', (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: response.statusCode, body: text }));
        });
        request.end(body);
      }));
      Promise.all(sent).then((answers) => { agent?.destroy(); process.stdout.write(JSON.stringify(answers)); }, (error) => { console.error(error); process.exit(1); });
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', client], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`client failed: ${stderr}`))));
    child.stdin.end(JSON.stringify({ requests, connections }));
  });
}
