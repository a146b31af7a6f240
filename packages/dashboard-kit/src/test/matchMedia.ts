type Listener = (event: MediaQueryListEvent) => void;

/**
 * Replaces `window.matchMedia` with one whose answers a test sets, and whose `change`
 * listeners fire when an answer changes (as when the OS switches colour scheme).
 * Call `restore()` after the test.
 */
export function mockMatchMedia(initial: Record<string, boolean>) {
  const answers = new Map(Object.entries(initial));
  const listeners = new Map<string, Set<Listener>>();
  const original = window.matchMedia;
  const listenersOf = (query: string) => {
    let set = listeners.get(query);
    if (!set) listeners.set(query, (set = new Set()));
    return set;
  };

  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return answers.get(query) ?? false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listenersOf(query).add(listener),
      removeEventListener: (_type: string, listener: Listener) => listenersOf(query).delete(listener),
      addListener: (listener: Listener) => listenersOf(query).add(listener),
      removeListener: (listener: Listener) => listenersOf(query).delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;

  return {
    set(query: string, matches: boolean) {
      answers.set(query, matches);
      for (const listener of listenersOf(query)) listener({ matches, media: query } as MediaQueryListEvent);
    },
    listenerCount: (query: string) => listenersOf(query).size,
    restore() {
      window.matchMedia = original;
    },
  };
}
