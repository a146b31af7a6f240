/**
 * A live-stream reader as the app runs it: `fetch` with the bearer header (EventSource cannot send one), the
 * body decoded as server-sent events. It keeps the ids of the `signal` events in the order they arrived.
 */
export class SignalStreamReader {
  /** Ids of the `signal` events, in arrival order. */
  readonly signalIds: string[] = [];
  /** How many events of any kind arrived (candles included). */
  eventCount = 0;
  /** Set when the server ends the stream or the connection drops. */
  ended = false;
  readonly done: Promise<void>;
  readonly #abort = new AbortController();
  #opened!: () => void;
  /** Resolves when the stream's opening `retry:` hint has arrived (from then on, events reach it) or it ended. */
  readonly opened = new Promise<void>((resolve) => (this.#opened = resolve));
  #changed: (() => void)[] = [];

  constructor(
    readonly baseUrl: string,
    readonly authorization: string,
  ) {
    this.done = this.#run().finally(() => {
      this.ended = true;
      this.#opened();
      this.#notify();
    });
  }

  close(): void {
    this.#abort.abort();
  }

  /** Waits until `count` signal events have arrived; rejects after `timeoutMs` or when the stream ends first. */
  async waitForSignals(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.signalIds.length < count) {
      if (this.ended) throw new Error(`the stream ended after ${this.signalIds.length} of ${count} signals`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${this.signalIds.length} of ${count} signals`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#changed.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  #notify(): void {
    for (const wake of this.#changed.splice(0)) wake();
  }

  async #run(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/stream`, {
      headers: { accept: 'text/event-stream', authorization: this.authorization },
      signal: this.#abort.signal,
    }).catch(() => undefined);
    if (!response?.ok || !response.body) return;
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const bytes of response.body) {
        pending += decoder.decode(bytes as Uint8Array, { stream: true });
        const blocks = pending.split('\n\n');
        pending = blocks.pop()!;
        for (const block of blocks) this.#take(block);
        this.#notify();
      }
    } catch {
      // Closed by us, or the connection dropped: the stream is over either way.
    }
  }

  #take(block: string): void {
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'retry') this.#opened();
      else if (field === 'event') name = value;
      else if (field === 'data') data += data === '' ? value : `\n${value}`;
    }
    if (data === '') return;
    this.eventCount += 1;
    if (name === 'signal') this.signalIds.push((JSON.parse(data) as { id: string }).id);
  }
}
