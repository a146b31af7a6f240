import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import type { TimeZoneMode } from '../../time/time-zone';
import { MINUTE } from './aggregate';
import * as styles from './CandlestickChart.css';
import { formatCandleTime } from './format';
import { useRovingToolbar } from './roving';
import { tooltipTransform } from './tooltip-shift';
import { defaultTradeText, TRADE_PIN_PX, type TradeLayout } from './trades';
import type { TradeMarker } from './types';

interface TradeLayerProps {
  items: readonly TradeLayout[];
  formatPrice: (value: number) => string;
  timeZone: TimeZoneMode;
  onTradeClick: ((trade: TradeMarker) => void) | undefined;
}

function accessibleName({ trade, text, offScale }: TradeLayout, formatPrice: (value: number) => string): string {
  const kind = defaultTradeText(trade);
  const named = text === kind ? kind : `${kind}: ${text}`;
  const off = offScale ? `, ${offScale} the price scale` : '';
  const source = trade.source ? `, ${trade.source}` : '';
  return `${named} at ${formatPrice(trade.price)}${off}${source}`;
}

/**
 * Room a tooltip takes above its pin: about 80px for one fill's three lines, and 45px more for each further fill on
 * the pin (two lines each). A pin with less room above has its tooltip below, unless there is even less room there.
 */
const TOOLTIP_ROOM_PX = 80;
const TOOLTIP_ROOM_PER_FILL_PX = 45;
function tooltipBelow({ y }: TradeLayout, fills: number, plotHeight: number): boolean {
  const room = TOOLTIP_ROOM_PX + (fills - 1) * TOOLTIP_ROOM_PER_FILL_PX;
  return y < room && (plotHeight === 0 || plotHeight - y > y);
}

/**
 * The fills drawn on the pin of `active` (at the same price in the same candle), in the order they were made (as
 * `items` are), whichever is pointed at: their pins are one, and only the top button can be hovered, so its tooltip
 * tells them all, a reversal's exit before its entry.
 */
function fillsOnPin(items: readonly TradeLayout[], active: TradeLayout): TradeLayout[] {
  return items.filter((item) => Math.abs(item.x - active.x) < 1 && Math.abs(item.y - active.y) < 1);
}

/**
 * Where a tooltip goes: above or below its pin, or, when it fits on neither side (a phone's short plot, many fills
 * on one pin), beside it, at `top` (kept inside the plot), on the side of the pin with more room.
 */
type TooltipPlace = { side: 'above' | 'below' } | { side: 'beside'; top: number; left: boolean; maxWidth: number };

/**
 * One fill in a tooltip: its kind and label, who made it, its price and time. `shared` is the time all the fills of
 * a shared pin have (said once, above them): each then takes two lines, who and the price on one.
 */
function TradeTip({
  trade,
  formatPrice,
  timeZone,
  shared,
}: { trade: TradeMarker; shared: string | null } & Pick<TradeLayerProps, 'formatPrice' | 'timeZone'>) {
  const at = `at ${formatPrice(trade.price)}`;
  return (
    <>
      <div className={styles.tooltipTitle}>
        {defaultTradeText(trade)}
        {trade.label ? ` · ${trade.label}` : ''}
      </div>
      {shared === null ? (
        <>
          {trade.source && <div>{trade.source}</div>}
          <div>
            {at} · {formatCandleTime(trade.time, MINUTE, timeZone)}
          </div>
        </>
      ) : (
        <div>{trade.source ? `${trade.source} · ${at}` : at}</div>
      )}
    </>
  );
}
/** The most fills a shared pin's tooltip lists (its count says how many there are). */
const MAX_TOOLTIP_FILLS = 5;

/**
 * Which of a pin's fills its tooltip lists: the first five in time, or, when the fill in hand (focused by the
 * keyboard) is later, the five ending with it, so the fill a screen reader names is the one the eye can read.
 */
function listedFills(fills: readonly TradeLayout[], activeId: string | null) {
  const at = fills.findIndex((fill) => fill.trade.id === activeId);
  const start = at < MAX_TOOLTIP_FILLS ? 0 : at - MAX_TOOLTIP_FILLS + 1;
  const listed = fills.slice(start, start + MAX_TOOLTIP_FILLS);
  return { listed, before: start, after: fills.length - start - listed.length };
}

const fillWord = (count: number) => (count === 1 ? 'fill' : 'fills');
/** The narrowest a tooltip beside its pin is made, however little room that side has. */
const TOOLTIP_MIN_BESIDE_PX = 120;

/**
 * The line from a pin to its label when the label was moved a step up or down (where trades crowd): without it a
 * label two steps off reads as another price's. From the pin's centre to the middle of the label's near side, in
 * the button's coordinates; null for a label level with its pin.
 */
function leaderLine({ x, y, label }: TradeLayout, origin: { left: number; top: number }) {
  if (!label || Math.abs(label.top + label.height / 2 - y) < 0.5) return null;
  const end = label.side === 'right' ? label.left : label.left + label.width;
  return {
    x1: x - origin.left,
    y1: y - origin.top,
    x2: end - origin.left,
    y2: label.top + label.height / 2 - origin.top,
  };
}

/**
 * Trade fills as flags over the plot: a pin at the fill's price with a label beside it (joined to it by a line when
 * crowding moved it up or down), coloured by side (long up, short down) and hollow for exits, so they read apart from
 * the signal markers. One
 * toolbar, one Tab stop, arrow keys between trades in time order; a click, Enter or Space reports the
 * trade, hover and focus show its tooltip (on a touch screen a first tap shows it, a second reports the trade). Laid out from the candles' times only, so a live tick
 * leaves it alone.
 */
export const TradeLayer = memo(function TradeLayer({ items, formatPrice, timeZone, onTradeClick }: TradeLayerProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const tooltipId = useId();
  const ids = items.map((item) => item.trade.id);
  const { tabStopId, onKeyDown, register, focused } = useRovingToolbar(ids, null);
  const overlay = useRef<HTMLDivElement>(null);
  /**
   * A finger has no hover: the first tap on a flag shows its tooltip, a tap on the flag already shown reports it. Set
   * at each touch's pointerdown (before the focus it brings shows the tooltip): was this flag's tooltip shown then?
   */
  const touch = useRef<{ id: string; shown: boolean } | null>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  /** Where the shown tooltip was measured to fit (its height is known once drawn), for the fill it shows. */
  const [fitted, setFitted] = useState<{ id: string; place: TooltipPlace } | null>(null);
  // Before the browser paints: a tooltip taller than the room on its side (several fills, lines wrapped on a phone)
  // moves to the other side when it fits there, else beside its pin, inside the plot.
  useLayoutEffect(() => {
    const tip = tooltip.current;
    const plotHeight = overlay.current?.clientHeight ?? 0;
    const plotWidth = overlay.current?.clientWidth ?? 0;
    const shown = items.find((item) => item.trade.id === activeId);
    if (!tip || !shown || plotHeight === 0) return;
    const height = tip.offsetHeight + TRADE_PIN_PX;
    const room = { above: shown.y, below: plotHeight - shown.y };
    let place: TooltipPlace;
    if (room.above >= height) place = { side: 'above' };
    else if (room.below >= height) place = { side: 'below' };
    else {
      const top = Math.round(Math.max(0, Math.min(shown.y - tip.offsetHeight / 2, plotHeight - tip.offsetHeight)));
      const left = shown.x > plotWidth / 2;
      // As wide as the room on that side allows (a narrower tooltip wraps, and is measured again).
      const maxWidth = Math.max(TOOLTIP_MIN_BESIDE_PX, Math.floor(left ? shown.x : plotWidth - shown.x) - TRADE_PIN_PX);
      place = { side: 'beside', top, left, maxWidth };
    }
    const drawn = tip.dataset.placement;
    const same =
      drawn === place.side &&
      (place.side !== 'beside' || (Number(tip.dataset.top) === place.top && tip.dataset.left === String(place.left)));
    if (!same) setFitted({ id: shown.trade.id, place });
  }, [items, activeId, fitted]);
  if (items.length === 0) return null;
  const active = items.find((item) => item.trade.id === activeId);
  const fills = active ? fillsOnPin(items, active) : [];
  const listing = listedFills(fills, activeId);
  const place: TooltipPlace =
    active && fitted?.id === active.trade.id
      ? fitted.place
      : {
          side: active && tooltipBelow(active, fills.length, overlay.current?.clientHeight ?? 0) ? 'below' : 'above',
        };
  // The minute the fills of a shared pin were made, when it is one (a pin is a candle: an hour's can hold several).
  const times = new Set(fills.map(({ trade }) => formatCandleTime(trade.time, MINUTE, timeZone)));
  const sharedTime = fills.length > 1 && times.size === 1 ? [...times][0]! : null;

  return (
    <div
      role="toolbar"
      aria-label="Trades on the chart"
      aria-orientation="horizontal"
      ref={overlay}
      className={styles.tradesOverlay}
      data-slot="trades"
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const { trade, text, x, y, label, offScale } = item;
        const show = () => setActiveId(trade.id);
        const hide = () => setActiveId((current) => (current === trade.id ? null : current));
        const half = TRADE_PIN_PX / 2;
        // The button covers the pin and its label, so either can be hovered or clicked.
        const left = label ? Math.min(x - half, label.left) : x - half;
        const right = label ? Math.max(x + half, label.left + label.width) : x + half;
        const top = label ? Math.min(y - half, label.top) : y - half;
        const bottom = label ? Math.max(y + half, label.top + label.height) : y + half;
        const leader = leaderLine(item, { left, top });
        return (
          <button
            key={trade.id}
            ref={register(trade.id)}
            type="button"
            tabIndex={trade.id === tabStopId ? 0 : -1}
            data-slot="trade-marker"
            data-side={trade.side}
            data-kind={trade.kind}
            data-off-scale={offScale ?? undefined}
            className={styles.trade({ kind: trade.kind })}
            style={{ left, top, width: right - left, height: bottom - top }}
            aria-label={accessibleName(item, formatPrice)}
            aria-describedby={activeId === trade.id ? tooltipId : undefined}
            onClick={() => {
              const tapped = touch.current;
              touch.current = null;
              if (tapped?.id === trade.id && !tapped.shown) return show();
              onTradeClick?.(trade);
            }}
            onPointerDown={(event) => {
              touch.current = event.pointerType === 'touch' ? { id: trade.id, shown: activeId === trade.id } : null;
            }}
            onPointerEnter={(event) => event.pointerType !== 'touch' && show()}
            onPointerLeave={(event) => event.pointerType !== 'touch' && hide()}
            onFocus={() => {
              show();
              focused(trade.id);
            }}
            onBlur={hide}
          >
            {leader && (
              <svg
                className={styles.tradeLeader}
                data-slot="trade-leader"
                data-side={trade.side}
                width={right - left}
                height={bottom - top}
                aria-hidden="true"
              >
                <line {...leader} />
              </svg>
            )}
            <span
              className={styles.tradePin}
              data-slot="trade-pin"
              data-side={trade.side}
              style={{ left: x - half - left, top: y - half - top }}
              aria-hidden="true"
            >
              {offScale === 'above' ? '↑' : offScale === 'below' ? '↓' : null}
            </span>
            {label && (
              <span
                className={styles.tradeLabel}
                data-slot="trade-label"
                data-side={trade.side}
                data-placement={label.side}
                // A label left of its pin hugs it from the right: its text is often narrower than the room it was given.
                style={{
                  ...(label.side === 'right'
                    ? { left: label.left - left }
                    : { right: right - label.left - label.width }),
                  top: label.top - top,
                  maxWidth: label.width,
                }}
                aria-hidden="true"
              >
                {text}
              </span>
            )}
          </button>
        );
      })}
      {active && (
        <div
          ref={tooltip}
          role="tooltip"
          id={tooltipId}
          data-placement={place.side}
          data-top={place.side === 'beside' ? place.top : undefined}
          data-left={place.side === 'beside' ? String(place.left) : undefined}
          className={styles.tooltip}
          style={
            place.side === 'beside'
              ? {
                  left: active.x + (place.left ? -TRADE_PIN_PX : TRADE_PIN_PX),
                  top: place.top,
                  width: 'max-content',
                  maxWidth: `min(16rem, ${place.maxWidth}px)`,
                  transform: place.left ? 'translateX(-100%)' : undefined,
                }
              : {
                  left: active.x,
                  top: active.y + (place.side === 'below' ? TRADE_PIN_PX : -TRADE_PIN_PX),
                  width: 'max-content',
                  transform: tooltipTransform(active.x, overlay.current?.clientWidth ?? 0, TRADE_PIN_PX, place.side),
                }
          }
        >
          {fills.length > 1 && (
            <div className={styles.tooltipCount}>
              {fills.length} fills here{sharedTime ? ` · ${sharedTime}` : ''}
            </div>
          )}
          {listing.before > 0 && (
            <div className={styles.tooltipFill}>
              {listing.before} earlier {fillWord(listing.before)}
            </div>
          )}
          {listing.listed.map(({ trade }) => (
            <div key={trade.id} className={styles.tooltipFill} data-slot="trade-tooltip-fill">
              <TradeTip trade={trade} formatPrice={formatPrice} timeZone={timeZone} shared={sharedTime} />
            </div>
          ))}
          {listing.after > 0 && (
            <div className={styles.tooltipFill}>
              and {listing.after} more {fillWord(listing.after)}
            </div>
          )}
        </div>
      )}
    </div>
  );
});
