import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A trader's own HTTP endpoint on 127.0.0.1 for notification tests: it records every POST and answers what the
 * test sets (`status`, or `hang` until the client gives up). `close()` frees the port; `listen(port)` reopens it.
 */
export class TestReceiver {
  readonly received: Received[] = [];
  status = 204;
  hang = false;
  #server: Server | undefined;
  #port = 0;
  #waiters: (() => void)[] = [];

  async listen(port = 0): Promise<this> {
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        this.received.push({ path: request.url ?? '', headers: request.headers, body, at: Date.now() });
        for (const waiter of this.#waiters.splice(0)) waiter();
        if (this.hang) return;
        response.statusCode = this.status;
        response.end(this.status < 300 ? '' : 'no');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
    return this;
  }

  get port(): number {
    return this.#port;
  }

  url(path = '/hooks/signaldeck'): string {
    return `http://127.0.0.1:${this.#port}${path}`;
  }

  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} requests, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received.slice(0, count);
  }

  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
