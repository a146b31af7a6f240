import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './db/data-dir-lock';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './test/database';
import { startServerProcess, type ServerProcess } from './test/server-process';

describe('the server process', () => {
  let testDatabase: TestDatabase;
  const processes: ServerProcess[] = [];

  const start = (env: Record<string, string> = {}) => {
    const server = startServerProcess({ ...testDatabase.env, ...env });
    processes.push(server);
    return server;
  };

  afterEach(async () => {
    for (const server of processes.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await testDatabase.cleanup();
  });

  describe.each(TEST_DIALECTS)('on %s', (dialect) => {
    it('should serve, then exit 0 on SIGTERM', async () => {
      testDatabase = await createTestDatabase(dialect);
      const server = start();
      const url = await server.listening;
      const response = await fetch(`${url}/api/health`);
      expect(await response.json()).toEqual({ status: 'ok' });

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.stdout()).toContain('shutting down');
      expect(server.stdout()).toMatch(
        /"level":40,[^\n]*"msg":"PUBLIC_URL is not set: webhook URLs are built from the Host header/,
      );
    });
  });

  it('should not warn about PUBLIC_URL when it is set', async () => {
    testDatabase = await createTestDatabase('sqlite');
    const server = start({ PUBLIC_URL: 'https://signals.example.com' });
    await server.listening;
    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.stdout()).not.toContain('PUBLIC_URL');
  });

  describe('given a client that connected and never sent a request', () => {
    it('should still exit 0 on SIGTERM, promptly', async () => {
      testDatabase = await createTestDatabase('sqlite');
      const server = start();
      const url = new URL(await server.listening);
      const silent = connect(Number(url.port), url.hostname);
      await new Promise((resolve) => silent.once('connect', resolve));
      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(2_500);
      silent.destroy();
    });
  });

  describe('given the embedded database', () => {
    it('should hold a lock on DATA_DIR while running and remove it on SIGINT', async () => {
      testDatabase = await createTestDatabase('sqlite');
      const server = start();
      await server.listening;
      const lockFile = path.join(testDatabase.config.dataDir, LOCK_FILE_NAME);
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.child.pid));

      server.child.kill('SIGINT');
      expect((await server.exited).code).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    });

    it('should refuse to start a second server on the same DATA_DIR', async () => {
      testDatabase = await createTestDatabase('sqlite');
      const first = start();
      await first.listening;

      const second = start();
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.stderr()).toContain(
        `Another SignalDeck server (pid ${first.child.pid}) is already using the data directory ${testDatabase.config.dataDir}. ` +
          'Stop it or set DATA_DIR to another directory.',
      );
      expect((await fetch(`${await first.listening}/api/health`)).status).toBe(200);
    });

    it('should start over a lock left by a server that was killed', async () => {
      testDatabase = await createTestDatabase('sqlite');
      const crashed = start();
      await crashed.listening;
      crashed.child.kill('SIGKILL');
      await crashed.exited;

      const next = start();
      expect((await fetch(`${await next.listening}/api/health`)).status).toBe(200);
    });
  });

  it('should exit 1 with the rule when a setting is invalid', async () => {
    testDatabase = await createTestDatabase('sqlite');
    const server = start({ PORT: 'abc' });
    expect((await server.exited).code).toBe(1);
    expect(server.stderr().trim()).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (0 picks a free port) (got "abc")',
    );
  });
});
