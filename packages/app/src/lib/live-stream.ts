import type { StreamEventData } from '@signaldeck/server/api-types';
import { env } from '../config/env';
import { SseParser } from './sse';

/**
 * `connecting`: the first connection is being made. `live`: connected, and the server's heartbeat keeps
 * coming. `reconnecting`: the connection broke (or fell silent) and is being made again. `offline`: several
 * attempts in a row failed, or the browser says it has no network (attempts go on in the background).
 */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

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
  /** The stream answered 401 for `sentToken`, the token it was opened with. */
  onUnauthorized: (sentToken: string) => void;
  path?: string;
  /** Where the API lives; the app's configured origin by default. */
  baseUrl?: string;
}

const MAX_BACKOFF_MS = 15_000;
/**
 * The server sends a heartbeat every 2 s: this long without a byte means the connection is dead even
 * if no error says so (a frozen server, a dropped network). One missed beat is tolerated.
 */
export const SILENCE_LIMIT_MS = 4_500;
/** Failed attempts in a row after which the stream counts as offline rather than reconnecting. */
const OFFLINE_AFTER_ATTEMPTS = 2;

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
  #silence: ReturnType<typeof setTimeout> | null = null;
  #onOnline = () => {
    // The network is back: try now rather than at the end of a long backoff.
    if (this.#timer === null) return;
    clearTimeout(this.#timer);
    this.#timer = null;
    void this.#connect();
  };
  #onOffline = () => {
    if (this.#status !== 'live') this.#setStatus('offline');
  };

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
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.#onOnline);
      window.addEventListener('offline', this.#onOffline);
    }
    void this.#connect();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#clearSilence();
    this.#controller?.abort();
    this.#controller = null;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.#onOnline);
      window.removeEventListener('offline', this.#onOffline);
    }
    this.#setStatus('offline');
  }

  #clearSilence() {
    if (this.#silence) clearTimeout(this.#silence);
    this.#silence = null;
  }

  /** (Re)arms the silence watchdog: when it fires, the connection is given up and made again. */
  #heard(controller: AbortController) {
    this.#clearSilence();
    this.#silence = setTimeout(() => {
      this.#silence = null;
      if (this.#controller !== controller) return;
      this.#controller = null;
      controller.abort();
      this.#scheduleReconnect();
    }, SILENCE_LIMIT_MS);
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
    if (!this.#connectedBefore && this.#attempt === 0) this.#setStatus('connecting');
    try {
      const response = await fetch(`${this.#options.baseUrl ?? env.apiUrl}${this.#options.path ?? '/api/stream'}`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) {
        this.stop();
        this.#options.onUnauthorized(token);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      this.#setStatus('live');
      this.#attempt = 0;
      this.#heard(controller);
      if (this.#connectedBefore) this.#dispatch(RECONNECTED_EVENT, undefined);
      this.#connectedBefore = true;
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.#heard(controller);
        for (const message of parser.push(value)) this.#emit(message.event, message.data);
        this.#retryHint = parser.retry;
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (this.#controller !== controller) return;
    this.#controller = null;
    this.#clearSilence();
    this.#scheduleReconnect();
  }

  #scheduleReconnect() {
    const offline =
      this.#attempt >= OFFLINE_AFTER_ATTEMPTS || (typeof navigator !== 'undefined' && navigator.onLine === false);
    this.#setStatus(offline ? 'offline' : 'reconnecting');
    const base = Math.min(MAX_BACKOFF_MS, (this.#retryHint ?? 1000) * 2 ** this.#attempt);
    this.#attempt += 1;
    const delay = base / 2 + Math.random() * (base / 2);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#connect();
    }, delay);
  }
}
