import { memo, useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { TimeZoneMode } from '../../time/time-zone';
import { MINUTE } from './aggregate';
import * as styles from './CandlestickChart.css';
import { tooltipTransform } from './tooltip-shift';
import { formatCandleTime } from './format';
import type { MarkerLayout } from './markers';
import { useRovingToolbar } from './roving';
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

/** Signals a "+N" count's tooltip names before it says how many more there are. */
const COUNT_TOOLTIP_LINES = 5;

const countName = (hidden: number) => `${hidden} more ${hidden === 1 ? 'signal' : 'signals'} on this candle`;

/** One Tab-stop target of the toolbar: a marker, or the "+N" count after the last marker of a candle side. */
interface Stop {
  key: string;
  item: MarkerLayout;
  count: boolean;
}

const stopsOf = (items: readonly MarkerLayout[]): Stop[] =>
  items.flatMap((item) => {
    const marker: Stop = { key: item.marker.id, item, count: false };
    return item.hidden > 0 && item.countBox ? [marker, { key: `${item.marker.id}:more`, item, count: true }] : [marker];
  });

/** The space between a marker and its tooltip (the kit's space 1). */
const TOOLTIP_GAP_PX = 4;

/** The tooltip of a marker (kind, label, price, time, warning) or of a count (the first signals it holds). */
function StopTooltip({
  id,
  stop: { item, count },
  formatPrice,
  timeZone,
  chartWidth,
  chartHeight,
}: {
  id: string;
  stop: Stop;
  formatPrice: (value: number) => string;
  timeZone: TimeZoneMode;
  /** The overlay's width: a marker near either side has its tooltip run away from that side, at its own width. */
  chartWidth: number;
  /** The overlay's height: a tooltip with no room on its marker's side opens on the other, if it fits there. */
  chartHeight: number;
}) {
  const box = count && item.countBox ? item.countBox : item.box;
  const x = box.left + box.width / 2;
  const tip = useRef<HTMLDivElement>(null);
  const [flipped, setFlipped] = useState(false);
  // Measured once drawn: a sell's tooltip above a marker near the plot's top was cut by the plot (a phone showed
  // only its last line); it opens below when that side has the room.
  useLayoutEffect(() => {
    const height = tip.current?.offsetHeight ?? 0;
    if (height === 0 || chartHeight === 0) return setFlipped(false);
    const roomAbove = box.top - TOOLTIP_GAP_PX;
    const roomBelow = chartHeight - (box.top + box.height) - TOOLTIP_GAP_PX;
    const [own, other] = item.placement === 'above' ? [roomAbove, roomBelow] : [roomBelow, roomAbove];
    setFlipped(own < height && other >= height);
  }, [box.top, box.height, item.placement, chartHeight]);
  const placement = flipped ? (item.placement === 'above' ? 'below' : 'above') : item.placement;
  return (
    <div
      ref={tip}
      role="tooltip"
      id={id}
      data-placement={placement}
      className={styles.tooltip}
      style={{
        left: x,
        top: placement === 'below' ? box.top + box.height : box.top,
        // Its own width, not what is left of the overlay right of `left` (a marker of the latest candle squeezed its
        // tooltip to a column of single words that ran out of the chart's foot).
        width: 'max-content',
        transform: tooltipTransform(x, chartWidth, box.width / 2, placement),
      }}
    >
      {count ? (
        <>
          <div className={styles.tooltipTitle}>{countName(item.hidden)}</div>
          {item.hiddenMarkers.slice(0, COUNT_TOOLTIP_LINES).map((marker) => (
            <div key={marker.id}>
              {marker.label} · {details(marker, formatPrice, timeZone)}
            </div>
          ))}
          {item.hidden > COUNT_TOOLTIP_LINES && <div>and {item.hidden - COUNT_TOOLTIP_LINES} more</div>}
        </>
      ) : (
        <>
          <div className={styles.tooltipTitle}>
            {GLYPH_NAMES[glyphOf(item.marker)]} · {item.marker.label}
          </div>
          <div>{details(item.marker, formatPrice, timeZone)}</div>
          {item.marker.warning && <div>{item.marker.warning}</div>}
        </>
      )}
    </div>
  );
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
      item.hiddenMarkers.every((hidden, j) => hidden === other.hiddenMarkers[j]) &&
      item.countBox?.left === other.countBox?.left &&
      item.countBox?.top === other.countBox?.top
    );
  });

/**
 * Signal markers as buttons over the plot, in one toolbar: a single Tab stop, the arrow keys (and Home,
 * End) move between markers in time order, and onto a busy candle side's "+N" count. A click, Enter or
 * Space reports the marker (on a count: the first signal it holds, whose neighbours in the list are the
 * rest); hover and focus show its tooltip, which for a count names the signals it holds (on a touch screen a first
 * tap shows it, a second reports the marker, as the trade flags do). Re-renders only when a marker moves, not on
 * every live tick.
 */
export const MarkerLayer = memo(
  function MarkerLayer({ items, formatPrice, timeZone, selectedId, onMarkerClick }: MarkerLayerProps) {
    const [activeId, setActiveId] = useState<string | null>(null);
    const tooltipId = useId();
    /**
     * A finger has no hover: the first tap on a marker shows its tooltip, a tap on the marker already shown reports
     * it. Set at each touch's pointerdown (before the focus it brings shows the tooltip): was its tooltip shown then?
     */
    const touch = useRef<{ key: string; shown: boolean } | null>(null);
    const toolbar = useRef<HTMLDivElement>(null);
    const stops = stopsOf(items);
    // The Tab stop without a focused or selected marker is the latest marker, not a count after it.
    const { tabStopId, onKeyDown, register, focused } = useRovingToolbar(
      stops.map((stop) => stop.key),
      selectedId ?? items.at(-1)?.marker.id ?? null,
    );
    if (items.length === 0) return null;
    const active = stops.find((stop) => stop.key === activeId);
    const pointable = (key: string, report: () => void) => ({
      onClick: () => {
        const tapped = touch.current;
        touch.current = null;
        if (tapped?.key === key && !tapped.shown) return setActiveId(key);
        report();
      },
      onPointerDown: (event: PointerEvent) => {
        touch.current = event.pointerType === 'touch' ? { key, shown: activeId === key } : null;
      },
      onPointerEnter: (event: PointerEvent) => event.pointerType !== 'touch' && setActiveId(key),
      onPointerLeave: (event: PointerEvent) =>
        event.pointerType !== 'touch' && setActiveId((current) => (current === key ? null : current)),
      onFocus: () => {
        setActiveId(key);
        focused(key);
      },
      onBlur: () => setActiveId((current) => (current === key ? null : current)),
    });

    return (
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Signals on the chart"
        aria-orientation="horizontal"
        className={styles.overlay}
        data-slot="markers"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const { marker, box, placement, hidden, hiddenMarkers, countBox, offScale } = item;
          const glyph = glyphOf(marker);
          const countKey = `${marker.id}:more`;
          return (
            <span key={marker.id}>
              <button
                ref={register(marker.id)}
                type="button"
                tabIndex={marker.id === tabStopId ? 0 : -1}
                data-slot="marker"
                data-marker-id={marker.id}
                data-side={marker.side}
                data-glyph={glyph}
                data-placement={placement}
                data-warning={marker.warning ? 'true' : undefined}
                aria-current={marker.id === selectedId ? 'true' : undefined}
                className={styles.marker({ glyph })}
                style={{ left: box.left, top: box.top }}
                aria-label={accessibleName(item)}
                aria-describedby={activeId === marker.id ? tooltipId : undefined}
                {...pointable(marker.id, () => onMarkerClick?.(marker))}
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
                <button
                  ref={register(countKey)}
                  type="button"
                  tabIndex={countKey === tabStopId ? 0 : -1}
                  className={styles.markerCount}
                  data-slot="marker-count"
                  data-marker-id={marker.id}
                  data-side={marker.side}
                  style={{ left: countBox.left, top: countBox.top, width: countBox.width, height: countBox.height }}
                  aria-label={countName(hidden)}
                  aria-describedby={activeId === countKey ? tooltipId : undefined}
                  {...pointable(countKey, () => onMarkerClick?.(hiddenMarkers[0] as ChartMarker))}
                >
                  +{hidden}
                </button>
              )}
            </span>
          );
        })}
        {active && (
          <StopTooltip
            id={tooltipId}
            stop={active}
            formatPrice={formatPrice}
            timeZone={timeZone}
            chartWidth={toolbar.current?.clientWidth ?? 0}
            chartHeight={toolbar.current?.clientHeight ?? 0}
          />
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
