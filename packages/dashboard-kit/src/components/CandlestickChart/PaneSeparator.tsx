import { clsx } from 'clsx';
import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import * as styles from './CandlestickChart.css';

export interface PaneSeparatorProps {
  /** What it resizes: `Resize the volume pane`. */
  label: string;
  /** The size of the pane below it (its share in percent, or pixels). */
  value: number;
  min: number;
  max: number;
  /** How much an arrow key changes it. */
  step: number;
  valueText: string;
  /** The size the pane below gets when the separator is dragged to `clientY`. */
  valueAt: (clientY: number) => number;
  onChange: (value: number) => void;
  className?: string;
  style?: CSSProperties;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A horizontal splitter between two panes: drag it, or focus it and press the up and down arrows
 * (Home and End for the smallest and largest). Up grows the pane below it.
 */
export function PaneSeparator({
  label,
  value,
  min,
  max,
  step,
  valueText,
  valueAt,
  onChange,
  className,
  style,
}: PaneSeparatorProps) {
  const dragging = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowUp'
        ? value + step
        : event.key === 'ArrowDown'
          ? value - step
          : event.key === 'Home'
            ? min
            : event.key === 'End'
              ? max
              : null;
    if (next === null || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(clamp(next, min, max));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    event.stopPropagation();
    onChange(clamp(Math.round(valueAt(event.clientY)), min, max));
  };
  const stop = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  return (
    // A focusable separator with a value is the WAI-ARIA window splitter, an interactive widget; the lint
    // rules count every separator as static.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={valueText}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a splitter takes focus (see above)
      tabIndex={0}
      data-slot="pane-separator"
      className={clsx(styles.paneSeparator, className)}
      style={style}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
    />
  );
}
