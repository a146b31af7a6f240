import { clsx } from 'clsx';
import {
  forwardRef,
  Fragment,
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { ChevronsRightIcon } from '../../icons/ChevronsRightIcon';
import { usePlotSize } from '../../hooks/usePlotSize';
import { visuallyHidden } from '../../theme/focus.css';
import { timeZoneLabel, type TimeZoneMode } from '../../time/time-zone';
import { Button } from '../Button';
import { formatIntervalMs, inferIntervalMs, parseInterval } from './aggregate';
import * as styles from './CandlestickChart.css';
import { Crosshair, type LegendField } from './crosshair';
import { defaultFormatPrice, describeChart } from './format';
import { IndicatorPanes, OverlayLayer } from './IndicatorLayer';
import { IndicatorsMenu } from './IndicatorsMenu';
import { useChartInteractions } from './interactions';
import { DEFAULT_PANE_SIZES, type ChartPaneSizes } from './panes';
import { PaneSeparator } from './PaneSeparator';
import { PriceAxisHandle } from './PriceAxisHandle';
import type { PriceScaleMode } from './scales';
import { MAX_VOLUME_SHARE, MIN_VOLUME_SHARE } from './geometry';
import { ChartPlaceholder, ChartStatus } from './ChartStates';
import { yOfPrice } from './geometry';
import { AxesLayer, FormingLayer, SettledLayer } from './layers';
import { MarkerLayer } from './MarkerLayer';
import { layoutMarkers, markerRoom, markerRoomKey } from './markers';
import { useChartModel } from './model';
import { layoutPriceLines, placePriceTags } from './price-lines';
import { PriceLineLayer } from './PriceLineLayer';
import { NO_INDICATORS, overlayKey, type ChartIndicators } from './studies';
import { TradeLayer } from './TradeLayer';
import { labelTradePins, pinBox, placeTradePins } from './trades';
import type { Candle, ChartMarker, PriceLine, TradeMarker } from './types';
import { defaultSpan, LIVE_EDGE, type Viewport } from './viewport';

export interface CandlestickChartProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The whole loaded history, oldest first; the last candle is the forming one that live ticks edit. */
  candles: readonly Candle[];
  /** The candle interval (`1m`, `15m`, `1h`, `1d`...): names the chart and sizes its candles. */
  interval: string;
  /** The pair, as traders write it: `BTC/USD`. */
  symbol: string;
  /** Signals to draw: buys below their candle, sells above it. */
  markers?: readonly ChartMarker[];
  /** Candles are being fetched: a loading state without candles, a small indicator with them. */
  loading?: boolean;
  /** Why the candles could not be loaded; an error state with a retry button (a notice if candles remain). */
  error?: string | null;
  onRetry?: () => void;
  onMarkerClick?: (marker: ChartMarker) => void;
  /** Height of the whole chart; the plot takes what the header leaves. Width follows the container. */
  height?: number | string;
  /**
   * Formats prices on the axis, legend and tooltips. Pass a stable function (module level or
   * `useCallback`): a new one redraws every layer.
   */
  formatPrice?: (value: number) => string;
  /** Which zone times are shown in (axis, crosshair, legend, tooltips), always named: the viewer's `local` zone or `UTC`. */
  timeZone?: TimeZoneMode;
  /**
   * A time to show (ms since the epoch), for example a signal's: the view centres on it when it is set or
   * changes, then follows the trader's zoom and pan as usual. Null or absent: the live edge.
   */
  focusTime?: number | null;
  /** The id of the marker shown as selected (ringed, `aria-current`), for example the signal a link opened. */
  selectedMarkerId?: string | null;
  /** Horizontal lines at prices, such as an open position's entry, stop and target, each tagged on the price axis. */
  priceLines?: readonly PriceLine[];
  /** Trade fills to flag at their price and time, drawn unlike the signal markers. */
  trades?: readonly TradeMarker[];
  onTradeClick?: (trade: TradeMarker) => void;
  /** The indicators shown: overlays on the price pane (SMA, EMA, Bollinger Bands, VWAP), RSI and MACD in panes below. */
  indicators?: ChartIndicators;
  /** Called with the new settings when the trader changes them; the header shows an Indicators menu when given. */
  onIndicatorsChange?: (next: ChartIndicators) => void;
  /** Sizes of the volume and indicator panes; the trader resizes them by dragging their separators. Uncontrolled when absent. */
  paneSizes?: ChartPaneSizes;
  /** Called with the new sizes when the trader resizes a pane (to store them). */
  onPaneSizesChange?: (next: ChartPaneSizes) => void;
  /** The price axis: `linear` (the default), `log`, or `percent` (labelled as the change from the first candle on screen). */
  priceScale?: PriceScaleMode;
  /** Shows the scale switch in the header; called with the trader's choice. */
  onPriceScaleChange?: (next: PriceScaleMode) => void;
  /**
   * Called when the view comes within 20 candles of the oldest one (panning or zooming back), to load older
   * candles: pass them in front of `candles` and the view stays where it is.
   */
  onReachStart?: () => void;
}

const NO_MARKERS: readonly ChartMarker[] = [];
const NO_PRICE_LINES: readonly PriceLine[] = [];
const NO_TRADES: readonly TradeMarker[] = [];
const DEFAULT_HEIGHT = 400;
const PRICE_TAG_PX = 18;

/**
 * A live candlestick chart: candles drawn with Victory, volume and time and price axes as plain
 * SVG on the same scales, a crosshair with an OHLCV legend (mouse, touch, keyboard), signal
 * markers, zoom and pan that survive live updates, and loading, empty and error states. However long the history, at most 200 candles
 * are drawn: zoomed-out views use coarser candles.
 */
export const CandlestickChart = forwardRef<HTMLDivElement, CandlestickChartProps>(function CandlestickChart(
  {
    candles,
    interval,
    symbol,
    markers = NO_MARKERS,
    loading = false,
    error = null,
    onRetry,
    onMarkerClick,
    height = DEFAULT_HEIGHT,
    formatPrice = defaultFormatPrice,
    timeZone = 'local',
    focusTime = null,
    selectedMarkerId = null,
    priceLines = NO_PRICE_LINES,
    trades = NO_TRADES,
    onTradeClick,
    indicators = NO_INDICATORS,
    onIndicatorsChange,
    paneSizes,
    onPaneSizesChange,
    priceScale = 'linear',
    onPriceScaleChange,
    onReachStart,
    className,
    style,
    'aria-label': ariaLabel,
    'aria-describedby': ariaDescribedBy,
    ...rest
  },
  ref,
) {
  const summaryId = useId();
  const name = `${symbol} ${interval}`;
  const intervalMs = parseInterval(interval) ?? inferIntervalMs(candles);
  const hasCandles = candles.length > 0;
  const placeholder = error ? 'error' : loading ? 'loading' : 'empty';
  const state = hasCandles ? 'ready' : placeholder;
  const summary = hasCandles
    ? describeChart({ name, candles, intervalMs, formatPrice, timeZone })
    : state === 'error'
      ? `${name}: candles could not be loaded.`
      : state === 'loading'
        ? `${name}: loading candles.`
        : `${name}: no candles yet.`;
  const title = `${symbol} · ${interval}`;

  const status = hasCandles ? <ChartStatus loading={loading} error={error} onRetry={onRetry} /> : null;

  return (
    <div
      ref={ref}
      role="figure"
      aria-label={ariaLabel ?? `${name} candlestick chart`}
      aria-describedby={clsx(summaryId, ariaDescribedBy)}
      aria-busy={loading || undefined}
      data-slot="candlestick-chart"
      data-state={state}
      className={clsx(styles.root, className)}
      style={{ height, ...style }}
      {...rest}
    >
      {hasCandles ? (
        <ChartPlot
          candles={candles}
          baseMs={intervalMs}
          resetKey={name}
          title={title}
          status={status}
          markers={markers}
          formatPrice={formatPrice}
          timeZone={timeZone}
          focusTime={focusTime}
          selectedMarkerId={selectedMarkerId}
          onMarkerClick={onMarkerClick}
          priceLines={priceLines}
          trades={trades}
          onTradeClick={onTradeClick}
          indicators={indicators}
          onIndicatorsChange={onIndicatorsChange}
          paneSizes={paneSizes}
          onPaneSizesChange={onPaneSizesChange}
          priceScale={priceScale}
          onPriceScaleChange={onPriceScaleChange}
          onReachStart={onReachStart}
        />
      ) : (
        <ChartState state={placeholder} name={name} title={title} error={error} onRetry={onRetry} />
      )}
      <p id={summaryId} className={visuallyHidden}>
        {summary}
      </p>
      {hasCandles && priceLines.length > 0 && (
        <ul aria-label="Price lines" className={visuallyHidden}>
          {priceLines.map((line) => (
            <li key={line.id}>
              {line.label} at {formatPrice(line.price)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

function ChartHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.header} data-slot="chart-header">
      <span className={styles.title}>{title}</span>
      {children}
    </div>
  );
}

interface ChartStateProps {
  state: 'loading' | 'empty' | 'error';
  name: string;
  title: string;
  error: string | null;
  onRetry: (() => void) | undefined;
}

function ChartState({ state, name, title, error, onRetry }: ChartStateProps) {
  return (
    <>
      <ChartHeader title={title} />
      <ChartPlaceholder
        state={state}
        loadingTitle={`Loading ${name} candles…`}
        emptyTitle="No candles yet"
        emptyDescription={`${name} has no candles yet. They appear here as soon as market data arrives.`}
        errorTitle={`Couldn’t load ${name} candles`}
        error={error}
        onRetry={onRetry}
      />
    </>
  );
}

const LEGEND_FIELDS: [LegendField, string, string][] = [
  ['open', 'O', 'Open'],
  ['high', 'H', 'High'],
  ['low', 'L', 'Low'],
  ['close', 'C', 'Close'],
  ['volume', 'V', 'Volume'],
];

interface ChartPlotProps {
  candles: readonly Candle[];
  baseMs: number;
  /** The pair and interval; when it changes the view returns to the live edge. */
  resetKey: string;
  title: string;
  status: ReactNode;
  markers: readonly ChartMarker[];
  formatPrice: (value: number) => string;
  timeZone: TimeZoneMode;
  focusTime: number | null;
  selectedMarkerId: string | null;
  onMarkerClick: ((marker: ChartMarker) => void) | undefined;
  priceLines: readonly PriceLine[];
  trades: readonly TradeMarker[];
  onTradeClick: ((trade: TradeMarker) => void) | undefined;
  indicators: ChartIndicators;
  onIndicatorsChange: ((next: ChartIndicators) => void) | undefined;
  paneSizes: ChartPaneSizes | undefined;
  onPaneSizesChange: ((next: ChartPaneSizes) => void) | undefined;
  priceScale: PriceScaleMode;
  onPriceScaleChange: ((next: PriceScaleMode) => void) | undefined;
  onReachStart: (() => void) | undefined;
}

/** How close to the oldest candle (in candles drawn) the view gets before older ones are asked for. */
const REACH_START_CANDLES = 20;

function ChartPlot({
  candles,
  baseMs,
  resetKey,
  title,
  status,
  markers,
  formatPrice,
  timeZone,
  focusTime,
  selectedMarkerId,
  onMarkerClick,
  priceLines,
  trades,
  onTradeClick,
  indicators,
  onIndicatorsChange,
  paneSizes,
  onPaneSizesChange,
  priceScale,
  onPriceScaleChange,
  onReachStart,
}: ChartPlotProps) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const crosshairRef = useRef<HTMLDivElement>(null);
  const verticalRef = useRef<HTMLDivElement>(null);
  const horizontalRef = useRef<HTMLDivElement>(null);
  const priceTagRef = useRef<HTMLDivElement>(null);
  const timeTagRef = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const [crosshair] = useState(() => new Crosshair());
  const area = usePlotSize();

  // The view, reset to the live edge when another pair or interval is shown.
  const [view, setView] = useState({ key: resetKey, viewport: LIVE_EDGE });
  if (view.key !== resetKey) setView({ key: resetKey, viewport: LIVE_EDGE });
  const viewport = view.key === resetKey ? view.viewport : LIVE_EDGE;
  const setViewport = useCallback((next: Viewport) => {
    setView((current) =>
      current.viewport.span === next.span && current.viewport.endTime === next.endTime
        ? current
        : { ...current, viewport: next },
    );
  }, []);

  // Pane sizes: the caller's (to store them), else the chart's own.
  const [ownSizes, setOwnSizes] = useState<ChartPaneSizes>(DEFAULT_PANE_SIZES);
  const sizes = paneSizes ?? ownSizes;
  const sizesRef = useRef(sizes);
  sizesRef.current = sizes;
  const resizePane = useCallback(
    (pane: keyof ChartPaneSizes, value: number) => {
      const next = { ...sizesRef.current, [pane]: value };
      sizesRef.current = next;
      if (onPaneSizesChange) onPaneSizesChange(next);
      else setOwnSizes(next);
    },
    [onPaneSizesChange],
  );

  // The trader's stretch of the price scale (dragging the price axis); another pair or interval fits again.
  const [stretch, setStretch] = useState({ key: resetKey, value: 1 });
  const priceStretch = stretch.key === resetKey ? stretch.value : 1;
  const onStretch = useCallback((value: number) => setStretch({ key: resetKey, value }), [resetKey]);

  const { width, height, measured } = area;
  const model = useChartModel({
    candles,
    baseMs,
    viewport,
    width,
    height,
    formatPrice,
    timeZone,
    volumeShare: sizes.volume,
    priceStretch,
    priceScale,
    indicators,
  });
  const {
    series,
    window: candleWindow,
    frame,
    priceRange,
    bucketMs,
    first,
    last,
    settledVisible,
    formingVisible,
    studies,
  } = model;

  const markerLayout = useMemo(
    () =>
      layoutMarkers({
        markers,
        series,
        window: candleWindow,
        bucketMs,
        frame,
        priceRange,
        priorityId: selectedMarkerId,
      }),
    [markers, series, candleWindow, bucketMs, frame, priceRange, selectedMarkerId],
  );

  // Pins first, then the price lines' labels clear of them and of the signal markers, then the flags' labels clear of all. Laid out
  // from the candles' times and the price scale, so a tick that only edits the forming candle keeps them.
  const tradePins = useMemo(
    () => placeTradePins({ trades, series: model.timeSeries, window: candleWindow, bucketMs, frame, priceRange }),
    [trades, model.timeSeries, candleWindow, bucketMs, frame, priceRange],
  );
  // The signal markers' room too: a line's label never covers a signal (on a phone the newest candles, where the
  // latest signals sit, are right beside the axis the labels end at). Keyed, so a tick that moves no marker keeps it.
  const markersKey = markerRoomKey(markerLayout);
  const markerBoxes = useMemo(() => markerRoom(markersKey), [markersKey]);
  const priceLineLayout = useMemo(
    () =>
      layoutPriceLines({
        lines: priceLines,
        frame,
        priceRange,
        formatPrice,
        reserved: [...tradePins.map(pinBox), ...markerBoxes],
      }),
    [priceLines, frame, priceRange, formatPrice, tradePins, markerBoxes],
  );
  // A flag's label is kept off the signal markers and their "+N" counts too (drawn over the flags, a count hid a
  // label's price on a phone).
  const tradeLayout = useMemo(
    () =>
      labelTradePins(tradePins, frame, [
        ...priceLineLayout.flatMap((item) => (item.label ? [item.label] : [])),
        ...markerBoxes,
      ]),
    [tradePins, frame, priceLineLayout, markerBoxes],
  );

  // The price lines' tags on the axis, clear of the last price's tag (which moves with every tick: the lines
  // redraw only when a tag has to step aside, so the places are kept by value).
  const lastPriceY = yOfPrice(series.forming.close, priceRange, frame);
  const lastPriceShown = lastPriceY >= frame.priceTop && lastPriceY <= frame.priceBottom;
  const tagTopsKey = JSON.stringify(
    placePriceTags(priceLineLayout, lastPriceShown ? lastPriceY : null, frame, PRICE_TAG_PX),
  );
  const priceTagTops = useMemo(() => JSON.parse(tagTopsKey) as (number | null)[], [tagTopsKey]);

  // Price labels a tag on the axis would cover are left out: the price lines' tags, and the last price's (the
  // axis redraws only when the set of covered labels changes).
  const tagYs = [
    ...priceTagTops.flatMap((top) => (top === null ? [] : [top + PRICE_TAG_PX / 2])),
    ...(lastPriceShown ? [lastPriceY] : []),
  ];
  const coveredKey = model.priceTicks
    .filter((price) => {
      const y = yOfPrice(price, priceRange, frame);
      return tagYs.some((tagY) => Math.abs(tagY - y) < PRICE_TAG_PX);
    })
    .join(',');
  const coveredTicks = useMemo(() => new Set(coveredKey === '' ? [] : coveredKey.split(',').map(Number)), [coveredKey]);

  // The zone's name changes at most with daylight saving: worked out once an hour, not on every tick (a new
  // Intl formatter costs about a millisecond).
  const latestHour = Math.floor((candles[candles.length - 1] as Candle).time / 3_600_000);
  const zoneLabel = useMemo(() => timeZoneLabel(timeZone, latestHour * 3_600_000), [timeZone, latestHour]);

  // A time to show (a signal's, from a link): centre the view on it once the plot's width is known.
  const plotWidth = measured ? frame.plotRight : null;
  useLayoutEffect(() => {
    if (focusTime === null || plotWidth === null) return;
    const halfSpan = Math.floor(defaultSpan(plotWidth) / 2);
    const endTime = focusTime + halfSpan * baseMs;
    setViewport({ span: null, endTime: endTime >= (candles[candles.length - 1] as Candle).time ? null : endTime });
    // Only a new focus time (or pair) moves the view; live candles must not pull it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTime, resetKey, plotWidth === null]);

  // Near the oldest candle: ask for older ones (again whenever the history's start or the view moves).
  const onReachStartRef = useRef(onReachStart);
  onReachStartRef.current = onReachStart;
  const oldestTime = (candles[0] as Candle).time;
  useLayoutEffect(() => {
    if (measured && first < REACH_START_CANDLES) onReachStartRef.current?.();
  }, [measured, first, oldestTime]);

  // Another pair or interval: the legend's values take the widths of its own prices again.
  useLayoutEffect(() => {
    if (crosshair.legend) crosshair.legend.widths = {};
  }, [crosshair, resetKey]);
  const onMarkerClickRef = useRef(onMarkerClick);
  const onTradeClickRef = useRef(onTradeClick);
  useLayoutEffect(() => {
    onMarkerClickRef.current = onMarkerClick;
    onTradeClickRef.current = onTradeClick;
    crosshair.state = {
      series,
      window: candleWindow,
      frame,
      priceRange,
      bucketMs,
      formatPrice,
      axisLabel: model.axisLabel,
      timeZone,
    };
    crosshair.slider = surfaceRef.current;
    const legendRoot = legendRef.current;
    if (legendRoot && crosshair.legend?.root !== legendRoot) {
      const fields: Partial<Record<LegendField, HTMLElement>> = {};
      legendRoot.querySelectorAll<HTMLElement>('[data-field]').forEach((node) => {
        fields[node.dataset.field as LegendField] = node;
      });
      crosshair.legend = { root: legendRoot, fields, widths: {} };
    }
    const [root, vertical, horizontal, priceTag, timeTag] = [
      crosshairRef.current,
      verticalRef.current,
      horizontalRef.current,
      priceTagRef.current,
      timeTagRef.current,
    ];
    crosshair.elements =
      root && vertical && horizontal && priceTag && timeTag ? { root, vertical, horizontal, priceTag, timeTag } : null;
    crosshair.refresh();
  });
  useLayoutEffect(() => () => crosshair.dispose(), [crosshair]);
  const handleMarkerClick = useCallback((marker: ChartMarker) => onMarkerClickRef.current?.(marker), []);
  const handleTradeClick = useCallback((trade: TradeMarker) => onTradeClickRef.current?.(trade), []);
  const { onKeyDown, onBlur, goToLatest } = useChartInteractions({
    surfaceRef,
    crosshair,
    model,
    viewport,
    baseMs,
    setViewport,
  });

  return (
    <>
      <ChartHeader title={title}>
        {onIndicatorsChange && <IndicatorsMenu value={indicators} onChange={onIndicatorsChange} />}
        {onPriceScaleChange && <ScaleSwitch value={priceScale} onChange={onPriceScaleChange} />}
        {bucketMs !== baseMs && (
          <span className={styles.badge} title="Zoomed out: candles combined into coarser ones">
            {formatIntervalMs(bucketMs)} candles
          </span>
        )}
        <CandleLegend ref={legendRef} />
        <OverlayLegend indicators={indicators} />
        {status}
        <FullscreenButton surfaceRef={surfaceRef} />
      </ChartHeader>
      <div ref={area.ref} className={styles.plot} data-slot="chart-plot">
        {/*
          The plot is a slider over the candles on screen: arrow keys, Home and End move the
          crosshair, and its value text (the candle's OHLCV) is what screen readers announce.
          The value attributes are kept up to date by the crosshair, not by React.
        */}
        <div
          ref={surfaceRef}
          role="slider"
          tabIndex={0}
          aria-label="Crosshair"
          aria-describedby={helpId}
          aria-valuemin={first}
          aria-valuemax={last}
          aria-valuenow={last}
          data-slot="chart-surface"
          data-candles={settledVisible.length + (formingVisible ? 1 : 0)}
          className={styles.surface}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          {measured && (
            <svg className={styles.svg} width={frame.width} height={frame.height} aria-hidden="true" focusable="false">
              <AxesLayer
                frame={frame}
                xDomain={model.xDomain}
                priceRange={priceRange}
                timeTicks={model.timeTicks}
                priceTicks={model.priceTicks}
                coveredTicks={coveredTicks}
                formatPrice={model.axisLabel}
              />
              <SettledLayer candles={settledVisible} firstIndex={first} pane={model.pane} />
              <OverlayLayer
                overlays={studies.overlays}
                offset={studies.offset}
                first={first}
                last={last}
                pane={model.pane}
              />
              <FormingLayer
                candle={series.forming}
                index={series.settled.length}
                visible={formingVisible}
                tagHeight={PRICE_TAG_PX}
                formatPrice={model.axisLabel}
                pane={model.pane}
              />
              {/* Over every candle, the forming one too: a line's label near the axis is never drawn across. */}
              <PriceLineLayer
                items={priceLineLayout}
                tagTops={priceTagTops}
                frame={frame}
                tagHeight={PRICE_TAG_PX}
                formatPrice={formatPrice}
              />
            </svg>
          )}
        </div>
        <div ref={crosshairRef} className={styles.crosshair} data-state="hidden" aria-hidden="true">
          <div ref={verticalRef} className={styles.crosshairVertical} />
          <div ref={horizontalRef} className={styles.crosshairHorizontal} />
          <div ref={priceTagRef} className={styles.crosshairTag} />
          <div ref={timeTagRef} className={styles.crosshairTag} />
        </div>
        {measured && (
          <span
            className={styles.zoneLabel}
            data-slot="time-zone"
            style={{ left: frame.plotRight, top: frame.volumeBottom, width: frame.width - frame.plotRight }}
            title="Times on this chart are in this zone"
          >
            {zoneLabel}
          </span>
        )}
        {measured && (
          <TradeLayer
            items={tradeLayout}
            formatPrice={formatPrice}
            timeZone={timeZone}
            onTradeClick={handleTradeClick}
          />
        )}
        {measured && (
          <MarkerLayer
            items={markerLayout}
            formatPrice={formatPrice}
            timeZone={timeZone}
            selectedId={selectedMarkerId}
            onMarkerClick={handleMarkerClick}
          />
        )}
        {measured && (
          <PriceAxisHandle
            stretch={priceStretch}
            onStretch={onStretch}
            style={{
              left: frame.plotRight,
              top: frame.priceTop,
              width: frame.width - frame.plotRight,
              height: frame.priceBottom - frame.priceTop,
            }}
          />
        )}
        {measured && (
          <PaneSeparator
            label="Resize the volume pane"
            value={Math.round(sizes.volume * 100)}
            min={Math.round(MIN_VOLUME_SHARE * 100)}
            max={Math.round(MAX_VOLUME_SHARE * 100)}
            step={2}
            valueText={`${Math.round(sizes.volume * 100)}% of the plot`}
            valueAt={(clientY) => {
              const top = area.ref.current?.getBoundingClientRect().top ?? 0;
              return ((frame.volumeBottom - (clientY - top)) / (frame.volumeBottom - frame.priceTop)) * 100;
            }}
            onChange={(percent) => resizePane('volume', percent / 100)}
            style={{ top: frame.volumeTop - 7, width: frame.plotRight }}
          />
        )}
        {measured && viewport.endTime !== null && (
          <Button
            variant="secondary"
            size="sm"
            className={styles.goToLatest}
            style={{ right: frame.width - frame.plotRight + 8, top: frame.priceBottom - 40 }}
            onClick={goToLatest}
          >
            Go to latest
            <ChevronsRightIcon size={14} />
          </Button>
        )}
      </div>
      {measured && (
        <IndicatorPanes
          studies={studies}
          heights={sizes}
          onResize={resizePane}
          width={frame.width}
          plotRight={frame.plotRight}
          xDomain={model.xDomain}
          first={first}
          last={last}
        />
      )}
      <p id={helpId} className={visuallyHidden}>
        Left and right arrow keys move the crosshair between candles, Home and End jump to the first and last candle on
        screen, plus and minus zoom, Escape hides the crosshair.
      </p>
    </>
  );
}

/**
 * The OHLCV legend's labels and empty values: the crosshair writes the values (see `writeLegend`), so
 * React renders this once, not on every tick.
 */
const CandleLegend = memo(
  forwardRef<HTMLDivElement>(function CandleLegend(_props, ref) {
    return (
      <div ref={ref} role="group" aria-label="Candle values" className={styles.legend} data-slot="chart-legend">
        {/* The spaces between items are for screen readers; the gap lays them out. */}
        <span className={styles.legendItem} data-field="time" />{' '}
        {LEGEND_FIELDS.map(([field, short, long]) => (
          <Fragment key={field}>
            <span className={styles.legendItem}>
              <abbr title={long} className={styles.abbr}>
                {short}
              </abbr>{' '}
              <span className={styles.legendValue} data-field={field} />
            </span>{' '}
          </Fragment>
        ))}
        <span className={styles.legendItem}>
          <span className={styles.legendValue} data-field="change" /> <span className={styles.abbr}>from open</span>
        </span>
      </div>
    );
  }),
);

/**
 * The key to the lines over the price: a sample of each line (its colour and dash) beside its name. Without it, four
 * overlays on one pane were told apart only by remembering which colour the menu gave which.
 */
const OverlayLegend = memo(function OverlayLegend({ indicators }: { indicators: ChartIndicators }) {
  const key = overlayKey(indicators);
  if (key.length === 0) return null;
  return (
    <ul aria-label="Lines on the price" className={styles.overlayLegend} data-slot="chart-overlay-legend">
      {key.map(({ kind, name }) => (
        <li key={kind} className={styles.overlayLegendItem}>
          <svg className={styles.overlaySample} viewBox="0 0 16 6" aria-hidden="true">
            <line x1={0} y1={3} x2={16} y2={3} className={styles.indicatorLine} data-indicator={kind} />
          </svg>
          {name}
        </li>
      ))}
    </ul>
  );
});

/**
 * Shows the whole chart full screen (the Fullscreen API) and back; Escape also leaves full screen.
 * Left out where the browser cannot show an element full screen. Memoised: nothing a tick changes reaches it.
 */
const FullscreenButton = memo(function FullscreenButton({
  surfaceRef,
}: {
  surfaceRef: RefObject<HTMLDivElement | null>;
}) {
  const [full, setFull] = useState(false);
  const [supported, setSupported] = useState(false);
  useLayoutEffect(() => {
    setSupported(typeof document !== 'undefined' && document.fullscreenEnabled === true);
    const onChange = () => {
      const root = surfaceRef.current?.closest('[data-slot="candlestick-chart"]');
      setFull(root !== null && root !== undefined && document.fullscreenElement === root);
    };
    // Browsers leave full screen on Escape themselves; this covers those that hand the key to the page
    // (headless ones, some embedded views), unless something in the chart claimed it (a menu, the crosshair).
    const onKeyDown = (event: KeyboardEvent) => {
      const root = surfaceRef.current?.closest('[data-slot="candlestick-chart"]');
      if (event.key === 'Escape' && !event.defaultPrevented && root && document.fullscreenElement === root) {
        void document.exitFullscreen();
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [surfaceRef]);
  if (!supported) return null;
  const toggle = () => {
    const root = surfaceRef.current?.closest<HTMLElement>('[data-slot="candlestick-chart"]');
    if (!root) return;
    if (document.fullscreenElement === root) void document.exitFullscreen();
    else void root.requestFullscreen().catch(() => undefined);
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      className={styles.fullscreenButton}
      data-slot="fullscreen-button"
      onClick={toggle}
    >
      {full ? 'Exit full screen' : 'Full screen'}
    </Button>
  );
});

/** Each scale's button text, and its name where the text is a symbol. */
const SCALES: [PriceScaleMode, string, string | undefined][] = [
  ['linear', 'Linear', undefined],
  ['log', 'Log', undefined],
  ['percent', '%', 'Percent'],
];

/** Linear, log or percent price axis: three toggle buttons, the chosen one pressed. */
function ScaleSwitch({ value, onChange }: { value: PriceScaleMode; onChange: (next: PriceScaleMode) => void }) {
  return (
    <div role="group" aria-label="Price scale type" className={styles.scaleSwitch} data-slot="scale-switch">
      {SCALES.map(([mode, short, long]) => (
        <Button
          key={mode}
          variant={mode === value ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={mode === value}
          aria-label={long}
          title={`${long ?? short} price scale`}
          onClick={() => onChange(mode)}
        >
          {short}
        </Button>
      ))}
    </div>
  );
}
