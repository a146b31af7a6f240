import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LiveStream, type LiveStreamEvent, type LiveStreamEvents, type StreamStatus } from './live-stream';

const LiveStreamContext = createContext<LiveStream | null>(null);

interface LiveStreamProviderProps {
  token: string;
  onUnauthorized: () => void;
  children: ReactNode;
}

/** Opens one live stream for the signed-in user and shares it with every page of the shell. */
export function LiveStreamProvider({ token, onUnauthorized, children }: LiveStreamProviderProps) {
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  const [stream, setStream] = useState<LiveStream | null>(null);

  useEffect(() => {
    const next = new LiveStream({ getToken: () => token, onUnauthorized: () => onUnauthorizedRef.current() });
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

/** Whether the live stream is connected, for a "Live" / "Reconnecting" indicator. */
export function useStreamStatus(): StreamStatus {
  const stream = useContext(LiveStreamContext);
  return useSyncExternalStore(
    stream ? (cb) => stream.onStatus(cb) : noop,
    () => stream?.status ?? 'offline',
    () => 'offline',
  );
}
