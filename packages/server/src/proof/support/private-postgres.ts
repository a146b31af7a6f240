import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** runuser lives in /usr/sbin, which a non-login shell's PATH may leave out. */
const RUNUSER = existsSync('/usr/sbin/runuser') ? '/usr/sbin/runuser' : 'runuser';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of our own (initdb + pg_ctl in a temporary directory, on a free port of
 * 127.0.0.1), for the proofs that stop PostgreSQL under running servers: the machine's shared server is never
 * touched. PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
export class PrivatePostgres {
  private constructor(
    private readonly binDir: string,
    readonly dir: string,
    readonly port: number,
    private readonly runAs: string | undefined,
  ) {}

  /** The directory of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else PATH. */
  static findBinDir(): string | undefined {
    if (process.env.PG_BIN) return process.env.PG_BIN;
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
    versions.sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      if (existsSync(path.join(root, version, 'bin', 'initdb'))) return path.join(root, version, 'bin');
    }
    try {
      return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim());
    } catch {
      return undefined;
    }
  }

  static async create(): Promise<PrivatePostgres> {
    const binDir = PrivatePostgres.findBinDir();
    if (!binDir) throw new Error('initdb was not found: install PostgreSQL (Debian: postgresql) or set PG_BIN');
    const runAs = process.getuid?.() === 0 ? 'postgres' : undefined;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'signaldeck-pg-'));
    if (runAs) {
      const id = (flag: string) => Number(execFileSync('id', [flag, runAs], { encoding: 'utf8' }));
      chownSync(dir, id('-u'), id('-g'));
    }
    const cluster = new PrivatePostgres(binDir, dir, await freePort(), runAs);
    await cluster.#run('initdb', ['-D', cluster.#dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  /** For servers: DATABASE_URL. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  get #dataDir(): string {
    return path.join(this.dir, 'data');
  }

  async #run(program: string, args: string[]): Promise<void> {
    const command = path.join(this.binDir, program);
    const [file, fileArgs] = this.runAs ? [RUNUSER, ['-u', this.runAs, '--', command, ...args]] : [command, args];
    await run(file, fileArgs, { cwd: this.dir });
  }

  /** Starts the cluster (again) on the same port and waits until it accepts connections. */
  async start(): Promise<void> {
    // fsync off: this cluster's own durability is not what the proofs are about, and it is thrown away.
    const options = `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off -c max_connections=60`;
    await this.#run('pg_ctl', ['-D', this.#dataDir, '-o', options, '-l', path.join(this.dir, 'log'), '-w', 'start']);
  }

  /** Fast shutdown: every session is ended at once, as when the database server goes away. */
  async stop(): Promise<void> {
    await this.#run('pg_ctl', ['-D', this.#dataDir, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops the cluster if it runs and removes its directory. */
  async destroy(): Promise<void> {
    try {
      await this.#run('pg_ctl', ['-D', this.#dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not running.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
