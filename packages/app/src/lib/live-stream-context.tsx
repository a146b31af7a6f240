import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LiveStream, type LiveStreamEvent, type LiveStreamEvents, type StreamStatus } from './live-stream';

const LiveStreamContext = createContext<LiveStream | null>(null);

interface LiveStreamProviderProps {
  token: string;
  /** The stream answered 401 for `sentToken` (this provider's token when it opened). */
  onUnauthorized: (sentToken: string) => void;
  children: ReactNode;
}

/** Opens one live stream for the signed-in user and shares it with every page of the shell. */
export function LiveStreamProvider({ token, onUnauthorized, children }: LiveStreamProviderProps) {
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  const [stream, setStream] = useState<LiveStream | null>(null);

  useEffect(() => {
    const next = new LiveStream({ getToken: () => token, onUnauthorized: (sent) => onUnauthorizedRef.current(sent) });
    setStream(next);
    next.start();
    return () => next.stop();
  }, [token]);

  return <LiveStreamContext.Provider value={stream}>{children}</LiveStreamContext.Provider>;
}

/** Calls `handler` with the parsed data of every `event` on the live stream. */
export function useStreamEvent<Event extends LiveStreamEvent>(
  event: Event,
  handler: (data: LiveStreamEvents[Event]) => void,
): void {
  const stream = useContext(LiveStreamContext);
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!stream) return;
    return stream.on(event, (data) => handlerRef.current(data));
  }, [stream, event]);
}

const noop = () => () => {};

/** Whether the live stream is connected. */
export function useStreamStatus(): StreamStatus {
  const stream = useContext(LiveStreamContext);
  return useSyncExternalStore(
    stream ? (cb) => stream.onStatus(cb) : noop,
    () => stream?.status ?? 'offline',
    () => 'offline',
  );
}

// The loads of the page on screen that failed: while one has, the page is not live whatever the stream says.
const failedLoads = new Set<symbol>();
const failedLoadListeners = new Set<() => void>();
function notifyFailedLoads() {
  for (const listener of failedLoadListeners) listener();
}
function subscribeFailedLoads(listener: () => void) {
  failedLoadListeners.add(listener);
  return () => failedLoadListeners.delete(listener);
}
const anyFailedLoad = () => failedLoads.size > 0;

/** Tells the connection indicator that a load the page shows has failed (`error` set) or recovered. */
export function useReportLoadError(error: unknown): void {
  const failed = error !== undefined && error !== null;
  useEffect(() => {
    if (!failed) return;
    const key = Symbol('failed load');
    failedLoads.add(key);
    notifyFailedLoads();
    return () => {
      failedLoads.delete(key);
      notifyFailedLoads();
    };
  }, [failed]);
}

/**
 * What the connection indicator says: the stream's state, except that a page whose data failed to load
 * is not "live" even while the stream is connected (its loads are retried: "reconnecting").
 */
export function useConnectionStatus(): StreamStatus {
  const status = useStreamStatus();
  const loadFailed = useSyncExternalStore(subscribeFailedLoads, anyFailedLoad, () => false);
  return status === 'live' && loadFailed ? 'reconnecting' : status;
}
