export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/**
 * A reader of `GET /api/stream` over a real socket, as the app reads it (fetch with the bearer header). It keeps
 * everything received: events (data parsed as JSON), comment lines, and the retry hint. Waiting for something
 * fails at once when the stream has ended without it.
 */
export class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  readonly comments: string[] = [];
  retry: number | undefined;
  /** Resolves when the server ends the stream (or the connection drops). */
  readonly ended: Promise<void>;
  /** Whether the stream has ended. */
  hasEnded = false;
  #buffer = '';
  #waiters: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.#read().finally(() => {
      this.hasEnded = true;
      this.#wake();
    });
  }

  static async open(baseUrl: string, authorization?: string): Promise<EventStreamClient> {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/stream`, {
      headers: { accept: 'text/event-stream', ...(authorization ? { authorization } : {}) },
      signal: controller.signal,
    });
    return new EventStreamClient(response, controller);
  }

  close(): void {
    this.controller.abort();
  }

  /** Waits until an event satisfying `match` has arrived (or was already there), and returns it. */
  async waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs = 5_000): Promise<ReceivedEvent> {
    return this.#until(() => this.events.find(match), timeoutMs, 'a matching event');
  }

  /** Waits until the stream's opening `retry:` hint has arrived: from then on, published events reach it. */
  async opened(timeoutMs = 5_000): Promise<number> {
    return this.#until(() => this.retry, timeoutMs, 'the retry hint');
  }

  /** The ids of the `signal` events, in the order they arrived. */
  get signalIds(): string[] {
    return this.events.filter((event) => event.event === 'signal').map((event) => (event.data as { id: string }).id);
  }

  /** Waits until `count` signal events have arrived. */
  async waitForSignals(count: number, timeoutMs = 5_000): Promise<string[]> {
    return this.#until(
      () => (this.signalIds.length >= count ? this.signalIds : undefined),
      timeoutMs,
      `${count} signals`,
    );
  }

  /** Waits until `count` comment lines have arrived. */
  async waitForComments(count: number, timeoutMs = 5_000): Promise<string[]> {
    return this.#until(
      () => (this.comments.length >= count ? this.comments : undefined),
      timeoutMs,
      `${count} comments`,
    );
  }

  async #until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const got = JSON.stringify(this.events.slice(-5));
      if (this.hasEnded) throw new Error(`the stream ended before ${what}; got ${got}`);
      if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}; got ${got}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  async #read(): Promise<void> {
    if (!this.response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.response.body) {
        this.#buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = this.#buffer.indexOf('\n\n')) !== -1) {
          this.#parse(this.#buffer.slice(0, end));
          this.#buffer = this.#buffer.slice(end + 2);
        }
        this.#wake();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream has ended.
    }
  }

  #parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice('event: '.length);
      else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
      else if (line.startsWith('retry: ')) this.retry = Number(line.slice('retry: '.length));
    }
    if (data.length > 0) this.events.push({ event, data: JSON.parse(data.join('\n')) });
  }
}
