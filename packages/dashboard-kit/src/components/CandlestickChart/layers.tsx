import { memo, useMemo } from 'react';
import { VictoryAxis, VictoryBar, VictoryCandlestick } from 'victory';
import { vars } from '../../theme/contract.css';
import * as styles from './CandlestickChart.css';
import { paneBetween, yOfPrice, type PlotFrame } from './geometry';
import type { Range } from './scales';
import type { AxisTicks } from './ticks';
import type { Candle } from './types';

/** What Victory hands a candle's data component: pixel positions, and the datum with its prices. */
interface CandleGlyphProps {
  x?: number;
  open?: number;
  close?: number;
  high?: number;
  low?: number;
  candleWidth?: number;
  datum?: { open?: number; close?: number };
}

const direction = (datum: { open?: number; close?: number } | undefined) =>
  (datum?.close ?? 0) < (datum?.open ?? 0) ? 'down' : 'up';

/**
 * One candle as a single path (wicks and body), coloured by class, instead of Victory's default
 * group of a rect and two lines: a quarter of the DOM nodes for the same picture.
 */
function CandleGlyph({ x = 0, open = 0, close = 0, high = 0, low = 0, candleWidth = 1, datum }: CandleGlyphProps) {
  const top = Math.min(open, close);
  const body = Math.max(1, Math.abs(close - open));
  const half = candleWidth / 2;
  const d =
    `M${x},${high}V${top}M${x},${top + body}V${Math.max(low, top + body)}` +
    `M${x - half},${top}h${candleWidth}v${body}h${-candleWidth}Z`;
  return <path data-slot="candle" data-direction={direction(datum)} className={styles.candle} d={d} />;
}

interface VolumeGlyphProps {
  x?: number;
  y?: number;
  y0?: number;
  barWidth?: number;
  datum?: { open?: number; close?: number };
}

function VolumeGlyph({ x = 0, y = 0, y0 = 0, barWidth = 1, datum }: VolumeGlyphProps) {
  return (
    <rect
      data-slot="volume-bar"
      data-direction={direction(datum)}
      className={styles.volumeBar}
      x={x - barWidth / 2}
      y={Math.min(y, y0)}
      width={barWidth}
      height={Math.abs(y0 - y)}
    />
  );
}

interface TickLabelProps {
  x?: number;
  y?: number;
  text?: string | number | (string | number)[];
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: 'start' | 'middle' | 'end';
}

const BASELINES = { start: 'hanging', middle: 'central', end: 'auto' } as const;

/** A plain <text> tick label styled from the theme (Victory's own label measures text on every render). */
function TickLabel({ x, y, text, textAnchor = 'middle', verticalAnchor = 'middle' }: TickLabelProps) {
  return (
    <text className={styles.tickLabel} x={x} y={y} textAnchor={textAnchor} dominantBaseline={BASELINES[verticalAnchor]}>
      {Array.isArray(text) ? text.join(' ') : text}
    </text>
  );
}

/** The scales both candle layers draw with; one memoised object, so layers compare it at once. */
export interface Pane {
  frame: PlotFrame;
  xDomain: Range;
  priceRange: Range;
  volumeMax: number;
  candleWidth: number;
}

interface CandlesProps {
  candles: readonly Candle[];
  /** Index of the first candle in the whole series (the x value Victory places it at). */
  firstIndex: number;
  pane: Pane;
}

const candleGlyph = <CandleGlyph />;
const volumeGlyph = <VolumeGlyph />;

function Candles({ candles, firstIndex, pane }: CandlesProps) {
  const { frame, xDomain, priceRange, volumeMax, candleWidth } = pane;
  const data = useMemo(() => candles.map((candle, i) => ({ ...candle, x: firstIndex + i })), [candles, firstIndex]);
  if (data.length === 0) return null;
  return (
    <>
      <VictoryBar
        standalone={false}
        width={frame.width}
        height={frame.height}
        padding={paneBetween(frame, frame.volumeTop, frame.volumeBottom)}
        domain={{ x: [xDomain[0], xDomain[1]], y: [0, volumeMax] }}
        data={data}
        x="x"
        y="volume"
        barWidth={candleWidth}
        dataComponent={volumeGlyph}
      />
      <VictoryCandlestick
        standalone={false}
        width={frame.width}
        height={frame.height}
        padding={paneBetween(frame, frame.priceTop, frame.priceBottom)}
        domain={{ x: [xDomain[0], xDomain[1]], y: [priceRange[0], priceRange[1]] }}
        data={data}
        x="x"
        candleWidth={candleWidth}
        dataComponent={candleGlyph}
      />
    </>
  );
}

/**
 * The settled candles and their volume. Memoised: a live tick hands it the same props, so it
 * re-renders only when a candle closes, the view moves, or the price range changes.
 */
export const SettledLayer = memo(function SettledLayer(props: CandlesProps) {
  return (
    <g data-slot="settled-layer">
      <Candles {...props} />
    </g>
  );
});

interface FormingLayerProps {
  pane: Pane;
  candle: Candle;
  index: number;
  /** Whether the candle itself is on screen (its last-price line shows either way). */
  visible: boolean;
  tagHeight: number;
  formatPrice: (value: number) => string;
}

/** The forming candle, its volume and the last-price line: the only candles a live tick redraws. */
export const FormingLayer = memo(function FormingLayer({
  candle,
  index,
  visible,
  tagHeight,
  formatPrice,
  pane,
}: FormingLayerProps) {
  const candles = useMemo(() => (visible ? [candle] : []), [candle, visible]);
  const { frame, priceRange } = pane;
  const y = yOfPrice(candle.close, priceRange, frame);
  const inRange = y >= frame.priceTop && y <= frame.priceBottom;
  return (
    <g data-slot="forming-layer">
      <Candles candles={candles} firstIndex={index} pane={pane} />
      {inRange && (
        <g data-slot="last-price" data-direction={direction(candle)} className={styles.lastPrice}>
          <line className={styles.lastPriceLine} x1={0} x2={frame.plotRight} y1={y} y2={y} />
          <rect x={frame.plotRight} y={y - tagHeight / 2} width={frame.width - frame.plotRight} height={tagHeight} />
          <text className={styles.lastPriceTag} x={frame.plotRight + 6} y={y} dominantBaseline="central">
            {formatPrice(candle.close)}
          </text>
        </g>
      )}
    </g>
  );
});

interface AxesLayerProps {
  frame: PlotFrame;
  xDomain: Range;
  priceRange: Range;
  timeTicks: AxisTicks;
  priceTicks: readonly number[];
  formatPrice: (value: number) => string;
}

const tickLabel = <TickLabel />;

/** Victory takes theme colours as CSS var() strings in its style props. */
const axisStyle = {
  axis: { stroke: vars.color.border },
  ticks: { stroke: vars.color.border, size: 4 },
  grid: { stroke: `color-mix(in srgb, ${vars.color.border} 55%, transparent)` },
  tickLabels: { padding: 4 },
};

/** Time axis under the volume pane, price axis right of the price pane, with their grid lines. */
export const AxesLayer = memo(function AxesLayer({
  frame,
  xDomain,
  priceRange,
  timeTicks,
  priceTicks,
  formatPrice,
}: AxesLayerProps) {
  const domain = {
    x: [xDomain[0], xDomain[1]] as [number, number],
    y: [priceRange[0], priceRange[1]] as [number, number],
  };
  return (
    <g data-slot="axes-layer">
      <VictoryAxis
        standalone={false}
        width={frame.width}
        height={frame.height}
        padding={paneBetween(frame, frame.priceTop, frame.volumeBottom)}
        domain={domain}
        tickValues={timeTicks.values}
        tickFormat={timeTicks.labels}
        tickLabelComponent={tickLabel}
        style={axisStyle}
      />
      <VictoryAxis
        dependentAxis
        orientation="right"
        standalone={false}
        width={frame.width}
        height={frame.height}
        padding={paneBetween(frame, frame.priceTop, frame.priceBottom)}
        domain={domain}
        tickValues={[...priceTicks]}
        tickFormat={formatPrice}
        tickLabelComponent={tickLabel}
        style={axisStyle}
      />
    </g>
  );
});
