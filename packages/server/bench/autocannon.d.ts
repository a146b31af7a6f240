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
    /** Stops after this many requests (instead of after `duration`). */
    amount?: number;
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

  /** The run: its result once done, and its events meanwhile ('response' after each answer read). */
  export interface Instance extends Promise<Result> {
    on(event: 'response', listener: () => void): Instance;
  }
  export default function autocannon(options: Options): Instance;
}
