import type { ServerResponse } from 'node:http';

/** Stand-in API servers (a real socket, the server's answers written by hand) for what the real one cannot be made to do. */

/** Answers `res` with `body` as JSON, readable from any origin. */
export function answerJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
  res.end(JSON.stringify(body));
}

/** Opens a live stream on `res` that asks the client to reconnect after `retryMs`. */
export function openEventStream(res: ServerResponse, retryMs: number): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  res.write(`retry: ${retryMs}\n\n`);
}
