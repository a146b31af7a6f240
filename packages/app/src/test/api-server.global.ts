import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../../server/src/test/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the real SignalDeck server the app's tests talk to. */
    apiOrigin: string;
  }
}

/**
 * Starts the real SignalDeck server once for the app's tests, as the server's own tests start it:
 * its sources (through tsx, so no build is needed), a fresh data directory, a port of its own.
 * Tests read its origin with `inject('apiOrigin')`.
 */
export default async function startApiServer(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'signaldeck-app-test-'));
  const server = startServerProcess({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Every test signs in from 127.0.0.1: lift the per-address limits these tests are not about.
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
    // Notification channels in these tests point at 127.0.0.1 (no DNS is needed, nothing is sent).
    NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1',
  });
  project.provide('apiOrigin', await server.listening);

  return async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
