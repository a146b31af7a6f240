import { assignInlineVars } from '@vanilla-extract/dynamic';
import { clsx } from 'clsx';
import { memo, useId, useState } from 'react';
import { MINUTE } from './aggregate';
import * as styles from './CandlestickChart.css';
import { formatCandleTime } from './format';
import type { MarkerPlacement } from './markers';
import type { ChartMarker } from './types';

export interface PositionedMarker extends MarkerPlacement {
  /** Centre of the candle and the price the marker hangs from, in plot pixels. */
  x: number;
  y: number;
}

interface MarkerLayerProps {
  items: readonly PositionedMarker[];
  formatPrice: (value: number) => string;
  onMarkerClick: ((marker: ChartMarker) => void) | undefined;
}

const SIDE_NAMES = { buy: 'Buy', sell: 'Sell' } as const;

function accessibleName({ marker, hidden }: PositionedMarker): string {
  const more = hidden > 0 ? `, and ${hidden} more on this candle` : '';
  return `${SIDE_NAMES[marker.side]} signal: ${marker.label}${more}`;
}

function details(marker: ChartMarker, formatPrice: (value: number) => string): string {
  const price = marker.price === undefined ? '' : `at ${formatPrice(marker.price)} · `;
  return `${price}${formatCandleTime(marker.time, MINUTE)}`;
}

const sameItems = (a: readonly PositionedMarker[], b: readonly PositionedMarker[]) =>
  a.length === b.length &&
  a.every((item, i) => {
    const other = b[i] as PositionedMarker;
    return (
      item.marker === other.marker &&
      item.x === other.x &&
      item.y === other.y &&
      item.stack === other.stack &&
      item.hidden === other.hidden
    );
  });

/**
 * Signal markers as buttons over the plot: a click (or Enter/Space) reports the marker, hover and
 * focus show its tooltip. Re-renders only when a marker moves, not on every live tick.
 */
export const MarkerLayer = memo(
  function MarkerLayer({ items, formatPrice, onMarkerClick }: MarkerLayerProps) {
    const [activeId, setActiveId] = useState<string | null>(null);
    const tooltipId = useId();
    const active = items.find((item) => item.marker.id === activeId);
    if (items.length === 0) return null;
    return (
      <div className={styles.overlay} data-slot="markers">
        {items.map((item) => {
          const { marker, x, y, stack, hidden } = item;
          const show = () => setActiveId(marker.id);
          const hide = () => setActiveId((current) => (current === marker.id ? null : current));
          return (
            <button
              key={marker.id}
              type="button"
              data-slot="marker"
              data-side={marker.side}
              className={styles.marker({ side: marker.side })}
              style={{ left: x, top: y, ...assignInlineVars({ [styles.markerStack]: String(stack) }) }}
              aria-label={accessibleName(item)}
              aria-describedby={activeId === marker.id ? tooltipId : undefined}
              onClick={() => onMarkerClick?.(marker)}
              onPointerEnter={show}
              onPointerLeave={hide}
              onFocus={show}
              onBlur={hide}
            >
              <span className={styles.markerGlyph({ side: marker.side })} />
              {hidden > 0 && (
                <span className={styles.markerCount} aria-hidden="true">
                  +{hidden}
                </span>
              )}
            </button>
          );
        })}
        {active && (
          <div
            role="tooltip"
            id={tooltipId}
            data-side={active.marker.side}
            className={clsx(styles.tooltip, styles.tooltipPlacement)}
            style={{
              left: active.x,
              top: active.y,
              ...assignInlineVars({ [styles.markerStack]: String(active.stack) }),
            }}
          >
            <div className={styles.tooltipTitle}>
              {SIDE_NAMES[active.marker.side]} · {active.marker.label}
            </div>
            <div>{details(active.marker, formatPrice)}</div>
          </div>
        )}
      </div>
    );
  },
  (previous, next) =>
    previous.formatPrice === next.formatPrice &&
    previous.onMarkerClick === next.onMarkerClick &&
    sameItems(previous.items, next.items),
);
