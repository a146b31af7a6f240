import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads an HTTP/1.1 response's body, chunked or not. */
function readBody(headers: Record<string, string>, rest: Buffer): string {
  if (!/chunked/i.test(headers['transfer-encoding'] ?? '')) return rest.toString('utf8');
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(rest.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Writes `request` (any bytes: a well-formed request or not) to a new connection and reads until the server
 * closes it. Resolves with the response, or `undefined` when the server closed the connection without one.
 * Send `Connection: close` in well-formed requests so the server ends the connection after answering.
 * `endInput` closes our side after the bytes: for broken requests, so the server does not wait for more (a
 * Node server may end a half-closed connection before a slow handler answers, so not for well-formed ones).
 */
export function rawRequest(
  baseUrl: string,
  request: Buffer | string,
  { endInput = false, timeoutMs = 10_000 } = {},
): Promise<RawResponse | undefined> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(
        new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.toString('latin1').slice(0, 80))}`),
      );
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const bytes = Buffer.concat(chunks);
      const headEnd = bytes.indexOf('\r\n\r\n');
      if (headEnd === -1) return resolve(undefined);
      const [statusLine, ...headerLines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: readBody(headers, bytes.subarray(headEnd + 4)),
      });
    });
    if (endInput) socket.end(request);
    else socket.write(request);
  });
}

/** A well-formed POST with `body` and the given header lines (raw bytes allowed), closing the connection after. */
export function rawPost(path: string, body: Buffer, headerLines: Buffer[] = []): Buffer {
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: ${body.length}\r\n`,
      'latin1',
    ),
    ...headerLines.flatMap((line) => [line, Buffer.from('\r\n')]),
    Buffer.from('\r\n'),
    body,
  ]);
}
