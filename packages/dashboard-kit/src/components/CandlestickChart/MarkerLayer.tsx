import { clsx } from 'clsx';
import { memo, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TimeZoneMode } from '../../time/time-zone';
import { MINUTE } from './aggregate';
import * as styles from './CandlestickChart.css';
import { formatCandleTime } from './format';
import type { MarkerLayout } from './markers';
import type { ChartMarker } from './types';

interface MarkerLayerProps {
  items: readonly MarkerLayout[];
  formatPrice: (value: number) => string;
  timeZone: TimeZoneMode;
  /** The marker shown as selected (`aria-current`), for example the signal a link opened the chart at. */
  selectedId: string | null;
  onMarkerClick: ((marker: ChartMarker) => void) | undefined;
}

type Glyph = 'entry-long' | 'entry-short' | 'exit';

export function glyphOf(marker: ChartMarker): Glyph {
  if (marker.kind === 'exit') return 'exit';
  return marker.side === 'buy' ? 'entry-long' : 'entry-short';
}

const GLYPH_NAMES: Record<Glyph, string> = {
  'entry-long': 'Entry long',
  'entry-short': 'Entry short',
  exit: 'Exit',
};

function accessibleName({ marker, hidden }: MarkerLayout): string {
  const side = marker.kind === 'exit' ? ` (${marker.side})` : '';
  const warning = marker.warning ? `, ${marker.warning}` : '';
  const more = hidden > 0 ? `, and ${hidden} more on this candle` : '';
  return `${GLYPH_NAMES[glyphOf(marker)]} signal${side}: ${marker.label}${warning}${more}`;
}

function details(marker: ChartMarker, formatPrice: (value: number) => string, timeZone: TimeZoneMode): string {
  const price = marker.price === undefined ? '' : `at ${formatPrice(marker.price)} · `;
  return `${price}${formatCandleTime(marker.time, MINUTE, timeZone)}`;
}

const sameItems = (a: readonly MarkerLayout[], b: readonly MarkerLayout[]) =>
  a.length === b.length &&
  a.every((item, i) => {
    const other = b[i] as MarkerLayout;
    return (
      item.marker === other.marker &&
      item.box.left === other.box.left &&
      item.box.top === other.box.top &&
      item.placement === other.placement &&
      item.offScale === other.offScale &&
      item.hidden === other.hidden &&
      item.countBox?.left === other.countBox?.left &&
      item.countBox?.top === other.countBox?.top
    );
  });

/**
 * Signal markers as buttons over the plot, in one toolbar: a single Tab stop, the arrow keys (and Home,
 * End) move between markers in time order. A click, Enter or Space reports the marker; hover and focus
 * show its tooltip. Re-renders only when a marker moves, not on every live tick.
 */
export const MarkerLayer = memo(
  function MarkerLayer({ items, formatPrice, timeZone, selectedId, onMarkerClick }: MarkerLayerProps) {
    const [activeId, setActiveId] = useState<string | null>(null);
    const [focusId, setFocusId] = useState<string | null>(null);
    const buttons = useRef(new Map<string, HTMLButtonElement>());
    const tooltipId = useId();
    if (items.length === 0) return null;
    const active = items.find((item) => item.marker.id === activeId);
    // The one Tab stop: the marker last focused, else the selected one, else the latest.
    const tabStop =
      items.find((item) => item.marker.id === focusId) ??
      items.find((item) => item.marker.id === selectedId) ??
      (items[items.length - 1] as MarkerLayout);

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const current = items.findIndex((item) => item.marker.id === tabStop.marker.id);
      let next: number;
      switch (event.key) {
        case 'ArrowLeft':
        case 'ArrowUp':
          next = Math.max(0, current - 1);
          break;
        case 'ArrowRight':
        case 'ArrowDown':
          next = Math.min(items.length - 1, current + 1);
          break;
        case 'Home':
          next = 0;
          break;
        case 'End':
          next = items.length - 1;
          break;
        default:
          return;
      }
      event.preventDefault();
      const id = (items[next] as MarkerLayout).marker.id;
      setFocusId(id);
      buttons.current.get(id)?.focus();
    };

    return (
      <div
        role="toolbar"
        aria-label="Signals on the chart"
        aria-orientation="horizontal"
        className={styles.overlay}
        data-slot="markers"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const { marker, box, placement, hidden, countBox, offScale } = item;
          const glyph = glyphOf(marker);
          const show = () => setActiveId(marker.id);
          const hide = () => setActiveId((current) => (current === marker.id ? null : current));
          return (
            <span key={marker.id}>
              <button
                ref={(node) => {
                  if (node) buttons.current.set(marker.id, node);
                  else buttons.current.delete(marker.id);
                }}
                type="button"
                tabIndex={marker.id === tabStop.marker.id ? 0 : -1}
                data-slot="marker"
                data-side={marker.side}
                data-glyph={glyph}
                data-placement={placement}
                data-warning={marker.warning ? 'true' : undefined}
                aria-current={marker.id === selectedId ? 'true' : undefined}
                className={styles.marker({ glyph })}
                style={{ left: box.left, top: box.top }}
                aria-label={accessibleName(item)}
                aria-describedby={activeId === marker.id ? tooltipId : undefined}
                onClick={() => onMarkerClick?.(marker)}
                onPointerEnter={show}
                onPointerLeave={hide}
                onFocus={() => {
                  show();
                  setFocusId(marker.id);
                }}
                onBlur={hide}
              >
                <span className={styles.markerGlyph({ glyph, placement })} />
                {marker.warning && (
                  <span className={styles.markerWarning} aria-hidden="true">
                    !
                  </span>
                )}
                {offScale && (
                  <span className={styles.markerOffScale} data-direction={offScale} aria-hidden="true">
                    {offScale === 'above' ? '↑' : '↓'}
                  </span>
                )}
              </button>
              {hidden > 0 && countBox && (
                <span
                  className={styles.markerCount}
                  data-slot="marker-count"
                  style={{ left: countBox.left, top: countBox.top, width: countBox.width, height: countBox.height }}
                  aria-hidden="true"
                >
                  +{hidden}
                </span>
              )}
            </span>
          );
        })}
        {active && (
          <div
            role="tooltip"
            id={tooltipId}
            data-placement={active.placement}
            className={clsx(styles.tooltip, styles.tooltipPlacement)}
            style={{
              left: active.box.left + active.box.width / 2,
              top: active.placement === 'below' ? active.box.top + active.box.height : active.box.top,
            }}
          >
            <div className={styles.tooltipTitle}>
              {GLYPH_NAMES[glyphOf(active.marker)]} · {active.marker.label}
            </div>
            <div>{details(active.marker, formatPrice, timeZone)}</div>
            {active.marker.warning && <div>{active.marker.warning}</div>}
          </div>
        )}
      </div>
    );
  },
  (previous, next) =>
    previous.formatPrice === next.formatPrice &&
    previous.timeZone === next.timeZone &&
    previous.selectedId === next.selectedId &&
    previous.onMarkerClick === next.onMarkerClick &&
    sameItems(previous.items, next.items),
);
