import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the URL the server logged once it listens; rejects if it exits first. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerProcessOptions {
  /** info (the default) or a more detailed level: the URL is read from an info line, so nothing quieter. */
  logLevel?: 'info' | 'debug' | 'trace';
  /** A lower limit on open files for the process (`ulimit -n`), as on a host with the common 1,024. */
  openFileLimit?: number;
}

/**
 * Runs `src/main.ts` as its own process (with tsx) with `env` on top of a minimal environment.
 * LOG_LEVEL comes from `options` (info unless asked), never from `env`: the URL is read from the log line the
 * server writes once it listens.
 */
export function startServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}): ServerProcess {
  // tsx as a loader inside one node process (not the tsx CLI, which forks): the pid and signals are the server's.
  const command = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const [file, ...args] =
    options.openFileLimit === undefined
      ? command
      : ['/bin/sh', '-c', `ulimit -n ${options.openFileLimit} && exec "$@"`, 'sh', ...command];
  const child = spawn(file!, args, {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      ...env,
      LOG_LEVEL: options.logLevel ?? 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
      if (match) {
        child.stdout!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`server exited (code ${code}) before listening: ${stderr}`)));
  });
  listening.catch(() => {});

  return { child, stdout: () => stdout, stderr: () => stderr, listening, exited };
}

/** How many sockets the process `pid` holds open (Linux): its listening socket and the database's included. */
export function openSockets(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) count += 1;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return count;
}
