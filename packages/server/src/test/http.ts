import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body read as JSON. */
  json<T = Record<string, unknown>>(): T;
}

/**
 * One request over a real socket with exactly the headers given, a Host header among them if wanted (fetch sets
 * its own Host and content type). `body` is sent as is, with its Content-Length.
 */
export function httpCall(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method,
      headers: { ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: text,
          json: <T>() => JSON.parse(text) as T,
        }),
      );
    });
    request.end(body);
  });
}
