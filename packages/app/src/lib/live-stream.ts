import type { StreamEventData } from '@signaldeck/server/api-types';
import { env } from '../config/env';
import { SseParser } from './sse';

export type StreamStatus = 'connecting' | 'live' | 'offline';

/**
 * Emitted (with no data) when the stream comes back after a break: events sent meanwhile were
 * missed, so views refetch what they show.
 */
export const RECONNECTED_EVENT = 'reconnected';

/** What a handler of each event receives: the server's events' data, and nothing for `reconnected`. */
export type LiveStreamEvents = StreamEventData & { [RECONNECTED_EVENT]: undefined };
export type LiveStreamEvent = keyof LiveStreamEvents;
type Handler = (data: unknown) => void;

interface LiveStreamOptions {
  getToken: () => string | null;
  onUnauthorized: () => void;
  path?: string;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * The live stream (`GET /api/stream`), read with fetch so the bearer header is sent (native
 * EventSource cannot send it). Reconnects with capped, jittered backoff; a 401 ends it and
 * clears auth like any other call.
 */
export class LiveStream {
  #options: LiveStreamOptions;
  #handlers = new Map<string, Set<Handler>>();
  #statusListeners = new Set<(status: StreamStatus) => void>();
  #status: StreamStatus = 'offline';
  #controller: AbortController | null = null;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #retryHint: number | undefined;
  #connectedBefore = false;

  constructor(options: LiveStreamOptions) {
    this.#options = options;
  }

  get status(): StreamStatus {
    return this.#status;
  }

  /**
   * Calls `handler` with the data of every `event`. The data is the server's JSON as it arrives, typed by the
   * server's contract for that event (as an HTTP answer is typed by its endpoint's).
   */
  on<Event extends LiveStreamEvent>(event: Event, handler: (data: LiveStreamEvents[Event]) => void): () => void {
    let set = this.#handlers.get(event);
    if (!set) this.#handlers.set(event, (set = new Set()));
    const untyped = handler as Handler;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  start(): void {
    if (this.#controller) return;
    this.#connect();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#controller?.abort();
    this.#controller = null;
    this.#setStatus('offline');
  }

  #setStatus(status: StreamStatus) {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#statusListeners) listener(status);
  }

  #dispatch(event: string, data: unknown) {
    for (const handler of this.#handlers.get(event) ?? []) handler(data);
  }

  #emit(event: string, raw: string) {
    if (!this.#handlers.get(event)?.size) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    this.#dispatch(event, data);
  }

  async #connect() {
    const token = this.#options.getToken();
    if (!token) return this.stop();
    const controller = new AbortController();
    this.#controller = controller;
    this.#setStatus('connecting');
    try {
      const response = await fetch(`${env.apiUrl}${this.#options.path ?? '/api/stream'}`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) {
        this.stop();
        this.#options.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      this.#setStatus('live');
      this.#attempt = 0;
      if (this.#connectedBefore) this.#dispatch(RECONNECTED_EVENT, undefined);
      this.#connectedBefore = true;
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const message of parser.push(value)) this.#emit(message.event, message.data);
        this.#retryHint = parser.retry;
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (this.#controller !== controller) return;
    this.#controller = null;
    this.#scheduleReconnect();
  }

  #scheduleReconnect() {
    this.#setStatus('connecting');
    const base = Math.min(MAX_BACKOFF_MS, (this.#retryHint ?? 1000) * 2 ** this.#attempt);
    this.#attempt += 1;
    const delay = base / 2 + Math.random() * (base / 2);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#connect();
    }, delay);
  }
}
