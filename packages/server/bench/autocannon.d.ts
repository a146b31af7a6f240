/** The part of autocannon 9's programmatic API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: (RequestData & {
      setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
    })[];
  }

  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
