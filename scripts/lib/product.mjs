// The built product as the browser tests and the benchmarks run it: the real server on a free
// port with a fresh data directory, Debian's Chromium, and users registered through the API.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'packages/server/dist/main.js');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}: install Debian's chromium or set CHROMIUM_PATH.`);
  }
  return candidate;
}

export function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server on a free port with a fresh data directory and waits until it is healthy.
 * `restart()` stops it and starts it again on the same port and data, as after a deploy.
 */
export async function startServer(env = {}) {
  if (!existsSync(SERVER_ENTRY)) throw new Error('The server is not built: run `pnpm build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signaldeck-run-'));
  const running = await spawnServer(port, dataDir, env);
  return {
    url: running.url,
    dataDir,
    get process() {
      return running.process;
    },
    restart: async () => {
      await running.halt();
      Object.assign(running, await spawnServer(port, dataDir, env));
    },
    halt: () => running.halt(),
    logs: () => running.logs(),
    stop: async () => {
      await running.halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function spawnServer(port, dataDir, env) {
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // One test user after another comes from 127.0.0.1: lift the per-IP limits these runs are not about.
      RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy in 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    process: child,
    logs: () => output,
    halt: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

const requireFromServer = createRequire(path.join(ROOT, 'packages/server/package.json'));

/**
 * Stores `count` signals for the user with `email` straight into the running server's SQLite file, in one
 * transaction (the same columns the webhook fills; a second's work for 100,000, where posting them would take
 * minutes and hit the per-URL rate limit). Newest first in the list is the highest id, so row `i` (0 = newest)
 * gets received_at `now - i * spacingMs`; prices stay within 1% of `prices` (per ticker), `make(i)` overrides
 * any field. Returns the ids in list order (newest first).
 */
export function seedSignals(dataDir, email, count, { now = Date.now(), spacingMs = 1_000, make, prices: around } = {}) {
  // The driver build this Node runs: the same choice as packages/server/src/db/sqlite-driver.ts.
  const Database = requireFromServer(
    Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
  );
  const db = new Database(path.join(dataDir, 'signaldeck.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const user = db.prepare('select id from users where email = ?').get(email);
    if (!user) throw new Error(`no user ${email}`);
    const insert = db.prepare(
      `insert into signals (user_id, ticker, action, price, quantity, position_size, interval, alert_time, received_at,
        strategy, comment, client_id, body_hash, status, reason, duplicate_of, raw)
       values (@user_id, @ticker, @action, @price, @quantity, null, @interval, @alert_time, @received_at,
        @strategy, @comment, null, @body_hash, @status, @reason, null, @raw)`,
    );
    const tickers = ['BTC', 'ETH', 'SOL'];
    const prices = { BTC: 84_000, ETH: 3_100, SOL: 150, ...around };
    const actions = ['buy', 'sell', 'long', 'short', 'exit'];
    const ids = [];
    db.transaction(() => {
      // Oldest first, so the newest gets the highest id.
      for (let i = count - 1; i >= 0; i--) {
        const ticker = tickers[i % 3];
        const fields = {
          ticker,
          action: actions[i % actions.length],
          price: Math.round(prices[ticker] * (1 + ((i % 17) - 8) / 1000) * 100) / 100,
          quantity: i % 4 === 0 ? null : (i % 7) + 0.5,
          interval: ['1m', '15m', '1h', '4h'][i % 4],
          strategy: `Seeded strategy ${i % 12}`,
          comment: null,
          status: 'accepted',
          reason: null,
          ...(make ? make(i) : {}),
        };
        const receivedAt = now - i * spacingMs;
        const raw = JSON.stringify({ ticker: fields.ticker, action: fields.action, price: fields.price, seq: i });
        const result = insert.run({
          user_id: user.id,
          alert_time: receivedAt - 150,
          received_at: receivedAt,
          body_hash: createHash('sha256').update(raw).digest('hex'),
          raw,
          ...fields,
        });
        ids.push(String(result.lastInsertRowid));
      }
    })();
    return ids.reverse();
  } finally {
    db.close();
  }
}

let userCounter = 0;

/** Registers a user through the real API and returns its credentials and token. */
export async function registerUser(baseURL, overrides = {}) {
  userCounter += 1;
  const name = overrides.name ?? 'Ada Lovelace';
  const email = overrides.email ?? `trader${Date.now()}${userCounter}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name, email, password, password_confirmation: password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { name, email, password, token: body.token };
}
