import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/** Used where layout reports no size (server rendering, jsdom). */
export const FALLBACK_SIZE: ElementSize = { width: 640, height: 320 };

/** The element's size, measured before paint and followed with a ResizeObserver; null until measured. */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize | null {
  const [size, setSize] = useState<ElementSize | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) => {
      const next = {
        width: Math.round(width) || FALLBACK_SIZE.width,
        height: Math.round(height) || FALLBACK_SIZE.height,
      };
      setSize((current) => (current?.width === next.width && current.height === next.height ? current : next));
    };
    const rect = element.getBoundingClientRect();
    update(rect.width, rect.height);
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
