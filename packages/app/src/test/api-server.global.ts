import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the real SignalDeck server the app's tests talk to. */
    apiOrigin: string;
  }
}

/**
 * Starts the real SignalDeck server once for the app's tests: its sources (through tsx, so no build
 * is needed), a fresh data directory, a port of its own. Tests read its origin with `inject('apiOrigin')`.
 */
export default async function startApiServer(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signaldeck-app-test-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every test signs in from 127.0.0.1: lift the per-address limits these tests are not about.
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`The API server exited (code ${code}) before listening:\n${output}`)),
    );
  });
  child.stdout.removeAllListeners('data').resume();
  project.provide('apiOrigin', origin);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
