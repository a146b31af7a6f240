import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * The shared part of the HTTP stand-ins for external services (Discord, Slack, Telegram, a generic webhook
 * receiver): a real HTTP server on 127.0.0.1 and a free port that records every request and answers in the
 * service's own format, unless a test tells it to fail (a chosen status and body), to be slow (a delay before
 * answering) or to hang (never answer).
 */

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface CannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface Behaviour {
  /** Answer this instead of the service's own answer. */
  answer?: CannedAnswer;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the connection stays open until the client gives up or the stand-in closes). */
  hang?: boolean;
  /** Send the status line, headers and a first piece of the body, then never finish it. */
  stallBody?: boolean;
}

export type Responder = (request: RecordedRequest) => CannedAnswer;

export interface HttpStandIn {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** The behaviour for every following request (until changed); `{}` restores the normal answers. */
  behave(behaviour: Behaviour): void;
  /** The behaviour for the next request only (queued, first in first out), then the standing behaviour again. */
  behaveOnce(behaviour: Behaviour): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, answer: CannedAnswer): void {
  response.writeHead(answer.status, answer.headers ?? {});
  response.end(answer.body ?? '');
}

export async function startHttpStandIn(responder: Responder): Promise<HttpStandIn> {
  const requests: RecordedRequest[] = [];
  let standing: Behaviour = {};
  const once: Behaviour[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    const behaviour = once.shift() ?? standing;
    if (behaviour.hang) return;
    if (behaviour.stallBody) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"ok":');
      return;
    }
    const answer = behaviour.answer ?? responder(recorded);
    if (behaviour.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) send(response, answer);
      }, behaviour.delayMs);
      timers.add(timer);
    } else {
      send(response, answer);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    behave(behaviour) {
      standing = behaviour;
    },
    behaveOnce(behaviour) {
      once.push(behaviour);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): CannedAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});
