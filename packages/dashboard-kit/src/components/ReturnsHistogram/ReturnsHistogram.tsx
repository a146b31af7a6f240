import { clsx } from 'clsx';
import { forwardRef, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';
import { VictoryBar } from 'victory';
import { usePlotSize } from '../../hooks/usePlotSize';
import * as chart from '../CandlestickChart/CandlestickChart.css';
import { ChartFigure, type ChartFrameProps } from '../CandlestickChart/ChartFigure';
import { priceTicks } from '../CandlestickChart/ticks';
import { formatCountOf } from '../../format/performance';
import { decimalsOf, formatPoints, formatReturn, returnAxisLabels } from './axis';
import { binReturns, type ReturnBin, type ReturnBinning } from './bins';
import * as styles from './ReturnsHistogram.css';

export interface ReturnsHistogramProps
  extends ChartFrameProps, Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'title'> {
  /** Each closed trade's return in percent (`2.5` for +2.5%), in any order. */
  returns: readonly number[];
  /**
   * Width of a bin in percentage points, rounded up to 1, 2, 2.5 or 5 × 10^k. Where the returns would need more than
   * `maxBins` bins at that width, it is widened to the narrowest such width whose bins fit in `maxBins`. Chosen from
   * the spread of the returns when absent.
   */
  binWidth?: number;
  /** The most loss and win bins drawn (40 by default, held to 2 to 1,000): wider bins are chosen rather than more. */
  maxBins?: number;
}

const DEFAULT_HEIGHT = 280;
/** Room around the bars, in px: the count axis on the left, the return labels below. */
const MARGIN = { top: 12, right: 24, bottom: 24, left: 40 };
const KIND_NAMES: Record<ReturnBin['kind'], string> = { loss: 'Losses', even: 'Break-even', win: 'Wins' };
/** The break-even bar's width, as a share of a bin bar's, and the least it is drawn (a phone's bins are a few px). */
const EVEN_BAR_SHARE = 1 / 3;
const EVEN_BAR_MIN_PX = 3;

const trades = (count: number) => formatCountOf(count, 'trade', 'trades');

/** The bin's range in words: `Losses from −3% to −2%`, `Break-even (0%)`. */
function binRange(bin: ReturnBin, decimals: number): string {
  if (bin.kind === 'even') return 'Break-even (0%)';
  return `${KIND_NAMES[bin.kind]} from ${formatReturn(bin.from, decimals)} to ${formatReturn(bin.to, decimals)}`;
}

export function describeBin(bin: ReturnBin, decimals: number): string {
  return `${binRange(bin, decimals)}: ${trades(bin.count)}`;
}

/** The sentence screen readers get: how many trades lost, broke even and won, and where most of them lie. */
export function describeHistogram(binning: ReturnBinning): string {
  const { bins, losses, wins, even, binWidth } = binning;
  const total = losses + wins + even;
  if (total === 0) return 'No closed trades.';
  const decimals = decimalsOf(binWidth);
  const fullest = bins.reduce((best, bin) => (bin.count > best.count ? bin : best));
  const first = bins[0] as ReturnBin;
  const last = bins[bins.length - 1] as ReturnBin;
  const span = `Returns range from ${formatReturn(first.from, decimals)} to ${formatReturn(last.to, decimals)}`;
  return (
    `Returns of ${trades(total)}: ${losses} lost, ${even} broke even, ${wins} won. ` +
    `${span} in bins of ${formatPoints(binWidth, decimals)} percentage ${binWidth === 1 ? 'point' : 'points'}; the fullest: ${describeBin(fullest, decimals)}.`
  );
}

/**
 * The distribution of trade returns: bars of how many trades returned how much, in bins centred on
 * zero so losses and wins never share a bar. Losses are hatched as well as coloured, so colour is not
 * the only cue; each bar is a button in one toolbar (a single Tab stop, arrow keys between bars) that
 * shows its range and count, and a text summary describes the whole.
 */
export const ReturnsHistogram = forwardRef<HTMLDivElement, ReturnsHistogramProps>(function ReturnsHistogram(
  {
    returns,
    binWidth,
    maxBins,
    title = 'Trade returns',
    emptyTitle = 'No closed trades yet',
    emptyDescription = 'The returns of closed trades are shown here as they close.',
    height = DEFAULT_HEIGHT,
    'aria-label': ariaLabel,
    ...rest
  },
  ref,
) {
  const binning = useMemo(() => binReturns(returns, { binWidth, maxBins }), [returns, binWidth, maxBins]);

  return (
    <ChartFigure
      ref={ref}
      {...rest}
      aria-label={ariaLabel ?? `${title} histogram`}
      slot="returns-histogram"
      title={title}
      subject="trade returns"
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
      height={height}
      hasData={binning.bins.length > 0}
      describe={() => describeHistogram(binning)}
      headerContent={<HistogramLegend binning={binning} />}
    >
      <HistogramPlot binning={binning} />
    </ChartFigure>
  );
});

function HistogramLegend({ binning }: { binning: ReturnBinning }) {
  const items: [ReturnBin['kind'], number][] = [
    ['loss', binning.losses],
    ['even', binning.even],
    ['win', binning.wins],
  ];
  return (
    <ul className={styles.legend} aria-label="Trades by result" data-slot="histogram-legend">
      {items
        .filter(([kind, count]) => kind !== 'even' || count > 0)
        .map(([kind, count]) => (
          <li key={kind} className={styles.legendItem}>
            <span className={styles.swatch({ kind })} aria-hidden="true" />
            {KIND_NAMES[kind]} {count}
          </li>
        ))}
    </ul>
  );
}

/** What Victory hands a bar's data component: pixel positions and the bin. */
interface BarGlyphProps {
  x?: number;
  y?: number;
  y0?: number;
  barWidth?: number;
  datum?: { kind?: ReturnBin['kind'] };
  hatchId?: string;
}

/**
 * One bar: a rect coloured by its kind; losses also carry the hatch. The break-even bar is one return (0%), not a
 * range of them: drawn a bin wide it read as a bin of trades around 0%, so it is a narrow bar at 0% (its place on
 * the axis, between the 0% ticks, stays a bin wide).
 */
function BarGlyph({ x = 0, y = 0, y0 = 0, barWidth = 1, datum, hatchId }: BarGlyphProps) {
  const kind = datum?.kind ?? 'win';
  const top = Math.min(y, y0);
  const height = Math.abs(y0 - y);
  const width = kind === 'even' ? Math.min(barWidth, Math.max(EVEN_BAR_MIN_PX, barWidth * EVEN_BAR_SHARE)) : barWidth;
  return (
    <g data-slot="histogram-bar" data-kind={kind}>
      <rect className={styles.bar({ kind })} x={x - width / 2} y={top} width={width} height={height} />
      {kind === 'loss' && height > 0 && (
        <rect fill={`url(#${hatchId})`} x={x - width / 2} y={top} width={width} height={height} />
      )}
    </g>
  );
}

function HistogramPlot({ binning }: { binning: ReturnBinning }) {
  const { ref: areaRef, measured, width, height } = usePlotSize();
  const hatchId = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const tooltipId = useId();
  const { bins, binWidth } = binning;
  const decimals = decimalsOf(binWidth);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const plotTop = MARGIN.top;
  const plotLeft = MARGIN.left;
  const plotRight = Math.max(plotLeft + 1, width - MARGIN.right);
  const plotBottom = Math.max(plotTop + 1, height - MARGIN.bottom);
  const slot = (plotRight - plotLeft) / bins.length;
  const maxCount = Math.max(1, ...bins.map((bin) => bin.count));
  const countTicks = priceTicks(0, maxCount, Math.max(2, Math.floor((plotBottom - plotTop) / 32))).filter(
    Number.isInteger,
  );
  const top = Math.max(maxCount, countTicks[countTicks.length - 1] ?? maxCount);
  const yOf = (count: number) => plotBottom - (count / top) * (plotBottom - plotTop);
  const xOf = (index: number) => plotLeft + (index + 0.5) * slot;
  const data = bins.map((bin, i) => ({ x: i, y: bin.count, kind: bin.kind }));

  // Return labels under the bars, as many as fit the measured width; zero is always labelled.
  const returnLabels = returnAxisLabels({ bins, binWidth, left: plotLeft, right: plotRight, width });

  const tabStop = focusIndex ?? bins.findIndex((bin) => bin.count === maxCount);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const keys: Record<string, number> = {
      ArrowLeft: tabStop - 1,
      ArrowDown: tabStop - 1,
      ArrowRight: tabStop + 1,
      ArrowUp: tabStop + 1,
      Home: 0,
      End: bins.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(bins.length - 1, Math.max(0, target));
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };
  const active = activeIndex === null ? undefined : bins[activeIndex];

  return (
    <div ref={areaRef} className={chart.plot} data-slot="chart-plot">
      {measured && (
        <svg className={chart.svg} width={width} height={height} aria-hidden="true" focusable="false">
          <defs>
            <pattern id={hatchId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <line className={styles.hatch} x1="0" y1="0" x2="0" y2="6" />
            </pattern>
          </defs>
          <path
            className={chart.gridLines}
            d={countTicks.map((count) => `M${plotLeft},${yOf(count)}H${plotRight}`).join('')}
          />
          {countTicks.map((count) => (
            <text
              key={count}
              className={chart.tickLabel}
              x={plotLeft - 6}
              y={yOf(count)}
              textAnchor="end"
              dominantBaseline="central"
            >
              {count}
            </text>
          ))}
          <VictoryBar
            standalone={false}
            width={width}
            height={height}
            padding={{ top: plotTop, bottom: height - plotBottom, left: plotLeft, right: width - plotRight }}
            domain={{ x: [-0.5, bins.length - 0.5], y: [0, top] }}
            data={data}
            barWidth={Math.max(1, slot - 2)}
            dataComponent={<BarGlyph hatchId={hatchId} />}
          />
          <path
            className={chart.axisLines}
            d={
              `M${plotLeft},${plotBottom}H${plotRight}` +
              returnLabels.flatMap(({ ticks }) => ticks.map((x) => `M${x},${plotBottom}v4`)).join('')
            }
          />
          {returnLabels.map(({ x, label, anchor }) => (
            <text
              key={label}
              data-slot="return-label"
              className={chart.tickLabel}
              x={x}
              y={plotBottom + 8}
              textAnchor={anchor}
              dominantBaseline="hanging"
            >
              {label}
            </text>
          ))}
        </svg>
      )}
      <div
        role="toolbar"
        aria-label="Return bins"
        aria-orientation="horizontal"
        className={styles.bins}
        data-slot="histogram-bins"
        onKeyDown={onKeyDown}
      >
        {bins.map((bin, i) => (
          <button
            key={`${bin.kind}:${bin.from}`}
            ref={(node) => {
              buttons.current[i] = node;
            }}
            type="button"
            tabIndex={i === tabStop ? 0 : -1}
            data-slot="histogram-bin"
            data-kind={bin.kind}
            className={styles.binButton}
            style={{ left: plotLeft + i * slot, top: plotTop, width: slot, height: plotBottom - plotTop }}
            aria-label={describeBin(bin, decimals)}
            aria-describedby={activeIndex === i ? tooltipId : undefined}
            onPointerEnter={() => setActiveIndex(i)}
            onPointerLeave={() => setActiveIndex((current) => (current === i ? null : current))}
            onFocus={() => {
              setActiveIndex(i);
              setFocusIndex(i);
            }}
            onBlur={() => setActiveIndex((current) => (current === i ? null : current))}
          />
        ))}
        {active && activeIndex !== null && (
          <div
            role="tooltip"
            id={tooltipId}
            className={clsx(chart.tooltip, styles.tooltip)}
            style={{
              left: Math.min(Math.max(xOf(activeIndex), 80), width - 80),
              top: Math.max(plotTop, yOf(active.count)),
            }}
          >
            <div className={chart.tooltipTitle}>{trades(active.count)}</div>
            <div>{binRange(active, decimals)}</div>
          </div>
        )}
      </div>
    </div>
  );
}
