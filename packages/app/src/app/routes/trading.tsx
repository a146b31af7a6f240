import { Badge, CandlestickChart } from 'dashboard-kit';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCandles } from '../../features/market/api/get-candles';
import { useMarkets } from '../../features/market/api/get-markets';
import { IntervalSwitcher } from '../../features/market/components/interval-switcher';
import { PairSummary } from '../../features/market/components/pair-summary';
import { priceChange } from '../../features/market/format';
import { KNOWN_INTERVALS, KNOWN_SYMBOLS } from '../../features/market/types';
import { useSignals } from '../../features/signals/api/get-signals';
import { signalsToMarkers } from '../../features/signals/markers';
import { errorMessage } from '../../lib/http';
import { RECONNECTED_EVENT } from '../../lib/live-stream';
import { useStreamEvent } from '../../lib/live-stream-context';
import { NotFound } from './not-found';
import * as styles from './trading.css';

/** The 24-hour change comes from hourly candles, whatever interval the chart shows. */
const DAY_OF_HOURS = 24;

/** /trading/{symbol}/{interval}: the pair's live chart with its signals as markers. */
export function TradingRoute() {
  const params = useParams();
  const symbol = (params.symbol ?? '').toUpperCase();
  const interval = params.interval ?? '';
  const navigate = useNavigate();
  const markets = useMarkets();

  const symbols: readonly string[] = markets.data?.data.map((m) => m.symbol) ?? KNOWN_SYMBOLS;
  const intervals: readonly string[] = markets.data?.intervals ?? KNOWN_INTERVALS;
  const valid = symbols.includes(symbol) && intervals.includes(interval);

  const candles = useCandles(valid ? symbol : null, interval);
  const daily = useCandles(valid ? symbol : null, '1h', DAY_OF_HOURS + 1);
  const signals = useSignals({ ticker: valid ? symbol : null });

  useStreamEvent('candle', (event) => {
    candles.applyEvent(event);
    daily.applyEvent(event);
  });
  useStreamEvent('signal', signals.applyEvent);
  useStreamEvent(RECONNECTED_EVENT, () => {
    void candles.mutate();
    void daily.mutate();
    void signals.mutate();
  });

  const markers = useMemo(() => signalsToMarkers(signals.signals), [signals.signals]);
  const change = priceChange((daily.data?.candles ?? []).slice(-DAY_OF_HOURS));

  if (params.symbol && params.symbol !== symbol) return <Navigate to={paths.trading(symbol, interval)} replace />;
  if (!symbols.includes(symbol)) {
    return (
      <NotFound
        title="Unknown pair"
        description={`SignalDeck has no market called "${params.symbol ?? ''}". Choose BTC/USD, ETH/USD or SOL/USD.`}
      />
    );
  }
  if (!intervals.includes(interval)) {
    return (
      <NotFound
        title="Unknown interval"
        description={`"${interval}" is not a chart interval. Choose one of ${intervals.join(', ')}.`}
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
      <PairSummary change={change} caption="24h change" />
      <div className={styles.chart}>
        <CandlestickChart
          symbol={`${symbol}/USD`}
          interval={interval}
          candles={candles.data?.candles ?? []}
          markers={markers}
          loading={candles.isLoading}
          error={candles.error ? errorMessage(candles.error) : null}
          onRetry={() => void candles.mutate()}
          onMarkerClick={(marker) => navigate(`${paths.signals(symbol)}&selected=${encodeURIComponent(marker.id)}`)}
        />
      </div>
    </>
  );
}
