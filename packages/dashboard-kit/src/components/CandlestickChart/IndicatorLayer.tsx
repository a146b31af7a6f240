import { memo, useId, useRef } from 'react';
import { useElementSize } from '../../hooks/useElementSize';
import { MAX_PANE_PX, MIN_PANE_PX } from './panes';
import { PaneSeparator } from './PaneSeparator';
import * as styles from './CandlestickChart.css';
import { xOfValue, yOfPrice } from './geometry';
import type { Pane } from './layers';
import type { Range } from './scales';
import { linePath, valueExtent, type OverlayLine, type StudyValues } from './studies';
import type { IndicatorValue } from './indicators';
import { formatRatio } from '../../format/performance';

interface OverlayLayerProps {
  overlays: readonly OverlayLine[];
  /** Series index of the values' first element. */
  offset: number;
  first: number;
  last: number;
  pane: Pane;
}

/** The overlays (moving averages, bands, VWAP) on the price pane, one path each, clipped to it. */
export const OverlayLayer = memo(function OverlayLayer({ overlays, offset, first, last, pane }: OverlayLayerProps) {
  const clipId = useId();
  if (overlays.length === 0) return null;
  const { frame, xDomain, priceRange } = pane;
  const x = (index: number) => xOfValue(index + offset, xDomain, frame);
  const y = (value: number) => yOfPrice(value, priceRange, frame);
  return (
    <g data-slot="indicator-overlays" clipPath={`url(#${CSS.escape(clipId)})`}>
      <clipPath id={clipId}>
        <rect x={0} y={frame.priceTop} width={frame.plotRight} height={frame.priceBottom - frame.priceTop} />
      </clipPath>
      {overlays.map((line) => (
        <path
          key={line.kind}
          data-slot="indicator-line"
          data-indicator={line.kind}
          className={styles.indicatorLine}
          d={linePath(line.values, first - offset, last - offset, x, y)}
        />
      ))}
    </g>
  );
});

interface PaneGeometry {
  width: number;
  plotRight: number;
  xDomain: Range;
  first: number;
  last: number;
}

interface IndicatorPanesProps extends PaneGeometry {
  studies: StudyValues;
  /** Heights of the panes in pixels. */
  heights: { rsi: number; macd: number };
  onResize: (pane: 'rsi' | 'macd', height: number) => void;
  formatValue?: (value: number) => string;
}

/** The RSI and MACD panes under the chart, on the candles' x scale, each with its own value axis. */
export function IndicatorPanes({
  studies,
  heights,
  onResize,
  formatValue = formatRatio,
  ...view
}: IndicatorPanesProps) {
  // The values start at series index `offset`: shift the indices and the x domain alike.
  const { offset } = studies;
  const geometry = {
    ...view,
    first: view.first - offset,
    last: view.last - offset,
    xDomain: [view.xDomain[0] - offset, view.xDomain[1] - offset] as const,
  };
  return (
    <>
      {studies.rsi && (
        <IndicatorPane
          name="RSI 14"
          height={heights.rsi}
          onResize={(height) => onResize('rsi', height)}
          lines={[{ key: 'rsi', values: studies.rsi }]}
          range={[0, 100]}
          guides={[30, 70]}
          formatValue={formatValue}
          {...geometry}
        />
      )}
      {studies.macd && (
        <IndicatorPane
          name="MACD 12 26 9"
          height={heights.macd}
          onResize={(height) => onResize('macd', height)}
          lines={[
            { key: 'macd', values: studies.macd.macd },
            { key: 'macd-signal', values: studies.macd.signal },
          ]}
          histogram={studies.macd.histogram}
          guides={[0]}
          formatValue={formatValue}
          {...geometry}
        />
      )}
    </>
  );
}

interface IndicatorPaneProps extends PaneGeometry {
  name: string;
  height: number;
  onResize: (height: number) => void;
  lines: { key: string; values: readonly IndicatorValue[] }[];
  histogram?: readonly IndicatorValue[];
  /** A fixed value range (RSI's 0-100); else the values on screen, with zero. */
  range?: Range;
  guides: readonly number[];
  formatValue: (value: number) => string;
}

const PANE_PAD_PX = 6;
/** Guide labels closer than this (a pane squeezed on a short screen) would overlap: the later ones are left out. */
const GUIDE_LABEL_PX = 14;

/** The guides whose labels fit, top to bottom as drawn. */
export function labelledGuides(guides: readonly number[], y: (value: number) => number): number[] {
  const shown: number[] = [];
  for (const guide of guides) {
    if (shown.every((other) => Math.abs(y(other) - y(guide)) >= GUIDE_LABEL_PX)) shown.push(guide);
  }
  return shown;
}

const IndicatorPane = memo(function IndicatorPane({
  name,
  height,
  onResize,
  lines,
  histogram,
  range,
  guides,
  formatValue,
  width,
  plotRight,
  xDomain,
  first,
  last,
}: IndicatorPaneProps) {
  const paneRef = useRef<HTMLDivElement>(null);
  // The pane gives way when the chart is short (a phone): it is drawn at the height it got, not the one asked for.
  const size = useElementSize(paneRef);
  const drawn = size ? Math.max(1, Math.round(size.height)) : height;
  const all = histogram ? [...lines.map((line) => line.values), histogram] : lines.map((line) => line.values);
  const fitted = valueExtent(all, first, last) ?? [0, 1];
  const [low, high] = range ?? [Math.min(fitted[0], 0), Math.max(fitted[1], 0)];
  const span = high - low || 1;
  const top = PANE_PAD_PX;
  const bottom = drawn - PANE_PAD_PX;
  const y = (value: number) => bottom - ((value - low) / span) * (bottom - top);
  const frame = { plotRight } as Parameters<typeof xOfValue>[2];
  const x = (index: number) => xOfValue(index, xDomain, frame);
  const latest = lines.map((line) => lastValue(line.values, last));
  const slot = plotRight / Math.max(1, xDomain[1] - xDomain[0]);
  const barWidth = Math.max(1, Math.round(slot * 0.6));
  const zero = y(Math.max(low, Math.min(high, 0)));
  const valueText = latest.map((value) => (value === null ? '–' : formatValue(value))).join(' / ');
  return (
    <div
      ref={paneRef}
      role="group"
      aria-label={`${name} pane`}
      className={styles.indicatorPane}
      data-slot="indicator-pane"
      style={{ height }}
    >
      <PaneSeparator
        label={`Resize the ${name} pane`}
        value={height}
        min={MIN_PANE_PX}
        max={MAX_PANE_PX}
        step={8}
        valueText={`${height} pixels high`}
        valueAt={(clientY) => (paneRef.current?.getBoundingClientRect().bottom ?? clientY + height) - clientY}
        onChange={onResize}
        className={styles.paneSeparatorTop}
        style={{ width: plotRight }}
      />
      <span className={styles.indicatorPaneLabel}>
        {name} <span data-slot="indicator-value">{valueText}</span>
      </span>
      <svg width={width} height={drawn} aria-hidden="true" focusable="false" className={styles.svg}>
        <path
          className={styles.gridLines}
          d={guides.map((guide) => `M0,${y(guide)}H${plotRight}`).join('') + `M${plotRight},0V${drawn}`}
        />
        {labelledGuides(guides, y).map((guide) => (
          <text key={guide} className={styles.tickLabel} x={plotRight + 8} y={y(guide)} dominantBaseline="central">
            {formatValue(guide)}
          </text>
        ))}
        {histogram && (
          <path
            data-slot="indicator-histogram"
            className={styles.indicatorHistogram}
            d={histogramPath(histogram, first, last, x, y, zero, barWidth)}
          />
        )}
        {lines.map((line) => (
          <path
            key={line.key}
            data-slot="indicator-line"
            data-indicator={line.key}
            className={styles.indicatorLine}
            d={linePath(line.values, first, last, x, y)}
          />
        ))}
      </svg>
    </div>
  );
});

function lastValue(values: readonly IndicatorValue[], last: number): number | null {
  const value = values[Math.min(last, values.length - 1)];
  return value ?? null;
}

function histogramPath(
  values: readonly IndicatorValue[],
  first: number,
  last: number,
  x: (index: number) => number,
  y: (value: number) => number,
  zero: number,
  barWidth: number,
): string {
  let d = '';
  for (let i = Math.max(0, first); i <= Math.min(last, values.length - 1); i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    const top = Math.min(zero, y(value));
    const h = Math.max(1, Math.abs(y(value) - zero));
    d += `M${(x(i) - barWidth / 2).toFixed(1)},${top.toFixed(1)}h${barWidth}v${h.toFixed(1)}h${-barWidth}Z`;
  }
  return d;
}
