import { clsx } from 'clsx';
import {
  forwardRef,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { VictoryArea } from 'victory';
import { useControllableState } from '../../hooks/useControllableState';
import { usePlotSize } from '../../hooks/usePlotSize';
import { visuallyHidden } from '../../theme/focus.css';
import { vars } from '../../theme/contract.css';
import { timeZoneLabel, wallClock, type TimeZoneMode } from '../../time/time-zone';
import { HOUR, MINUTE } from '../CandlestickChart/aggregate';
import * as chart from '../CandlestickChart/CandlestickChart.css';
import { ChartFigure, type ChartFrameProps } from '../CandlestickChart/ChartFigure';
import { defaultFormatPrice, formatCandleTime, formatClock } from '../CandlestickChart/format';
import { priceTicks } from '../CandlestickChart/ticks';
import {
  downsampleEquity,
  EQUITY_RANGES,
  maxDrawdownOf,
  nearestIndex,
  RANGE_NAMES,
  readEquity,
  samplesInRange,
  timeAxisTicks,
  type EquityPoint,
  type EquityRange,
  type EquitySample,
} from './equity';
import * as styles from './EquityChart.css';

export interface EquityChartProps extends ChartFrameProps, Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'title'> {
  /** The equity curve, oldest first: equity with its drawdown from the running peak. */
  points: readonly EquityPoint[];
  /** The account's starting balance, drawn as a dashed reference line. */
  startingBalance?: number | null;
  /** The range shown (controlled); `defaultRange` when uncontrolled. */
  range?: EquityRange;
  defaultRange?: EquityRange;
  onRangeChange?: (range: EquityRange) => void;
  /** Formats amounts on the axis, legend and summary. Pass a stable function. */
  formatValue?: (value: number) => string;
  /** Which zone times are shown in, always named: the viewer's `local` zone or `UTC`. */
  timeZone?: TimeZoneMode;
}

const DEFAULT_HEIGHT = 360;
const TOP_PX = 8;
const PANE_GAP_PX = 10;
const TIME_AXIS_PX = 24;
const EQUITY_SHARE = 0.72;
const AXIS_CHAR_PX = 7.5;
const AXIS_PADDING_PX = 14;
const MIN_AXIS_PX = 56;
const VALUE_PADDING = 0.08;
const TAG_PX = 18;
/** Height of an axis label's line (12px text). */
const LABEL_LINE_PX = 14;
/** Least room between two time labels, past their own widths. */
const TIME_LABEL_GAP_PX = 16;

/**
 * The time axis's labels for a plot `width` px wide: as many as fit with each label's estimated width (its
 * characters at the axis font's advance) and a gap between neighbours, then any that would still come closer
 * than that (or be cut at an edge) left out, so no two ever overlap at any width.
 */
function spacedTimeTicks(
  domain: readonly [number, number],
  width: number,
  xOf: (time: number) => number,
  zone: TimeZoneMode,
): { time: number; label: string }[] {
  const labelPx = (label: string) => label.length * AXIS_CHAR_PX;
  // Dates ("12 Mar") are the widest labels the axis writes.
  const room = Math.max(64, labelPx('12 Mar') + TIME_LABEL_GAP_PX);
  const kept: { time: number; label: string }[] = [];
  let lastRight = -Infinity;
  for (const tick of timeAxisTicks(domain[0], domain[1], width, zone, room)) {
    const x = xOf(tick.time);
    const half = labelPx(tick.label) / 2;
    if (x - half < 0 || x + half > width || x - half < lastRight + TIME_LABEL_GAP_PX) continue;
    kept.push(tick);
    lastRight = x + half;
  }
  // A curve shorter than the smallest step (a few seconds of fills) still says when: its middle's minute.
  if (kept.length === 0 && domain[1] > domain[0]) {
    const middle = (domain[0] + domain[1]) / 2;
    const label = formatClock(wallClock(middle, zone));
    if (labelPx(label) <= width) kept.push({ time: middle, label });
  }
  return kept;
}

const percent = (value: number) => `${value.toFixed(2)}%`;

function formatTime(time: number, zone: TimeZoneMode): string {
  return formatCandleTime(time, MINUTE, zone);
}

/** One point in words: the crosshair's value text and the legend's content. */
function describePoint(sample: EquitySample, formatValue: (value: number) => string, zone: TimeZoneMode): string {
  const drawdown =
    sample.drawdown === 0
      ? 'no drawdown'
      : `drawdown −${percent(sample.drawdownPct)} (−${formatValue(sample.drawdown)})`;
  return `${formatTime(sample.time, zone)}: equity ${formatValue(sample.equity)}, ${drawdown}`;
}

/** The sentence screen readers get for the range shown: where equity started and ended, and the deepest drawdown. */
export function describeEquity(
  samples: readonly EquitySample[],
  range: EquityRange,
  formatValue: (value: number) => string,
  zone: TimeZoneMode,
): string {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last) return 'No equity points.';
  const change = last.equity - first.equity;
  const changePct = first.equity === 0 ? 0 : (change / Math.abs(first.equity)) * 100;
  const sign = change < 0 ? '−' : '+';
  const deepest = maxDrawdownOf(samples) as EquitySample;
  const drawdown =
    deepest.drawdownPct === 0
      ? 'No drawdown.'
      : `Max drawdown ${percent(deepest.drawdownPct)} (${formatValue(deepest.drawdown)}) at ${formatTime(deepest.time, zone)}.`;
  return (
    `${RANGE_NAMES[range]}: equity from ${formatValue(first.equity)} at ${formatTime(first.time, zone)} ` +
    `to ${formatValue(last.equity)} at ${formatTime(last.time, zone)}, ${sign}${formatValue(Math.abs(change))} ` +
    `(${sign}${Math.abs(changePct).toFixed(2)}%). ${drawdown}`
  );
}

/**
 * An account's equity over time with its drawdown beneath, drawn with Victory: equity as an area in the
 * upper pane with the starting balance as a dashed line, drawdown (percent below the running peak) as a
 * negative area in a smaller pane, on one time axis. A crosshair with a legend follows the mouse, a touch
 * or the arrow keys point by point; range presets (1D, 1W, 1M, 3M, All) pick the span. However long the
 * history, at most 400 points go to Victory, chosen so that peaks, troughs and the deepest drawdowns stay.
 */
export const EquityChart = forwardRef<HTMLDivElement, EquityChartProps>(function EquityChart(
  {
    points,
    startingBalance = null,
    range: rangeProp,
    defaultRange = 'All',
    onRangeChange,
    title = 'Equity',
    emptyTitle = 'No closed trades yet',
    emptyDescription = 'Equity is drawn here once the first trade closes.',
    formatValue = defaultFormatPrice,
    timeZone = 'local',
    height = DEFAULT_HEIGHT,
    'aria-label': ariaLabel,
    ...rest
  },
  ref,
) {
  const [range, setRange] = useControllableState<EquityRange>({
    prop: rangeProp,
    defaultProp: defaultRange,
    onChange: onRangeChange,
  });
  const samples = useMemo(() => readEquity(points), [points]);
  const shown = useMemo(() => samplesInRange(samples, range), [samples, range]);

  return (
    <ChartFigure
      ref={ref}
      {...rest}
      aria-label={ariaLabel ?? `${title} chart`}
      slot="equity-chart"
      title={title}
      subject="the equity curve"
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
      height={height}
      hasData={shown.length > 0}
      describe={() => describeEquity(shown, range, formatValue, timeZone)}
      headerContent={<RangePresets value={range} onChange={setRange} />}
    >
      <EquityPlot samples={shown} startingBalance={startingBalance} formatValue={formatValue} timeZone={timeZone} />
    </ChartFigure>
  );
});

/** The range presets: a radio group whose arrow keys move the choice (and focus) along the presets. */
function RangePresets({ value, onChange }: { value: EquityRange; onChange: (range: EquityRange) => void }) {
  const buttons = useRef(new Map<EquityRange, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const current = EQUITY_RANGES.indexOf(value);
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      Home: 0,
      End: EQUITY_RANGES.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = EQUITY_RANGES[(target + EQUITY_RANGES.length) % EQUITY_RANGES.length] as EquityRange;
    onChange(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div role="radiogroup" aria-label="Range" className={styles.presets} data-slot="range-presets">
      {EQUITY_RANGES.map((range) => (
        <button
          key={range}
          ref={(node) => {
            if (node) buttons.current.set(range, node);
            else buttons.current.delete(range);
          }}
          type="button"
          role="radio"
          aria-checked={range === value}
          aria-label={RANGE_NAMES[range]}
          tabIndex={range === value ? 0 : -1}
          data-state={range === value ? 'on' : 'off'}
          className={styles.preset}
          onClick={() => onChange(range)}
          onKeyDown={onKeyDown}
        >
          {range}
        </button>
      ))}
    </div>
  );
}

interface Frame {
  width: number;
  height: number;
  plotRight: number;
  equityTop: number;
  equityBottom: number;
  drawdownTop: number;
  drawdownBottom: number;
}

function computeFrame(width: number, height: number, axisWidth: number): Frame {
  const drawdownBottom = Math.max(TOP_PX + 20, height - TIME_AXIS_PX);
  const equityBottom = Math.round(TOP_PX + (drawdownBottom - TOP_PX - PANE_GAP_PX) * EQUITY_SHARE);
  return {
    width,
    height,
    plotRight: Math.max(1, width - axisWidth),
    equityTop: TOP_PX,
    equityBottom,
    drawdownTop: equityBottom + PANE_GAP_PX,
    drawdownBottom,
  };
}

type Scale = (value: number) => number;
const linear =
  (domain: readonly [number, number], from: number, to: number): Scale =>
  (value) =>
    from + ((value - domain[0]) / (domain[1] - domain[0])) * (to - from);

interface EquityPlotProps {
  samples: readonly EquitySample[];
  startingBalance: number | null;
  formatValue: (value: number) => string;
  timeZone: TimeZoneMode;
}

function EquityPlot({ samples, startingBalance, formatValue, timeZone }: EquityPlotProps) {
  const area = usePlotSize();
  const surfaceRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const crosshairRef = useRef<HTMLDivElement>(null);
  const helpId = useId();

  const drawn = useMemo(() => downsampleEquity(samples), [samples]);
  const first = drawn[0] as EquitySample;
  const last = drawn[drawn.length - 1] as EquitySample;

  let low = Infinity;
  let high = -Infinity;
  let deepest = 0;
  for (const sample of drawn) {
    low = Math.min(low, sample.equity);
    high = Math.max(high, sample.equity);
    deepest = Math.max(deepest, sample.drawdownPct);
  }
  if (startingBalance !== null && Number.isFinite(startingBalance)) {
    low = Math.min(low, startingBalance);
    high = Math.max(high, startingBalance);
  }
  const pad = (high - low) * VALUE_PADDING || Math.max(1, Math.abs(high) * 0.01);
  const valueDomain = [low - pad, high + pad] as const;
  const drawdownDomain = [-(deepest * 1.1 || 1), 0] as const;
  const timeDomain =
    last.time > first.time ? ([first.time, last.time] as const) : ([first.time - HOUR, last.time + HOUR] as const);

  const axisWidth = Math.max(
    MIN_AXIS_PX,
    Math.ceil(
      Math.max(formatValue(valueDomain[0]).length, formatValue(valueDomain[1]).length) * AXIS_CHAR_PX + AXIS_PADDING_PX,
    ),
  );
  const frame = computeFrame(area.width, area.height, axisWidth);
  const xOf = linear(timeDomain, 0, frame.plotRight);
  const yOfValue = linear(valueDomain, frame.equityBottom, frame.equityTop);
  const yOfDrawdown = linear(drawdownDomain, frame.drawdownBottom, frame.drawdownTop);

  // Each axis label keeps clear of its neighbours: value labels above the drawdown pane's "0%" (centred on the
  // pane's top edge), drawdown labels above the time axis, and time labels a label's width plus a gap apart, whatever the plot's width.
  const labelHalf = LABEL_LINE_PX / 2;
  const valueTicks = priceTicks(
    valueDomain[0],
    valueDomain[1],
    Math.max(2, Math.floor((frame.equityBottom - frame.equityTop) / 40)),
  ).filter((value) => {
    const y = yOfValue(value);
    // Clear of the drawdown pane's top label ("0%"), centred on the pane's top edge.
    return y - labelHalf >= 0 && y + labelHalf <= frame.drawdownTop - labelHalf;
  });
  const drawdownTicks = priceTicks(drawdownDomain[0], 0, 2).filter((tick) => {
    const y = yOfDrawdown(tick);
    return tick > drawdownDomain[0] && y + labelHalf <= frame.drawdownBottom;
  });
  const timeTicks = spacedTimeTicks(timeDomain, frame.plotRight, xOf, timeZone);

  // The crosshair: drawn through refs, so moving it renders nothing.
  const active = useRef<number | null>(null);
  const frameRequest = useRef<number | null>(null);
  const plot = useRef({ drawn, frame, xOf, yOfValue, yOfDrawdown, formatValue, timeZone });
  const draw = useCallback(() => {
    const {
      drawn: points,
      frame: f,
      xOf: x,
      yOfValue: yv,
      yOfDrawdown: yd,
      formatValue: format,
      timeZone: zone,
    } = plot.current;
    const index = active.current;
    const shownIndex = index ?? points.length - 1;
    const sample = points[shownIndex] as EquitySample;
    const legend = legendRef.current;
    if (legend) {
      const fields = legend.querySelectorAll<HTMLElement>('[data-field]');
      fields.forEach((node) => {
        const text =
          node.dataset.field === 'time'
            ? formatTime(sample.time, zone)
            : node.dataset.field === 'equity'
              ? format(sample.equity)
              : sample.drawdown === 0
                ? '0.00%'
                : `−${percent(sample.drawdownPct)} (−${format(sample.drawdown)})`;
        if (node.textContent !== text) node.textContent = text;
      });
    }
    const surface = surfaceRef.current;
    if (surface) {
      surface.setAttribute('aria-valuenow', String(shownIndex));
      surface.setAttribute('aria-valuetext', describePoint(sample, format, zone));
    }
    const root = crosshairRef.current;
    if (!root) return;
    if (index === null) {
      root.dataset.state = 'hidden';
      return;
    }
    root.dataset.state = 'visible';
    const [line, equityDot, drawdownDot] = [...root.children] as HTMLElement[];
    const left = Math.round(x(sample.time)) + 0.5;
    if (line) {
      line.style.height = `${f.drawdownBottom - f.equityTop}px`;
      line.style.transform = `translate(${left}px, ${f.equityTop}px)`;
    }
    if (equityDot) equityDot.style.transform = `translate(${left}px, ${yv(sample.equity)}px)`;
    if (drawdownDot) drawdownDot.style.transform = `translate(${left}px, ${yd(-sample.drawdownPct)}px)`;
  }, []);
  useLayoutEffect(() => {
    plot.current = { drawn, frame, xOf, yOfValue, yOfDrawdown, formatValue, timeZone };
    if (active.current !== null && active.current >= drawn.length) active.current = drawn.length - 1;
    draw();
  });
  useLayoutEffect(
    () => () => {
      if (frameRequest.current !== null) cancelAnimationFrame(frameRequest.current);
    },
    [],
  );

  const pointAt = (clientX: number) => {
    const surface = surfaceRef.current;
    if (!surface) return;
    const x = clientX - surface.getBoundingClientRect().left;
    const { drawn: points, frame: f } = plot.current;
    const time =
      timeDomain[0] + (Math.min(Math.max(x, 0), f.plotRight) / f.plotRight) * (timeDomain[1] - timeDomain[0]);
    active.current = nearestIndex(points, time);
    if (frameRequest.current === null) {
      frameRequest.current = requestAnimationFrame(() => {
        frameRequest.current = null;
        draw();
      });
    }
  };
  const hide = () => {
    active.current = null;
    draw();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => pointAt(event.clientX);
  const onPointerLeave = (event: PointerEvent<HTMLDivElement>) => {
    // A touch lifts off the screen: its crosshair stays until the next touch, as a tooltip would.
    if (event.pointerType === 'mouse') hide();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const count = plot.current.drawn.length;
    const current = active.current;
    let next: number;
    switch (event.key) {
      case 'ArrowLeft':
        next = current === null ? count - 1 : current - 1;
        break;
      case 'ArrowRight':
        next = current === null ? count - 1 : current + 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Escape':
        if (current === null) return;
        event.preventDefault();
        hide();
        return;
      default:
        return;
    }
    event.preventDefault();
    active.current = Math.min(count - 1, Math.max(0, next));
    draw();
  };

  const startY = startingBalance !== null && Number.isFinite(startingBalance) ? yOfValue(startingBalance) : null;

  return (
    <>
      <div
        ref={legendRef}
        role="group"
        aria-label="Equity values"
        className={clsx(chart.legend, styles.legend)}
        data-slot="chart-legend"
      >
        <span className={chart.legendItem} data-field="time" />{' '}
        <span className={chart.legendItem}>
          Equity <span className={styles.legendValue} data-field="equity" />
        </span>{' '}
        <span className={chart.legendItem}>
          Drawdown <span className={styles.legendValue} data-field="drawdown" />
        </span>
      </div>
      <div ref={area.ref} className={chart.plot} data-slot="chart-plot">
        <div
          ref={surfaceRef}
          role="slider"
          tabIndex={0}
          aria-label="Crosshair"
          aria-describedby={helpId}
          aria-valuemin={0}
          aria-valuemax={drawn.length - 1}
          aria-valuenow={drawn.length - 1}
          className={clsx(chart.surface, styles.surface)}
          data-slot="chart-surface"
          data-points={drawn.length}
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          onPointerLeave={onPointerLeave}
          onKeyDown={onKeyDown}
          onBlur={hide}
        >
          {area.measured && (
            <EquitySvg
              drawn={drawn}
              frame={frame}
              timeDomain={timeDomain}
              valueDomain={valueDomain}
              drawdownDomain={drawdownDomain}
              valueTicks={valueTicks}
              drawdownTicks={drawdownTicks}
              timeTicks={timeTicks}
              startY={startY}
              startingBalance={startingBalance}
              formatValue={formatValue}
              xOf={xOf}
              yOfValue={yOfValue}
              yOfDrawdown={yOfDrawdown}
            />
          )}
        </div>
        <div ref={crosshairRef} className={chart.crosshair} data-state="hidden" aria-hidden="true">
          <div className={clsx(chart.crosshairVertical, styles.crosshairLine)} />
          <div className={styles.dot} data-series="equity" />
          <div className={styles.dot} data-series="drawdown" />
        </div>
        {area.measured && (
          <span
            className={chart.zoneLabel}
            style={{ left: frame.plotRight, top: frame.drawdownBottom, width: frame.width - frame.plotRight }}
            title="Times on this chart are in this zone"
          >
            {timeZoneLabel(timeZone, last.time)}
          </span>
        )}
      </div>
      <p id={helpId} className={visuallyHidden}>
        Left and right arrow keys move the crosshair from point to point, Home and End jump to the first and last point,
        Escape hides the crosshair.
      </p>
    </>
  );
}

interface EquitySvgProps {
  drawn: readonly EquitySample[];
  frame: Frame;
  timeDomain: readonly [number, number];
  valueDomain: readonly [number, number];
  drawdownDomain: readonly [number, number];
  valueTicks: readonly number[];
  drawdownTicks: readonly number[];
  timeTicks: readonly { time: number; label: string }[];
  startY: number | null;
  startingBalance: number | null;
  formatValue: (value: number) => string;
  xOf: Scale;
  yOfValue: Scale;
  yOfDrawdown: Scale;
}

const EQUITY_STYLE = {
  data: { fill: vars.color.up, fillOpacity: 0.14, stroke: vars.color.up, strokeWidth: 1.5 },
};
const DRAWDOWN_STYLE = {
  data: { fill: vars.color.down, fillOpacity: 0.3, stroke: vars.color.down, strokeWidth: 1 },
};

/** The picture: axes, both areas and the starting balance (the crosshair is drawn over it, outside React). */
function EquitySvg({
  drawn,
  frame,
  timeDomain,
  valueDomain,
  drawdownDomain,
  valueTicks,
  drawdownTicks,
  timeTicks,
  startY,
  startingBalance,
  formatValue,
  xOf,
  yOfValue,
  yOfDrawdown,
}: EquitySvgProps) {
  const { width, height, plotRight, equityTop, equityBottom, drawdownTop, drawdownBottom } = frame;
  const equityData = drawn.map((sample) => ({ x: sample.time, y: sample.equity }));
  const drawdownData = drawn.map((sample) => ({ x: sample.time, y: -sample.drawdownPct, y0: 0 }));
  const padding = (top: number, bottom: number) => ({
    top,
    bottom: height - bottom,
    left: 0,
    right: width - plotRight,
  });
  const grid =
    valueTicks.map((value) => `M0,${yOfValue(value)}H${plotRight}`).join('') +
    drawdownTicks.map((value) => `M0,${yOfDrawdown(value)}H${plotRight}`).join('') +
    timeTicks.map((tick) => `M${xOf(tick.time)},${equityTop}V${drawdownBottom}`).join('');
  const axes =
    `M0,${drawdownBottom}H${plotRight}M${plotRight},${equityTop}V${equityBottom}M${plotRight},${drawdownTop}V${drawdownBottom}` +
    timeTicks.map((tick) => `M${xOf(tick.time)},${drawdownBottom}v4`).join('');
  const tagTop = startY === null ? 0 : Math.min(Math.max(0, startY - TAG_PX / 2), height - TAG_PX);
  return (
    <svg className={chart.svg} width={width} height={height} aria-hidden="true" focusable="false">
      <path className={chart.gridLines} d={grid} />
      <path className={chart.axisLines} d={axes} />
      <g data-slot="equity-area">
        <VictoryArea
          standalone={false}
          width={width}
          height={height}
          padding={padding(equityTop, equityBottom)}
          domain={{ x: [timeDomain[0], timeDomain[1]], y: [valueDomain[0], valueDomain[1]] }}
          data={equityData}
          // Equity changes only at a fill: flat until the next one, not a slope drawn across the time between.
          interpolation="stepAfter"
          style={EQUITY_STYLE}
        />
      </g>
      <g data-slot="drawdown-area">
        <VictoryArea
          standalone={false}
          width={width}
          height={height}
          padding={padding(drawdownTop, drawdownBottom)}
          domain={{ x: [timeDomain[0], timeDomain[1]], y: [drawdownDomain[0], drawdownDomain[1]] }}
          data={drawdownData}
          interpolation="stepAfter"
          style={DRAWDOWN_STYLE}
        />
      </g>
      {startY !== null && startingBalance !== null && (
        <g data-slot="starting-balance">
          <line className={chart.priceLine({ kind: 'custom' })} x1={0} x2={plotRight} y1={startY} y2={startY} />
          <rect
            className={chart.priceLineTag({ kind: 'custom' })}
            x={plotRight}
            y={tagTop}
            width={width - plotRight}
            height={TAG_PX}
          />
          <text
            className={chart.priceLineTagText({ kind: 'custom' })}
            x={plotRight + 6}
            y={tagTop + TAG_PX / 2}
            dominantBaseline="central"
          >
            {formatValue(startingBalance)}
          </text>
          <text
            className={chart.priceLineLabel({ kind: 'custom' })}
            x={6}
            y={Math.max(equityTop + TAG_PX / 2, startY - TAG_PX / 2)}
            dominantBaseline="central"
          >
            Starting balance
          </text>
        </g>
      )}
      {/* Axis labels the starting balance's tag would cover are left out. */}
      {valueTicks
        .filter((value) => startY === null || Math.abs(yOfValue(value) - startY) >= TAG_PX)
        .map((value) => (
          <text
            key={value}
            data-slot="value-label"
            className={chart.tickLabel}
            x={plotRight + 8}
            y={yOfValue(value)}
            dominantBaseline="central"
          >
            {formatValue(value)}
          </text>
        ))}
      {drawdownTicks.map((value) => (
        <text
          key={value}
          data-slot="drawdown-label"
          className={chart.tickLabel}
          x={plotRight + 8}
          y={yOfDrawdown(value)}
          dominantBaseline="central"
        >
          {value === 0 ? '0%' : `−${Math.abs(value)}%`}
        </text>
      ))}
      <text className={chart.priceLineLabel({ kind: 'custom' })} x={6} y={drawdownTop + 10} dominantBaseline="central">
        Drawdown
      </text>
      {timeTicks.map((tick) => (
        <text
          key={tick.time}
          data-slot="time-label"
          className={chart.tickLabel}
          x={xOf(tick.time)}
          y={drawdownBottom + 8}
          textAnchor="middle"
          dominantBaseline="hanging"
        >
          {tick.label}
        </text>
      ))}
    </svg>
  );
}
