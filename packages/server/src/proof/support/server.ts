import { readFileSync } from 'node:fs';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from '../../test/server-process';

/** A running SignalDeck server process (`node --import tsx src/main.ts`) and the ways the proofs end one. */
export class RunningServer {
  private constructor(
    readonly process: ServerProcess,
    readonly url: string,
  ) {}

  /** Starts a server with `env` and resolves once it listens. */
  static async start(env: Record<string, string>, options: ServerProcessOptions = {}): Promise<RunningServer> {
    const server = startServerProcess(env, options);
    try {
      return new RunningServer(server, await server.listening);
    } catch (error) {
      server.child.kill('SIGKILL');
      throw error;
    }
  }

  get pid(): number {
    return this.process.child.pid!;
  }

  get running(): boolean {
    return this.process.child.exitCode === null && this.process.child.signalCode === null;
  }

  /** The process's resident memory in MiB, from /proc (Linux). */
  rssMiB(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
    return kib / 1024;
  }

  /** SIGKILL: the process gets no chance to flush, close or release anything. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.process.child.kill('SIGKILL');
    await this.process.exited;
  }

  /** SIGTERM, the graceful shutdown; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (!this.running) return this.process.child.exitCode;
    this.process.child.kill('SIGTERM');
    return (await this.process.exited).code;
  }
}
