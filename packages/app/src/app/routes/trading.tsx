import { Badge, CandlestickChart } from 'dashboard-kit';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { DEFAULT_INTERVAL, paths } from '../../config/paths';
import { useCandles } from '../../features/market/api/get-candles';
import { useMarkets } from '../../features/market/api/get-markets';
import { authState } from '../../features/auth/store';
import { useChartSettings } from '../../features/market/chart-settings';
import { IntervalSwitcher } from '../../features/market/components/interval-switcher';
import { PairSummary } from '../../features/market/components/pair-summary';
import { priceChange } from '../../features/market/format';
import { chartInterval, pairSymbol } from '../../features/market/pair-symbol';
import type { Candle } from '@signaldeck/server/api-types';
import { INTERVAL_MS, KNOWN_INTERVALS, KNOWN_SYMBOLS } from '../../features/market/types';
import { useTimeZone } from '../../features/preferences/time-zone';
import { shownText } from '../../lib/shown-text';
import { usePositions } from '../../features/paper/api/positions';
import { strategyNames, useStrategies } from '../../features/paper/api/strategies';
import { useTrades } from '../../features/paper/api/trades';
import { fillSignalId, positionPriceLines, tradeMarkers } from '../../features/paper/chart-overlays';
import { useSignalsInRange } from '../../features/signals/api/get-signals-in-range';
import { signalsToMarkers } from '../../features/signals/markers';
import { errorMessage } from '../../lib/http';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useStreamEvent } from '../../lib/live-stream-context';
import { NotFound } from './not-found';
import * as styles from './trading.css';

/** The 24-hour change comes from hourly candles, whatever interval the chart shows. */
const DAY_OF_HOURS = 24;
/** A deep link to a time before the latest history loads the candles around it: this many after it. */
const CANDLES_AFTER_FOCUS = 150;
const NO_CANDLES: readonly Candle[] = [];

/** `?at=<ms>`: a time to open the chart at (a signal's, from "Show on chart"), or null. */
function readTime(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** The close of the candle holding `time`, or undefined before the history. */
function closeAt(candles: readonly Candle[], time: number): number | undefined {
  let low = 0;
  let high = candles.length - 1;
  let found: Candle | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const candle = candles[mid] as Candle;
    if (candle.time <= time) {
      found = candle;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found?.close;
}

/** /trading/{symbol}/{interval}: the pair's live chart with its signals as markers. */
export function TradingRoute() {
  const params = useParams();
  const markets = useMarkets();
  const symbols: readonly string[] = markets.data?.data.map((m) => m.symbol) ?? KNOWN_SYMBOLS;
  // "btc", "BTCUSD" or "BINANCE:BTCUSDT" open BTC's page (its address says "BTC"); anything else is kept as asked.
  const symbol = pairSymbol(params.symbol ?? '', symbols);
  const intervals: readonly string[] = markets.data?.intervals ?? KNOWN_INTERVALS;
  // "1H", or TradingView's "60" and "D", open the 1h or 1d chart.
  const interval = chartInterval(params.interval ?? '', intervals);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const focusTime = readTime(search.get('at'));
  const selectedSignal = search.get('signal');
  const timeZone = useTimeZone();
  const userId = useSnapshot(authState).user?.id;
  const [chartSettings, setChartSettings] = useChartSettings(userId, symbol);
  const valid = symbols.includes(symbol) && intervals.includes(interval);

  // A time older than the latest history opens a past view that ends a little after it.
  const intervalMs = INTERVAL_MS[interval] ?? INTERVAL_MS['1m']!;
  const focusEnd = focusTime === null ? null : focusTime + CANDLES_AFTER_FOCUS * intervalMs;
  const before = focusEnd !== null && focusEnd < Date.now() ? focusEnd : undefined;
  const candles = useCandles(valid ? symbol : null, interval, { before });
  const daily = useCandles(valid ? symbol : null, '1h', { limit: DAY_OF_HOURS + 1 });
  const history = candles.candles ?? NO_CANDLES;
  const signals = useSignalsInRange(valid ? symbol : null, history[0]?.time ?? null);
  // The paper account on the chart: open positions' entry, stop and target, and every trade's fills.
  const strategies = useStrategies();
  const positions = usePositions(null);
  const trades = useTrades({ symbol: valid ? symbol : null });

  useStreamEvent('candle', (event) => {
    candles.applyEvent(event);
    daily.applyEvent(event);
  });
  useStreamEvent('signal', signals.applyEvent);
  useStreamEvent(RECONNECTED_EVENT, () => {
    void candles.mutate();
    void daily.mutate();
    void signals.mutate();
    void trades.mutate();
  });
  useStreamEvent('trade', () => void trades.mutate());
  useStreamEvent('position', () => void trades.mutate());

  // The market price at a signal's time comes from the loaded history (not redone on every tick).
  const loaded = candles.loaded;
  const markers = useMemo(
    () => signalsToMarkers(signals.signals ?? [], (time) => (loaded ? closeAt(loaded, time) : undefined)),
    [signals.signals, loaded],
  );
  const names = useMemo(() => strategyNames(strategies.data), [strategies.data]);
  const priceLines = useMemo(
    () =>
      positionPriceLines(
        (positions.data?.data ?? []).filter((p) => p.symbol === symbol),
        names,
      ),
    [positions.data, symbol, names],
  );
  const oldest = history[0]?.time ?? null;
  const fills = useMemo(
    () => tradeMarkers(valid ? trades.trades : [], oldest, names),
    [valid, trades.trades, oldest, names],
  );
  const change = priceChange((daily.candles ?? []).slice(-DAY_OF_HOURS));

  // The interval shown is remembered for the pair: a link to the pair alone opens it next time.
  useEffect(() => {
    if (valid && chartSettings.interval !== interval) setChartSettings({ ...chartSettings, interval });
  }, [valid, interval, chartSettings, setChartSettings]);

  if ((params.symbol && params.symbol !== symbol) || (params.interval && params.interval !== interval)) {
    // The time and signal asked for go along.
    return <Navigate to={`${paths.trading(symbol, interval)}${search.size > 0 ? `?${search}` : ''}`} replace />;
  }
  if (!symbols.includes(symbol)) {
    return (
      <NotFound
        title="Unknown pair"
        description={`SignalDeck has no market called "${shownText(params.symbol ?? '')}". Choose BTC/USD, ETH/USD or SOL/USD.`}
      />
    );
  }
  if (!intervals.includes(interval)) {
    return (
      <NotFound
        title="Unknown interval"
        description={`"${shownText(interval)}" is not a chart interval. Choose one of ${intervals.join(', ')}.`}
        back={{
          to: paths.trading(symbol, DEFAULT_INTERVAL),
          label: `Go to the ${symbol}/USD ${DEFAULT_INTERVAL} chart`,
        }}
      />
    );
  }

  const name = markets.data?.data.find((m) => m.symbol === symbol)?.name;
  return (
    <>
      <PageHeader
        title={`${symbol}/USD`}
        description={name ? `${name} · ${interval} candles` : `${interval} candles`}
        actions={
          <>
            {markets.data?.source === 'demo' && (
              <Badge variant="warning" title="Prices come from SignalDeck’s built-in simulator, not an exchange.">
                Simulated data
              </Badge>
            )}
            <IntervalSwitcher symbol={symbol} interval={interval} intervals={intervals} />
          </>
        }
      />
      <PairSummary
        change={change}
        caption="24h change"
        error={daily.error ? errorMessage(daily.error) : null}
        onRetry={() => void daily.mutate()}
      />
      <div className={styles.chart}>
        <CandlestickChart
          symbol={`${symbol}/USD`}
          interval={interval}
          candles={history}
          markers={markers}
          priceLines={priceLines}
          trades={fills}
          timeZone={timeZone}
          focusTime={focusTime}
          selectedMarkerId={selectedSignal}
          loading={candles.isLoading}
          error={candles.error ? errorMessage(candles.error) : null}
          onRetry={() => void candles.mutate()}
          onMarkerClick={(marker) => navigate(`${paths.signals(symbol)}&selected=${encodeURIComponent(marker.id)}`)}
          onTradeClick={(fill) => {
            const signal = fillSignalId(trades.trades, fill);
            if (signal) navigate(`${paths.signals(symbol)}&selected=${encodeURIComponent(signal)}`);
          }}
          indicators={chartSettings.indicators}
          onIndicatorsChange={(indicators) => setChartSettings({ ...chartSettings, indicators })}
          paneSizes={chartSettings.paneSizes}
          onPaneSizesChange={(paneSizes) => setChartSettings({ ...chartSettings, paneSizes })}
          priceScale={chartSettings.priceScale}
          onPriceScaleChange={(priceScale) => setChartSettings({ ...chartSettings, priceScale })}
          onReachStart={candles.loadOlder}
          height="100%"
        />
      </div>
    </>
  );
}
