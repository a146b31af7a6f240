import { memo, useMemo, useRef } from 'react';
import { VictoryCandlestick } from 'victory';
import * as styles from './CandlestickChart.css';
import { paneBetween, xOfValue, yOfPrice, yOfVolume, type PlotFrame } from './geometry';
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
  /** Index of the first candle in the whole series: its x value on the shared x domain. */
  firstIndex: number;
  pane: Pane;
}

const candleGlyph = <CandleGlyph />;

/** Volume bars under their candles, coloured by the candle's direction. */
function VolumeBars({ candles, firstIndex, pane }: CandlesProps) {
  const { frame, xDomain, volumeMax, candleWidth } = pane;
  return candles.map((candle, i) => {
    const index = firstIndex + i;
    const top = yOfVolume(candle.volume, volumeMax, frame);
    return (
      <rect
        key={index}
        data-slot="volume-bar"
        data-direction={direction(candle)}
        className={styles.volumeBar}
        x={xOfValue(index, xDomain, frame) - candleWidth / 2}
        y={top}
        width={candleWidth}
        height={frame.volumeBottom - top}
      />
    );
  });
}

function Candles({ candles, firstIndex, pane }: CandlesProps) {
  const { frame, xDomain, priceRange, candleWidth } = pane;
  const data = useMemo(() => candles.map((candle, i) => ({ ...candle, x: firstIndex + i })), [candles, firstIndex]);
  if (data.length === 0) return null;
  return (
    <>
      <VolumeBars candles={candles} firstIndex={firstIndex} pane={pane} />
      <VictoryCandlestick
        standalone={false}
        width={frame.width}
        height={frame.height}
        padding={paneBetween(frame, frame.priceTop, frame.priceBottom)}
        domain={{ x: [xDomain[0], xDomain[1]], y: [priceRange[0], priceRange[1]] }}
        scale={{ x: 'linear', y: priceRange.log ? 'log' : 'linear' }}
        data={data}
        x="x"
        candleWidth={candleWidth}
        dataComponent={candleGlyph}
      />
    </>
  );
}

/**
 * An x domain to draw on that stays where the view was while the view only shifts (a candle closing, a
 * short pan), and how far to move what is drawn on it sideways to show `xDomain`. Another span (zoom), or a
 * view far from the anchor (a long pan), anchors again where the view is.
 */
function useAnchoredDomain(xDomain: Range, frame: PlotFrame): { anchor: Range; shift: number } {
  const anchorRef = useRef<Range>(xDomain);
  const span = xDomain[1] - xDomain[0];
  let anchor = anchorRef.current;
  if (anchor[1] - anchor[0] !== span || Math.abs(anchor[0] - xDomain[0]) > 4 * span) anchor = xDomain;
  anchorRef.current = anchor;
  return { anchor, shift: xOfValue(anchor[0], xDomain, frame) - xOfValue(anchor[0], anchor, frame) };
}

const translateX = (shift: number) => (shift === 0 ? undefined : `translate(${shift},0)`);

/** Settled candles are drawn in blocks of this many, by their index in the series. */
export const SETTLED_BLOCK = 16;

interface BlockProps {
  candles: readonly Candle[];
  firstIndex: number;
  pane: Pane;
}

/**
 * Whether `after` draws nothing `before` did not: the same candles, or the same less some at its start
 * (those that left the view on the left, which stay drawn left of the plot, where the SVG clips them).
 */
function drawnAlready(before: BlockProps, after: BlockProps): boolean {
  const dropped = after.firstIndex - before.firstIndex;
  return (
    before.pane === after.pane &&
    dropped >= 0 &&
    before.candles.length - dropped === after.candles.length &&
    after.candles.every((candle, i) => candle === before.candles[i + dropped])
  );
}

/** One block of settled candles: redrawn only when one of its candles on screen, or the scales, change. */
const SettledBlock = memo(function SettledBlock(props: BlockProps) {
  return <Candles {...props} />;
}, drawnAlready);

/**
 * The settled candles and their volume. Memoised: a live tick hands it the same props, so it re-renders only
 * when a candle closes, the view moves, or the price range changes. And then incrementally: the candles are
 * drawn in blocks of SETTLED_BLOCK on an x domain anchored where the view was, and the layer is moved
 * sideways to the current one (the same span only shifts). So when a candle closes and the view steps one
 * candle on, only the block gaining the new candle redraws: the one losing its first candle keeps it, off
 * the plot's left edge.
 */
export const SettledLayer = memo(function SettledLayer({ candles, firstIndex, pane }: CandlesProps) {
  const { frame, xDomain, priceRange, volumeMax, candleWidth } = pane;
  const { anchor, shift } = useAnchoredDomain(xDomain, frame);
  const anchored = useMemo<Pane>(
    () => ({ frame, xDomain: anchor, priceRange, volumeMax, candleWidth }),
    [frame, anchor, priceRange, volumeMax, candleWidth],
  );

  const blocks: BlockProps[] = [];
  const lastIndex = firstIndex + candles.length - 1;
  for (let start = Math.floor(firstIndex / SETTLED_BLOCK) * SETTLED_BLOCK; start <= lastIndex; start += SETTLED_BLOCK) {
    const from = Math.max(start, firstIndex);
    const to = Math.min(start + SETTLED_BLOCK - 1, lastIndex);
    blocks.push({ candles: candles.slice(from - firstIndex, to - firstIndex + 1), firstIndex: from, pane: anchored });
  }
  return (
    <g data-slot="settled-layer" transform={translateX(shift)}>
      {blocks.map((block) => (
        <SettledBlock key={Math.floor(block.firstIndex / SETTLED_BLOCK)} {...block} />
      ))}
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
  /** Price ticks whose label a tag on the axis (the last price's, a price line's) would cover: left unlabelled. */
  coveredTicks?: ReadonlySet<number>;
  formatPrice: (value: number) => string;
}

/** Length of a tick mark, and the gap between it and its label. */
const TICK_PX = 4;
const LABEL_GAP_PX = 4;

/**
 * Time axis under the volume pane, price axis right of the price pane, with their grid lines. The time axis
 * is drawn on an anchored x domain and moved sideways like the settled candles, so a closed candle that
 * leaves the same labels on screen redraws none of them; the price axis redraws only for new prices.
 */
export const AxesLayer = memo(function AxesLayer({
  frame,
  xDomain,
  priceRange,
  timeTicks,
  priceTicks,
  coveredTicks,
  formatPrice,
}: AxesLayerProps) {
  const { anchor, shift } = useAnchoredDomain(xDomain, frame);
  return (
    <g data-slot="axes-layer">
      <g data-slot="time-axis" transform={translateX(shift)}>
        <TimeAxis frame={frame} xDomain={anchor} ticks={timeTicks} />
      </g>
      <PriceAxis
        frame={frame}
        priceRange={priceRange}
        ticks={priceTicks}
        coveredTicks={coveredTicks}
        formatPrice={formatPrice}
      />
    </g>
  );
});

/** The time labels, their tick marks and grid lines: one path for the grid, one for the marks, a text per label. */
const TimeAxis = memo(function TimeAxis({
  frame,
  xDomain,
  ticks,
}: {
  frame: PlotFrame;
  xDomain: Range;
  ticks: AxisTicks;
}) {
  const { priceTop, volumeBottom } = frame;
  const xs = ticks.values.map((index) => xOfValue(index, xDomain, frame));
  return (
    <>
      <path
        data-slot="grid"
        className={styles.gridLines}
        d={xs.map((x) => `M${x},${volumeBottom}V${priceTop}`).join('')}
      />
      <path
        data-slot="axes"
        className={styles.axisLines}
        d={xs.map((x) => `M${x},${volumeBottom}v${TICK_PX}`).join('')}
      />
      {ticks.labels.map((label, i) => (
        <text
          key={ticks.values[i]}
          data-slot="time-label"
          className={styles.tickLabel}
          x={xs[i]}
          y={volumeBottom + TICK_PX + LABEL_GAP_PX}
          textAnchor="middle"
          dominantBaseline="hanging"
        >
          {label}
        </text>
      ))}
    </>
  );
});

interface PriceAxisProps {
  frame: PlotFrame;
  priceRange: Range;
  ticks: readonly number[];
  coveredTicks: ReadonlySet<number> | undefined;
  formatPrice: (value: number) => string;
}

/** The axis lines, the price labels with their tick marks and grid lines. */
const PriceAxis = memo(function PriceAxis({ frame, priceRange, ticks, coveredTicks, formatPrice }: PriceAxisProps) {
  const { plotRight, priceTop, priceBottom, volumeBottom } = frame;
  const ys = ticks.map((price) => yOfPrice(price, priceRange, frame));
  return (
    <>
      <path data-slot="grid" className={styles.gridLines} d={ys.map((y) => `M${plotRight},${y}H0`).join('')} />
      <path
        data-slot="axes"
        className={styles.axisLines}
        d={
          `M0,${volumeBottom}H${plotRight}M${plotRight},${priceTop}V${priceBottom}` +
          ys.map((y) => `M${plotRight},${y}h${TICK_PX}`).join('')
        }
      />
      {ticks.map((price, i) =>
        coveredTicks?.has(price) ? null : (
          <text
            key={price}
            data-slot="price-label"
            className={styles.tickLabel}
            x={plotRight + TICK_PX + LABEL_GAP_PX}
            y={ys[i]}
            textAnchor="start"
            dominantBaseline="central"
          >
            {formatPrice(price)}
          </text>
        ),
      )}
    </>
  );
});
