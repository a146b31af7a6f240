/**
 * Work that runs beside the HTTP server (the market data ticker, token pruning...).
 *
 * Lifecycle: modules `add()` their services while the app is being built; `main.ts` calls `startAll()` once the
 * server listens; `stopAll()` runs from the app's onClose hook, so `app.close()` stops every service (in
 * reverse order) before the caller closes the database. Apps built for `inject()` tests start nothing unless
 * the test calls `startAll()` itself.
 */
/**
 * Pauses after a piece of background work that began at `startedAt` (performance.now()) so that, repeated, such
 * work takes at most `share` of the main thread's time: the requests that came in meanwhile go first.
 */
export function yieldShare(startedAt: number, share: number): Promise<void> {
  const pause = ((performance.now() - startedAt) * (1 - share)) / share;
  return new Promise((resolve) => setTimeout(resolve, pause));
}

export interface BackgroundService {
  readonly name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export class BackgroundServices {
  readonly #services: BackgroundService[] = [];
  readonly #running: BackgroundService[] = [];

  add(service: BackgroundService): void {
    this.#services.push(service);
  }

  /** Starts every service in the order added; if one fails, those already started are stopped again. */
  async startAll(): Promise<void> {
    for (const service of this.#services) {
      if (this.#running.includes(service)) continue;
      try {
        await service.start();
      } catch (error) {
        await this.stopAll();
        throw new Error(`Background service ${service.name} failed to start`, { cause: error });
      }
      this.#running.push(service);
    }
  }

  /** Stops the running services, last started first. A failure to stop one does not keep the others running. */
  async stopAll(): Promise<void> {
    const failures: unknown[] = [];
    while (this.#running.length > 0) {
      const service = this.#running.pop()!;
      try {
        await service.stop();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Some background services failed to stop');
  }
}
