import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

describe('acquireDataDirLock', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'signaldeck-lock-')), 'data');
  });

  afterEach(() => {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('should create the data directory and a lock file holding our pid', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(lock.file).toBe(path.join(dataDir, LOCK_FILE_NAME));
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  describe('given the directory is locked by a live process', () => {
    it('should refuse with a message naming the pid and the directory', () => {
      const lock = acquireDataDirLock(dataDir);
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        `Another SignalDeck server (pid ${process.pid}) is already using the data directory ${dataDir}. Stop it or set DATA_DIR to another directory.`,
      );
      lock.release();
    });
  });

  describe('given a lock left by a process that died', () => {
    it('should take the lock over', () => {
      acquireDataDirLock(dataDir);
      const file = path.join(dataDir, LOCK_FILE_NAME);
      writeFileSync(file, `${deadPid()}\n`);
      const lock = acquireDataDirLock(dataDir);
      expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    });
  });

  describe('after release', () => {
    it('should remove the lock file and let the directory be locked again', () => {
      const lock = acquireDataDirLock(dataDir);
      lock.release();
      lock.release();
      expect(existsSync(lock.file)).toBe(false);
      acquireDataDirLock(dataDir).release();
    });

    it('should leave alone a lock file that another process has taken since', () => {
      const lock = acquireDataDirLock(dataDir);
      writeFileSync(lock.file, '1\n');
      lock.release();
      expect(readFileSync(lock.file, 'utf8')).toBe('1\n');
    });
  });
});
