import { useRef, type RefObject } from 'react';
import { FALLBACK_SIZE, useElementSize } from './useElementSize';

export interface PlotSize<T extends HTMLElement> {
  /** Goes on the element whose size the plot takes. */
  ref: RefObject<T | null>;
  /** Whether the element has been measured: draw nothing at a guessed size before then. */
  measured: boolean;
  /** The measured size, or the fallback until it is known (a chart's layout is computed with it meanwhile). */
  width: number;
  height: number;
}

/** The size of a chart's plot area: its element, measured before paint and followed as it resizes. */
export function usePlotSize<T extends HTMLElement = HTMLDivElement>(): PlotSize<T> {
  const ref = useRef<T>(null);
  const size = useElementSize(ref);
  return {
    ref,
    measured: size !== null,
    width: size?.width ?? FALLBACK_SIZE.width,
    height: size?.height ?? FALLBACK_SIZE.height,
  };
}
