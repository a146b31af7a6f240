import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

const inBrowserEnvironment = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  if (inBrowserEnvironment) localStorage.clear();
});

if (inBrowserEnvironment && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no layout, so no ResizeObserver; the kit's charts (Overview's equity curve) observe their size.
if (inBrowserEnvironment && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// jsdom has no layout, so nothing to scroll; tests spy on the calls (a strategy just created is scrolled to).
if (inBrowserEnvironment && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
