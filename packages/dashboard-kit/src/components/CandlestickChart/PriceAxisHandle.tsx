import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import * as styles from './CandlestickChart.css';
import { MAX_PRICE_STRETCH, MIN_PRICE_STRETCH } from './scales';

export interface PriceAxisHandleProps {
  /** 1: the scale fits the candles; above 1 it holds more prices (shorter candles), below 1 fewer. */
  stretch: number;
  onStretch: (stretch: number) => void;
  style: CSSProperties;
}

/** Pixels of drag that scale the price range by e (about 2.7×). */
const DRAG_PX_PER_E = 150;
const KEY_STEP = 1.1;

const clamp = (value: number) => Math.min(MAX_PRICE_STRETCH, Math.max(MIN_PRICE_STRETCH, value));

/**
 * The price axis as a control: drag it down to fit more prices (shorter candles), up for fewer (taller
 * ones), double-click to fit the candles again. Focused, it is a slider: Up and Down stretch and
 * squeeze, Enter fits again.
 */
export function PriceAxisHandle({ stretch, onStretch, style }: PriceAxisHandleProps) {
  const drag = useRef<{ y: number; stretch: number } | null>(null);
  const percent = Math.round(stretch * 100);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next =
      event.key === 'ArrowUp'
        ? stretch / KEY_STEP
        : event.key === 'ArrowDown'
          ? stretch * KEY_STEP
          : event.key === 'Enter'
            ? 1
            : event.key === 'Home'
              ? MIN_PRICE_STRETCH
              : event.key === 'End'
                ? MAX_PRICE_STRETCH
                : null;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onStretch(clamp(next));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    drag.current = { y: event.clientY, stretch };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    event.stopPropagation();
    onStretch(clamp(start.stretch * Math.exp((event.clientY - start.y) / DRAG_PX_PER_E)));
  };
  const stop = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Price scale"
      aria-orientation="vertical"
      aria-valuemin={Math.round(MIN_PRICE_STRETCH * 100)}
      aria-valuemax={Math.round(MAX_PRICE_STRETCH * 100)}
      aria-valuenow={percent}
      aria-valuetext={stretch === 1 ? 'Fitted to the candles' : `${percent}% of the fitted price range`}
      title="Drag to rescale prices; double-click to fit the candles"
      data-slot="price-axis-handle"
      className={styles.priceAxisHandle}
      style={style}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onDoubleClick={() => onStretch(1)}
    />
  );
}
