import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'signaldeck.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';

  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another SignalDeck server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop it or set DATA_DIR to another directory.',
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Claims `dataDir` for this process. The embedded database is single-process: a second server on the same
 * directory would share the SQLite file with no coordination, so it must refuse to start instead.
 *
 * The lock file is created atomically (`wx`) and holds our pid. A lock whose pid is no longer alive was left by a
 * crash and is taken over. Two servers starting at the same instant over a stale lock could both remove it; that
 * narrow race is accepted, as SQLite's own file locking still keeps their writes consistent.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE_NAME);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readOwner(file) === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner !== undefined && isAlive(owner)) throw new DataDirLockedError(owner, dataDir);
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not create the lock file ${file}: it keeps reappearing.`);
}
