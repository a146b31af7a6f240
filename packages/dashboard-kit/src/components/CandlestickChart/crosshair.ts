import type { TimeZoneMode } from '../../time/time-zone';
import { describeCandle, describeChange, formatCandleTime, formatVolume } from './format';
import { indexAtX, priceAtY, xOfIndex, yOfPrice, type PlotFrame } from './geometry';
import type { Range } from './scales';
import { candleAt, type CandleSeries } from './series';
import type { Candle } from './types';
import { visibleRange, type CandleWindow } from './viewport';

/** Everything the crosshair needs from the last render, read when it draws (never a React prop). */
export interface PlotState {
  series: CandleSeries;
  window: CandleWindow;
  frame: PlotFrame;
  priceRange: Range;
  bucketMs: number;
  formatPrice: (value: number) => string;
  /** The price axis' labels (a percentage on the percent scale): the crosshair's tag on the axis reads as they do. */
  axisLabel: (value: number) => string;
  timeZone: TimeZoneMode;
}

export interface CrosshairElements {
  root: HTMLElement;
  vertical: HTMLElement;
  horizontal: HTMLElement;
  priceTag: HTMLElement;
  timeTag: HTMLElement;
}

export type LegendField = 'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'change';

export interface LegendElements {
  root: HTMLElement;
  fields: Partial<Record<LegendField, HTMLElement>>;
  /** The longest text each field has shown, in characters: the width it keeps (see `writeLegend`). */
  widths: Partial<Record<LegendField, number>>;
}

type Position = { kind: 'hidden' } | { kind: 'pointer'; x: number; y: number } | { kind: 'candle'; index: number };

const setText = (node: HTMLElement | undefined, text: string) => {
  if (node && node.textContent !== text) node.textContent = text;
};

/**
 * Writes a legend field, which keeps the width of the longest text it has shown: a new candle's shorter
 * volume and change (`0`, `0.00 (0.00%)`) would otherwise unwrap the header, and the plot under it would
 * grow and be drawn again, then shrink back on the next tick.
 */
function writeField(legend: LegendElements, field: LegendField, text: string): void {
  const node = legend.fields[field];
  if (!node) return;
  if (node.textContent !== text) node.textContent = text;
  if (text.length > (legend.widths[field] ?? 0)) {
    legend.widths[field] = text.length;
    node.style.minWidth = `${text.length}ch`;
  }
}

/**
 * Writes one candle's OHLCV and its change into the legend. The change is the candle's own, close minus
 * open (the legend labels it so), so it can be checked against the O and C beside it.
 */
export function writeLegend(legend: LegendElements, candle: Candle, state: PlotState): void {
  const { formatPrice, bucketMs } = state;
  const change = describeChange(candle.open, candle.close, formatPrice);
  writeField(legend, 'time', formatCandleTime(candle.time, bucketMs, state.timeZone));
  writeField(legend, 'open', formatPrice(candle.open));
  writeField(legend, 'high', formatPrice(candle.high));
  writeField(legend, 'low', formatPrice(candle.low));
  writeField(legend, 'close', formatPrice(candle.close));
  writeField(legend, 'volume', formatVolume(candle.volume));
  writeField(legend, 'change', change.text);
  const direction = candle.close < candle.open ? 'down' : 'up';
  if (legend.root.dataset.direction !== direction) legend.root.dataset.direction = direction;
}

/**
 * The crosshair and the OHLCV legend, drawn straight into the DOM. Pointer moves are coalesced to
 * one draw per animation frame; keyboard moves draw at once. Nothing here goes through React state,
 * so hovering never re-renders the candle layers.
 */
export class Crosshair {
  private position: Position = { kind: 'hidden' };
  private frameRequest: number | null = null;
  private measuredTag: { length: number; width: number } | null = null;
  elements: CrosshairElements | null = null;
  legend: LegendElements | null = null;
  /** The focusable slider whose value is the candle shown (announced by screen readers as it moves). */
  slider: HTMLElement | null = null;
  state: PlotState | null = null;

  /** The candle under the crosshair, if it is shown. */
  activeIndex(): number | null {
    if (this.position.kind === 'candle') return this.position.index;
    if (this.position.kind === 'pointer' && this.state)
      return this.clampIndex(indexAtX(this.position.x, this.state.window, this.state.frame));
    return null;
  }

  isVisible(): boolean {
    return this.position.kind !== 'hidden';
  }

  /** Whether the crosshair was put on a candle from the keyboard (rather than following a pointer). */
  isSelected(): boolean {
    return this.position.kind === 'candle';
  }

  /** Follows a pointer at (x, y) in plot coordinates; drawn on the next animation frame. */
  pointAt(x: number, y: number): void {
    this.position = { kind: 'pointer', x, y };
    if (this.frameRequest === null) {
      this.frameRequest = requestAnimationFrame(() => {
        this.frameRequest = null;
        this.draw();
      });
    }
  }

  /**
   * Puts the crosshair on candle `index` (keyboard) and draws now. An index just off screen is
   * drawn once the view has scrolled to it (on the next `refresh`).
   */
  selectIndex(index: number): void {
    this.position = { kind: 'candle', index };
    this.draw();
  }

  hide(): void {
    this.position = { kind: 'hidden' };
    this.draw();
  }

  /** Redraws after a render (new data, zoom, resize) so the crosshair and legend stay true. */
  refresh(): void {
    this.draw();
  }

  dispose(): void {
    if (this.frameRequest !== null) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = null;
  }

  private clampIndex(index: number): number {
    if (!this.state) return index;
    const [first, last] = visibleRange(this.state.window);
    return Math.min(last, Math.max(first, index));
  }

  private draw(): void {
    const { state, elements, legend } = this;
    if (!state || !elements) return;
    const { frame, window, priceRange } = state;
    const index = this.activeIndex();
    const candle = index === null ? undefined : candleAt(state.series, index);
    const [first, last] = visibleRange(window);
    const shown = candle && index !== null ? index : state.series.settled.length;
    if (legend) this.writeLegendAt(shown, legend, state);
    // The slider's value follows the keyboard (and the latest candle); a hovering mouse leaves it.
    if (this.position.kind !== 'pointer') this.writeSliderValue(shown, first, last, state);
    if (index === null || !candle || index < first || index > last) {
      if (elements.root.dataset.state !== 'hidden') elements.root.dataset.state = 'hidden';
      return;
    }
    const x = Math.round(xOfIndex(index, window, frame)) + 0.5;
    const y = this.position.kind === 'pointer' ? this.position.y : yOfPrice(candle.close, priceRange, frame);
    const inPricePane = y >= frame.priceTop && y <= frame.priceBottom;

    elements.root.dataset.state = 'visible';
    elements.vertical.style.height = `${frame.volumeBottom}px`;
    elements.vertical.style.transform = `translateX(${x}px)`;
    elements.horizontal.style.visibility = inPricePane ? 'visible' : 'hidden';
    elements.priceTag.style.visibility = inPricePane ? 'visible' : 'hidden';
    if (inPricePane) {
      elements.horizontal.style.width = `${frame.plotRight}px`;
      elements.horizontal.style.transform = `translateY(${Math.round(y) + 0.5}px)`;
      elements.priceTag.style.transform = `translate(${frame.plotRight + 2}px, ${y}px) translateY(-50%)`;
      setText(elements.priceTag, state.axisLabel(priceAtY(y, priceRange, frame)));
    }
    setText(elements.timeTag, formatCandleTime(candle.time, state.bucketMs, state.timeZone));
    // Centred on the candle, but kept whole inside the chart at either edge.
    const tagWidth = this.timeTagWidth(elements.timeTag);
    const left = Math.max(0, Math.min(x - tagWidth / 2, frame.width - tagWidth));
    elements.timeTag.style.transform = `translate(${Math.round(left)}px, ${frame.volumeBottom + 2}px)`;
  }

  /** The time tag's width, measured once per text length (a layout read on every move would cost a frame). */
  private timeTagWidth(tag: HTMLElement): number {
    const length = tag.textContent?.length ?? 0;
    if (this.measuredTag?.length !== length) this.measuredTag = { length, width: tag.offsetWidth };
    return this.measuredTag.width;
  }

  /** The slider's value is the candle in the legend; its text is what a screen reader says. */
  private writeSliderValue(index: number, first: number, last: number, state: PlotState): void {
    const slider = this.slider;
    const candle = candleAt(state.series, index);
    if (!slider || !candle) return;
    const attributes: [string, string][] = [
      ['aria-valuemin', String(first)],
      ['aria-valuemax', String(last)],
      ['aria-valuenow', String(index)],
      ['aria-valuetext', describeCandle(candle, state.bucketMs, state.formatPrice, state.timeZone)],
    ];
    for (const [name, value] of attributes) {
      if (slider.getAttribute(name) !== value) slider.setAttribute(name, value);
    }
  }

  private writeLegendAt(index: number, legend: LegendElements, state: PlotState): void {
    const candle = candleAt(state.series, index);
    if (!candle) return;
    writeLegend(legend, candle, state);
  }
}
