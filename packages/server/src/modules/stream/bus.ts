import type { BackgroundService } from '../../services';
import type { StreamEvent } from './events';

export type BusListener = (event: StreamEvent) => void;

/**
 * Carries stream events to every server instance sharing the database, this one included: each subscriber of
 * each instance receives each published event once. Local subscribers are called before `publish` resolves.
 * `start()` (after the server listens) begins receiving other instances' events; `stop()` ends that.
 */
export interface EventBus extends BackgroundService {
  /** Several events at once are sent together (on PostgreSQL in one statement), in order. */
  publish(event: StreamEvent | readonly StreamEvent[]): Promise<void>;
  subscribe(listener: BusListener): () => void;
}

/** One event or several, as a list. */
export const eventList = (events: StreamEvent | readonly StreamEvent[]): readonly StreamEvent[] =>
  Array.isArray(events) ? events : [events as StreamEvent];

/** Calls each listener, so that one throwing does not keep the event from the others. */
export function notifyListeners(
  listeners: Iterable<BusListener>,
  event: StreamEvent,
  onError: (error: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}

/** The bus of a single process (the embedded database allows only one): events go straight to the listeners. */
export class InProcessEventBus implements EventBus {
  readonly name = 'stream bus (in-process)';
  readonly #listeners = new Set<BusListener>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  async publish(events: StreamEvent | readonly StreamEvent[]): Promise<void> {
    for (const event of eventList(events)) notifyListeners(this.#listeners, event, this.onListenerError);
  }

  subscribe(listener: BusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {}

  stop(): void {}
}
