import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}: install Debian's chromium or set CHROMIUM_PATH.`);
  }
  return candidate;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  stop: () => Promise<void>;
}

/** Starts the built SignalDeck server on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('The server is not built: run `pnpm build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signaldeck-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // One test user after another comes from 127.0.0.1: lift the per-IP limits the suites are not about.
      RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy in 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    process: child,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

export interface PageErrors {
  console: string[];
  page: string[];
}

/** A fresh context and page that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: PageErrors }> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: PageErrors = { console: [], page: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.console.push(msg.text());
  });
  page.on('pageerror', (err) => errors.page.push(err.message));
  return { context, page, errors };
}

let userCounter = 0;

/** Registers a user through the real API and returns its credentials and token. */
export async function registerUser(
  baseURL: string,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<{ name: string; email: string; password: string; token: string }> {
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
  const body = (await res.json()) as { token: string };
  return { name, email, password, token: body.token };
}

/** A browser context whose pages start signed in as `user` (auth restored from storage, as after a reload). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  user: { name: string; email: string; token: string },
  options: { viewport?: { width: number; height: number } } = {},
) {
  const opened = await openPage(browser, baseURL, options);
  await opened.context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('signaldeck.seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('signaldeck.seeded', '1');
      }
    },
    ['signaldeck.auth', JSON.stringify({ user: { id: 0, name: user.name, email: user.email }, token: user.token })] as const,
  );
  return opened;
}

/** Calls the API as `token` and returns the parsed JSON answer. */
export async function api<T>(baseURL: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    ...init,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
