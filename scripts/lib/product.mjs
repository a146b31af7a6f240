// The built product as the browser tests and the benchmarks run it: the real server on a free
// port with a fresh data directory, Debian's Chromium, and users registered through the API.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built server on a free port with a fresh data directory and waits until it is healthy. */
export async function startServer(env = {}) {
  if (!existsSync(SERVER_ENTRY)) throw new Error('The server is not built: run `pnpm build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signaldeck-run-'));
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
    dataDir,
    process: child,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
